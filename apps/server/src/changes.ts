import type { Database, DbHandle, Transaction } from './db/client.js';
import { parseChange, publishChange, type Change } from './db/change-feed.js';
import { refreshPlaceKeys } from './db/place-keys.js';
import { refreshTripCells } from './db/trip-cells.js';
import { pgListenClient, startChangeListener, type ChangeListener } from './db/change-listener.js';

/**
 * The one home of "a write changed something a cache holds" (decisions 0009, 0027). Every cache any process keeps
 * is listed in `Caches`, and `drop` says, for each kind of change, which of them go: the writer's own process calls
 * it right after its commit (`afterCommit`), every other process when the notification arrives (`receive`). A
 * writer publishes inside its transaction (`publish`, i.e. pg_notify: sent at commit, never on rollback); the trip
 * editing transaction (edit-transaction.ts) does both for every trip edit, so no module can forget.
 *
 * The code path is the same on both drivers; only the LISTEN connection (`listen`) is PostgreSQL's. On PGlite the
 * writer is the only process (it holds the data folder) and its after-commit drop is all there is.
 */
export interface Caches {
  /** The trip view's LRU (modules/rides). */
  rides: { invalidateTrip(rideId: number): void; invalidateAllTrips(): void };
  /** Search answers and home trips (modules/search): all, or those reading these geo_cells (and those reading all). */
  search: { invalidate(): void; invalidateCells(cells: readonly number[]): void };
  /** Sub-domain themes (modules/themes). */
  themes: { invalidate(): void };
  /** Signed-in users' current role and token version (modules/accounts/session-check.ts). */
  sessions: { forget(userId: number): void; forgetAll(): void };
  /**
   * The trips' live streams (modules/trip-events, decision 0064): told after the trip view's cache is dropped, so the
   * access they check again reads the new facts; everything, when changes may have been missed (a reconnect).
   */
  live?: { tripChanged(rideId: number): void; everythingChanged(): void };
}

export interface Changes {
  /** Inside the writing transaction: tells every process (delivered at commit). */
  publish(tx: Transaction, ...changes: Change[]): Promise<void>;
  /**
   * Right after the commit: drops what the changes make stale in this process, at once. Every other process drops
   * them when the notification arrives, and catches up before it answers a request (`catchUp`), so the next request,
   * to any process, sees the write.
   */
  afterCommit(...changes: Change[]): Promise<void>;
  /**
   * For a write that ran in no transaction of the caller's: publishes in a statement of its own (the write has
   * committed) and drops this process's caches. Prefer `publish` inside the transaction: nothing is lost between.
   */
  committed(db: Database, ...changes: Change[]): Promise<void>;
  /**
   * Settles once every change committed before the call has been dropped in this process (a round trip on the LISTEN
   * connection, shared by the requests that arrive meanwhile; decision 0027). Every request awaits it before it reads
   * anything cached. Bounded (CATCH_UP_MS: a starved database answers from the caches rather than not at all); at once
   * on PGlite, where the writer is the only process.
   */
  catchUp(): Promise<void>;
  /**
   * Whether what the caches hold is known to be current: on PostgreSQL, the change feed is listening and the database
   * is reachable (PGlite: always). While not, a notification may have been missed: `catchUp` drops the caches that
   * would answer from memory on every request, and the trip view reads a trip again, serving the copy it holds only
   * when the database cannot answer (decision 0051).
   */
  cachesConfirmed(): boolean;
  /** A payload from the channel: its change dropped, or everything when it is not a change this process knows. */
  receive(payload: string): void;
  /** Every cache of this process. */
  dropAll(): void;
  /**
   * PostgreSQL: LISTENs on a dedicated connection (dropping everything on each (re)connect), also on `channels`
   * (each with its handler). PGlite: nothing.
   */
  listen(
    db: DbHandle,
    log: ListenLog,
    channels?: Record<string, (payload: string) => void>,
  ): ChangeListener | null;
}

type ListenLog = { warn(obj: object, msg: string): void; info(obj: object, msg: string): void };

/** The longest a request waits for this process to catch up with the change feed. */
const CATCH_UP_MS = 1_000;

const changedTrips = (changes: Change[]) => changes.flatMap((c) => (c.kind === 'ride' ? [c.rideId] : []));
const changedAttractions = (changes: Change[]) =>
  changes.flatMap((c) => (c.kind === 'attraction' ? [c.attractionId] : []));

