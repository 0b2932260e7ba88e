import { randomBytes } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import type { FastifyBaseLogger } from 'fastify';
import {
  LIVE_HEARTBEAT_MS,
  PRESENCE_TTL_MS,
  STREAMS_PER_ADDRESS_MAX,
  STREAMS_PER_USER_MAX,
  type TripLiveChange,
  type TripPresence,
} from '@rides/contract';
import type { Database } from '../../db/client.js';
import { AppError, tooManyRequests } from '../../lib/errors.js';
import type { TripViewer } from '../access/trip-access.policy.js';
import type { TripLiveDecision } from '../access/trip-live.policy.js';
import {
  publishPresence,
  tripEventsSince,
  tripVersion,
  userNames,
  type TripEventRow,
} from './trip-events.repository.js';

/**
 * The trips' live streams and presence (issue 33 point 2, decision 0064). One per process.
 *
 * Fan-out: every change of a trip publishes `{ kind: 'ride' }` on the change feed; changes.ts calls `tripChanged`
 * after dropping the trip's cached view, on the writer's process right after its commit and on every other process
 * when the notification arrives. A trip with listeners here is read once per burst (changes arriving while its read
 * is on the way wait for the next one): the rows of trip_events after the oldest version its listeners have, sent
 * to each listener as `change` events (id: the version). Before anything is sent the view policy is asked again
 * for every listener (cached facts, just dropped when the change was a change of them): a listener who may no
 * longer view the trip gets `revoked` and the stream ends. The same check runs every RECHECK_MS.
 *
 * Presence: who (signed in) has the trip open and which day they look at, kept by every process in memory: a
 * page's heartbeat (`presence`) or its stream's opening sets it here and tells the other processes on the presence
 * channel (PostgreSQL); an entry goes PRESENCE_TTL_MS after its last heartbeat, or when the user's last stream on
 * this process ends. Each change is sent to the trip's listeners who may see presence, within PRESENCE_DEBOUNCE_MS.
 */
export interface TripEventsOptions {
  db: Database;
  /** The view policy's answer for the stream, on the trips service's cached facts (null: no such trip). */
  decide: (rideId: number, viewer: TripViewer) => Promise<TripLiveDecision | null>;
  log: FastifyBaseLogger;
  /** Presence goes to the other processes through pg_notify (PostgreSQL); PGlite has one process. */
  shared: boolean;
  now?: () => number;
  /** Test knobs. */
  heartbeatMs?: number;
  recheckMs?: number;
  presenceTtlMs?: number;
}

/** How many missed changes a reconnecting page is sent; one further behind is told to reload. */
export const REPLAY_MAX = 500;
/** A listener whose socket holds this much unsent is too slow: told to reload, and its stream ends. */
const MAX_BUFFERED_BYTES = 256 * 1024;
const RECHECK_MS = 15_000;
const TICK_MS = 1_000;
const PRESENCE_DEBOUNCE_MS = 100;
const NAME_TTL_MS = 60_000;

interface Listener {
  rideId: number;
  viewer: TripViewer;
  address: string;
  res: ServerResponse;
  lastSent: number;
  presence: boolean;
  hideDays: boolean;
  lastWrite: number;
  lastCheck: number;
  closed: boolean;
}

interface PresenceEntry {
  name: string;
  day: string | null;
  expires: number;
}

interface PresenceMessage {
  /** The process that sent it (its own are applied already). */
  o: string;
  r: number;
  u: number;
  /** Name and day; absent: the user left. */
  n?: string;
  d?: string | null;
}

export interface OpenStream {
  rideId: number;
  viewer: TripViewer;
  address: string;
  lastEventId: number | undefined;
}