export function createChanges(caches: Caches): Changes {
  const dropAll = () => {
    caches.rides.invalidateAllTrips();
    caches.search.invalidate();
    caches.themes.invalidate();
    caches.sessions.forgetAll();
    caches.live?.everythingChanged();
  };

  const drop = (change: Change): void => {
    switch (change.kind) {
      case 'ride':
        caches.rides.invalidateTrip(change.rideId);
        // The answers that read everything (and hotels); those around a point go with the trip's `search-cells`.
        caches.search.invalidateCells([]);
        caches.live?.tripChanged(change.rideId);
        return;
      case 'attraction':
        // Its trips come as `ride` changes (and their cells); here the places and searches that list attractions by themselves.
        caches.search.invalidateCells([]);
        return;
      case 'search-cells':
        caches.search.invalidateCells(change.cells);
        return;
      case 'user':
        caches.sessions.forget(change.userId);
        return;
      case 'themes':
        caches.themes.invalidate();
        return;
      case 'categories':
        // Attractions may have lost their category: every trip showing one, and the searches.
        caches.rides.invalidateAllTrips();
        caches.search.invalidate();
        return;
      case 'all':
        dropAll();
        return;
      default:
        // A kind added to the union without a rule here: the type check stops it; at run time, drop everything.
        change satisfies never;
        dropAll();
    }
  };

  /**
   * The derived data of what changed, refreshed in the writer's transaction (decision 0013): our places' search keys
   * (db/place-keys.ts; nothing cached, every process reads them) and the map summary of every trip changed
   * (db/trip-cells.ts), with the cells it touched as a change of their own: dropped here at once (a search loading meanwhile is not
   * stored; on PGlite a new one waits for the commit), and in every process, this one included, at the commit.
   */
  const refreshDerived = async (q: Database | Transaction, changes: Change[]): Promise<Change[]> => {
    await refreshPlaceKeys(q, { rideIds: changedTrips(changes), attractionIds: changedAttractions(changes) });
    const cells = await refreshTripCells(q, changedTrips(changes));
    if (cells.length === 0) return [];
    caches.search.invalidateCells(cells);
    return [{ kind: 'search-cells', cells }];
  };

  let listener: ChangeListener | null = null;
  let databaseUp: () => boolean = () => true;
  const cachesConfirmed = () => listener === null || (listener.listening && databaseUp());
  const afterCommit = async (...changes: Change[]) => {
    for (const change of changes) drop(change);
  };

  const catchUp = async () => {
    if (!cachesConfirmed()) {
      // Nothing they hold is known to be current: the searches and themes are read again (the trip view reloads by
      // itself and keeps its copies for when the database cannot answer; the sessions' TTL bounds theirs).
      caches.search.invalidate();
      caches.themes.invalidate();
      return;
    }
    if (!listener) return;
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([
      listener.sync(),
      new Promise<void>((resolve) => (timer = setTimeout(resolve, CATCH_UP_MS))),
    ]);
    clearTimeout(timer);
  };

  const receive = (payload: string) => {
    const change = parseChange(payload);
    if (change) drop(change);
    else dropAll();
  };

  return {
    async publish(tx, ...changes) {
      await publishChange(tx, ...changes, ...(await refreshDerived(tx, changes)));
    },
    afterCommit,
    catchUp,
    cachesConfirmed,
    async committed(db, ...changes) {
      await publishChange(db, ...changes, ...(await refreshDerived(db, changes)));
      await afterCommit(...changes);
    },
    receive,
    dropAll,
    listen(db, log, channels) {
      if (db.kind !== 'postgres') return null;
      if (!db.raw.options.connectionString)
        throw new Error('the change feed needs the PostgreSQL address the pool was opened with');
      databaseUp = () => db.availability.state === 'up';
      listener = startChangeListener({
        // The pool's own settings: its address, application_name, connect timeout (decision 0051).
        createClient: pgListenClient(db.raw.options),
        onPayload: receive,
        onConnected: dropAll,
        channels,
        log,
        // Back within a second of the database: until then every trip read goes to the database (0051).
        maxDelayMs: 1_000,
      });
      return listener;
    },
  };
}