export function createTripEvents(opts: TripEventsOptions) {
  const now = opts.now ?? Date.now;
  const heartbeatMs = opts.heartbeatMs ?? LIVE_HEARTBEAT_MS;
  const recheckMs = opts.recheckMs ?? RECHECK_MS;
  const presenceTtl = opts.presenceTtlMs ?? PRESENCE_TTL_MS;
  const origin = randomBytes(8).toString('hex');

  const byRide = new Map<number, Set<Listener>>();
  const perUser = new Map<number, number>();
  const perAddress = new Map<string, number>();
  const presence = new Map<number, Map<number, PresenceEntry>>();
  const presenceDue = new Map<number, NodeJS.Timeout>();
  const names = new Map<number, { name: string; at: number }>();
  let closing = false;

  const count = <K>(map: Map<K, number>, key: K, by: number) => {
    const n = (map.get(key) ?? 0) + by;
    if (n <= 0) map.delete(key);
    else map.set(key, n);
  };

  // ---- writing to a stream

  const frame = (event: string, data: unknown, id?: number) =>
    `${id === undefined ? '' : `id: ${id}\n`}event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;

  const detach = (l: Listener) => {
    if (l.closed) return;
    l.closed = true;
    const set = byRide.get(l.rideId);
    set?.delete(l);
    if (set?.size === 0) byRide.delete(l.rideId);
    if (l.viewer) count(perUser, l.viewer.id, -1);
    else count(perAddress, l.address, -1);
    const userId = l.viewer?.id;
    if (l.presence && userId !== undefined && ![...(set ?? [])].some((o) => o.viewer?.id === userId))
      leave(l.rideId, userId);
  };

  const end = (l: Listener, last?: string) => {
    if (l.closed) return;
    detach(l);
    if (last) l.res.write(last);
    l.res.end();
  };

  /** Writes to the stream; a socket that cannot keep up is told to reload and dropped (it reconnects, fresh). */
  const send = (l: Listener, text: string) => {
    if (l.closed) return;
    if (l.res.writableLength > MAX_BUFFERED_BYTES) {
      end(l, frame('reload', { reason: 'slow' }));
      return;
    }
    l.res.write(text);
    l.lastWrite = now();
  };

  const revoke = (l: Listener) => end(l, frame('revoked', {}));

  const eventOf = (row: TripEventRow, hideDays: boolean): TripLiveChange => {
    let target = row.target;
    if (hideDays && 'days' in target) {
      const { days: _days, ...rest } = target;
      target = rest;
    }
    return {
      id: row.version,
      version: row.version,
      type: row.type,
      target,
      userId: row.userId,
      ...(row.userName ? { userName: row.userName } : {}),
    };
  };

  /** Asks the view policy again; false (and the stream ended with `revoked`) when the listener may no longer view. */
  const recheck = async (l: Listener): Promise<boolean> => {
    const decision = await opts.decide(l.rideId, l.viewer);
    l.lastCheck = now();
    if (l.closed) return false;
    if (!decision?.listen) {
      revoke(l);
      return false;
    }
    const hadPresence = l.presence;
    l.presence = decision.presence;
    l.hideDays = decision.hideDays;
    if (hadPresence && !decision.presence && l.viewer) leave(l.rideId, l.viewer.id);
    return true;
  };

  // ---- fan-out of changes: one read per trip per burst

  const state = new Map<number, { running: boolean; again: boolean }>();

  const deliver = async (rideId: number) => {
    const set = byRide.get(rideId);
    if (!set) return;
    const checked = await Promise.all([...set].map(async (l) => ((await recheck(l)) ? l : null)));
    const live = checked.filter((l): l is Listener => l !== null && !l.closed);
    if (live.length === 0) return;
    const after = Math.min(...live.map((l) => l.lastSent));
    const { head, events } = await tripEventsSince(opts.db, rideId, after, REPLAY_MAX + 1);
    if (head === null) {
      for (const l of live) revoke(l);
      return;
    }
    for (const l of live) {
      if (l.closed || head === l.lastSent) continue;
      const mine = events.filter((e) => e.version > l.lastSent);
      const complete =
        head > l.lastSent &&
        mine.length > 0 &&
        mine[0]?.version === l.lastSent + 1 &&
        mine[mine.length - 1]?.version === head;
      if (!complete) {
        // Pruned, or more than a read holds, or a version this log never had: the page reads everything again.
        send(l, frame('reload', { version: head }, head));
      } else {
        send(l, mine.map((e) => frame('change', eventOf(e, l.hideDays), e.version)).join(''));
      }
      l.lastSent = head;
    }
  };

  const run = (rideId: number) => {
    const s = state.get(rideId) ?? { running: false, again: false };
    state.set(rideId, s);
    if (s.running) {
      s.again = true;
      return;
    }
    s.running = true;
    void (async () => {
      try {
        do {
          s.again = false;
          try {
            await deliver(rideId);
          } catch (err) {
            opts.log.warn({ err, rideId }, 'live events: could not read the changes');
          }
        } while (s.again && !closing);
      } finally {
        state.delete(rideId);
      }
    })();
  };

  // ---- presence

  const presenceOf = (rideId: number): TripPresence => {
    const t = now();
    const users = [...(presence.get(rideId) ?? [])]
      .filter(([, e]) => e.expires > t)
      .map(([userId, e]) => ({ userId, name: e.name, day: e.day }))
      .sort((a, b) => a.userId - b.userId);
    return { users };
  };

  const presenceChanged = (rideId: number) => {
    if (!byRide.has(rideId) || presenceDue.has(rideId)) return;
    const timer = setTimeout(() => {
      presenceDue.delete(rideId);
      const text = frame('presence', presenceOf(rideId));
      for (const l of byRide.get(rideId) ?? []) if (l.presence) send(l, text);
    }, PRESENCE_DEBOUNCE_MS);
    timer.unref();
    presenceDue.set(rideId, timer);
  };

  const tell = (message: Omit<PresenceMessage, 'o'>) => {
    if (!opts.shared) return;
    publishPresence(opts.db, JSON.stringify({ o: origin, ...message })).catch((err: unknown) =>
      opts.log.warn({ err }, 'live presence: could not tell the other processes'),
    );
  };

  /** Sets (or refreshes) the user's presence; answers whether anyone would see a difference. */
  const setPresence = (rideId: number, userId: number, name: string, day: string | null): boolean => {
    let trip = presence.get(rideId);
    if (!trip) presence.set(rideId, (trip = new Map()));
    const before = trip.get(userId);
    trip.set(userId, { name, day, expires: now() + presenceTtl });
    return !before || before.day !== day || before.name !== name || before.expires <= now();
  };

  function leave(rideId: number, userId: number) {
    const trip = presence.get(rideId);
    if (!trip?.delete(userId)) return;
    if (trip.size === 0) presence.delete(rideId);
    tell({ r: rideId, u: userId });
    presenceChanged(rideId);
  }

  const nameOf = async (userId: number): Promise<string> => {
    const known = names.get(userId);
    if (known && now() - known.at < NAME_TTL_MS) return known.name;
    const name = (await userNames(opts.db, [userId])).get(userId) ?? '';
    names.set(userId, { name, at: now() });
    return name;
  };

  const announce = async (rideId: number, userId: number, day: string | null, keepDay: boolean) => {
    const name = await nameOf(userId);
    const held = presence.get(rideId)?.get(userId);
    const shownDay = keepDay && held && held.expires > now() ? held.day : day;
    if (setPresence(rideId, userId, name, shownDay)) presenceChanged(rideId);
    tell({ r: rideId, u: userId, n: name, d: shownDay });
  };

  // ---- the clock: heartbeats, periodic checks, presence expiry

  const tick = () => {
    const t = now();
    for (const [rideId, trip] of presence) {
      let gone = false;
      for (const [userId, e] of trip)
        if (e.expires <= t) {
          trip.delete(userId);
          gone = true;
        }
      if (trip.size === 0) presence.delete(rideId);
      if (gone) presenceChanged(rideId);
    }
    for (const [rideId, set] of byRide) {
      let due = false;
      for (const l of set) {
        if (t - l.lastWrite >= heartbeatMs) send(l, ': ping\n\n');
        if (t - l.lastCheck >= recheckMs) due = true;
      }
      // The periodic check of everyone on the trip (a role lowered without an event reaching here meanwhile).
      if (due)
        for (const l of set)
          void recheck(l).catch((err: unknown) =>
            opts.log.warn({ err, rideId }, 'live events: check failed'),
          );
    }
  };
  const clock = setInterval(tick, Math.min(TICK_MS, heartbeatMs, recheckMs));
  clock.unref();

  return {
    /**
     * Checks the listener may view the trip and has a stream left, and reads what a reconnecting page missed (throws
     * the view's coded refusals); `start` then writes the stream's head and attaches it.
     */
    async open(stream: OpenStream) {
      const { rideId, viewer, address } = stream;
      const decision = await opts.decide(rideId, viewer);
      if (!decision) throw new AppError('not_found');
      if (!decision.listen) throw new AppError('user_does_not_have_permission_to_this_private_ride');
      if (closing) throw new AppError('service_unavailable');
      if (
        viewer
          ? (perUser.get(viewer.id) ?? 0) >= STREAMS_PER_USER_MAX
          : (perAddress.get(address) ?? 0) >= STREAMS_PER_ADDRESS_MAX
      )
        throw tooManyRequests(RECHECK_MS);
      const asked = stream.lastEventId;
      let head: number | null;
      let replay: TripEventRow[] = [];
      let reload = false;
      if (asked === undefined) head = await tripVersion(opts.db, rideId);
      else {
        const read = await tripEventsSince(opts.db, rideId, asked, REPLAY_MAX + 1);
        head = read.head;
        replay = read.events;
        reload =
          head !== null &&
          head !== asked &&
          (head < asked ||
            replay.length === 0 ||
            replay[0]?.version !== asked + 1 ||
            replay[replay.length - 1]?.version !== head);
      }
      if (head === null) throw new AppError('not_found');
      const version = head;
      return {
        /** Writes the stream's first lines (what was missed, or `reload`) and attaches it to the trip's fan-out. */
        start(res: ServerResponse) {
          const t = now();
          const l: Listener = {
            rideId,
            viewer,
            address,
            res,
            lastSent: version,
            presence: decision.presence,
            hideDays: decision.hideDays,
            lastWrite: t,
            lastCheck: t,
            closed: false,
          };
          if (viewer) count(perUser, viewer.id, 1);
          else count(perAddress, address, 1);
          let set = byRide.get(rideId);
          if (!set) byRide.set(rideId, (set = new Set()));
          set.add(l);
          res.on('close', () => detach(l));
          // The stream's first line says how soon EventSource should come back; then what was missed.
          const head = ['retry: 2000\n\n'];
          if (reload) head.push(frame('reload', { version }, version));
          else head.push(...replay.map((e) => frame('change', eventOf(e, l.hideDays), e.version)));
          if (l.presence) head.push(frame('presence', presenceOf(rideId)));
          send(l, head.join(''));
          // A change that committed between the read above and now was told to nobody here: read once more.
          run(rideId);
          if (l.presence && viewer)
            announce(rideId, viewer.id, null, true).catch((err: unknown) =>
              opts.log.warn({ err }, 'live presence: could not announce'),
            );
        },
      };
    },

    /** The page's heartbeat: the signed-in viewer is on the trip, looking at `day`. */
    async heartbeat(rideId: number, viewer: TripViewer, day: string | null): Promise<void> {
      if (!viewer) throw new AppError('user_is_not_authorized');
      const decision = await opts.decide(rideId, viewer);
      if (!decision) throw new AppError('not_found');
      if (!decision.listen || !decision.presence)
        throw new AppError('user_does_not_have_permission_to_this_private_ride');
      await announce(rideId, viewer.id, day, false);
    },

    /** Whether the viewer may ask for a ticket to this trip's stream (the view policy; throws its refusals). */
    async mayListen(rideId: number, viewer: TripViewer): Promise<void> {
      const decision = await opts.decide(rideId, viewer);
      if (!decision) throw new AppError('not_found');
      if (!decision.listen) throw new AppError('user_does_not_have_permission_to_this_private_ride');
    },

    /** changes.ts: the trip changed (its cached view dropped already). */
    tripChanged(rideId: number): void {
      if (byRide.has(rideId) && !closing) run(rideId);
    },

    /** changes.ts: changes may have been missed (the change feed reconnected): every trip with listeners reads again. */
    everythingChanged(): void {
      if (closing) return;
      for (const rideId of byRide.keys()) run(rideId);
    },

    /** A presence message from another process. */
    receivePresence(payload: string): void {
      let m: PresenceMessage;
      try {
        m = JSON.parse(payload) as PresenceMessage;
      } catch {
        return;
      }
      if (m.o === origin || !Number.isSafeInteger(m.r) || !Number.isSafeInteger(m.u)) return;
      if (typeof m.n !== 'string') {
        const trip = presence.get(m.r);
        if (trip?.delete(m.u)) presenceChanged(m.r);
        return;
      }
      const day = typeof m.d === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(m.d) ? m.d : null;
      if (setPresence(m.r, m.u, m.n.slice(0, 200), day)) presenceChanged(m.r);
    },

    /** Open streams now (diagnostics, the bench). */
    streams(): number {
      let n = 0;
      for (const set of byRide.values()) n += set.size;
      return n;
    },

    /** The server is closing: every stream ends (the pages reconnect, to another process). */
    close(): void {
      closing = true;
      clearInterval(clock);
      for (const timer of presenceDue.values()) clearTimeout(timer);
      presenceDue.clear();
      for (const set of [...byRide.values()]) for (const l of [...set]) end(l);
    },
  };
}

export type TripEvents = ReturnType<typeof createTripEvents>;
