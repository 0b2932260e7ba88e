import pg from 'pg';
import { CHANGES_CHANNEL } from './change-feed.js';

/**
 * The LISTEN side of the change feed (decision 0027), PostgreSQL only: one dedicated connection per process, outside
 * the pool (a pooled connection goes back to the pool and stops listening), that LISTENs on the channel and hands
 * every payload to `onPayload`. PostgreSQL delivers a notification only to a session listening at the time, so a
 * process that lost its connection may have missed some: after every (re)connect, once LISTEN is in place, it calls
 * `onConnected`, which drops every cache. A lost connection is retried with a doubling delay (capped), for ever,
 * until `close()`.
 *
 * On PGlite there is one process (it holds the data folder), so there is nothing to listen to: the writer's own
 * drop after its commit is all it needs (changes.ts).
 */
export interface ChangeListenerOptions {
  /** A new, unconnected client for each attempt (the database's address; tests pass fakes). */
  createClient: () => ListenClient;
  /** A notification on the channel, its payload as sent. */
  onPayload: (payload: string) => void;
  /** LISTEN is in place after a (re)connect: notifications may have been missed, drop everything. */
  onConnected: () => void;
  log: { warn(obj: object, msg: string): void; info(obj: object, msg: string): void };
  /**
   * Other channels this connection LISTENs on, each with its own handler (presence, decision 0064: it changes no
   * cache, so it does not travel on the change feed's channel).
   */
  channels?: Record<string, (payload: string) => void>;
  /** First retry delay (default 100 ms), doubled per failed attempt up to maxDelayMs (default 5 s). */
  firstDelayMs?: number;
  maxDelayMs?: number;
}

/** What the listener needs of a pg.Client (so tests can give a fake). */
export interface ListenClient {
  connect(): Promise<unknown>;
  query(text: string): Promise<unknown>;
  end(): Promise<void>;
  on(
    event: 'notification',
    listener: (msg: { channel: string; payload?: string | undefined }) => void,
  ): unknown;
  on(event: 'error', listener: (err: Error) => void): unknown;
  on(event: 'end', listener: () => void): unknown;
}

export interface ChangeListener {
  /** Settles after the first attempt (connected and listening, or failed and retrying in the background). */
  readonly ready: Promise<void>;
  /** Whether LISTEN is in place now. */
  readonly listening: boolean;
  /**
   * Settles once every notification committed before the call has reached this process: PostgreSQL sends a
   * session's pending notifications before it answers a query, so one round trip on the listening connection is a
   * barrier. Calls share round trips: one made while another is on the wire waits for the next, which serves every
   * call made meanwhile (so a burst of requests costs two round trips, not one each). Settles at once when not
   * listening, and never fails.
   */
  sync(): Promise<void>;
  close(): Promise<void>;
}

/**
 * A listener client with the pool's settings (its address, application_name, connect timeout: decision 0051): TCP
 * keep-alive so a silently dead peer is noticed, and a short answer timeout, as the only queries it sends are the
 * LISTEN and the catch-up round trips (a round trip that gets no answer means the connection is gone: see `sync`).
 */
export const pgListenClient = (config: pg.ClientConfig) => (): ListenClient =>
  new pg.Client({
    ...config,
    keepAlive: true,
    keepAliveInitialDelayMillis: 10_000,
    statement_timeout: undefined,
    query_timeout: LISTEN_QUERY_TIMEOUT_MS,
  });

const LISTEN_QUERY_TIMEOUT_MS = 5_000;

export function startChangeListener(opts: ChangeListenerOptions): ChangeListener {
  const firstDelay = opts.firstDelayMs ?? 100;
  const maxDelay = opts.maxDelayMs ?? 5_000;
  let current: ListenClient | null = null;
  let listening = false;
  let closed = false;
  let failures = 0;
  let retry: NodeJS.Timeout | undefined;
  let settle: () => void = () => undefined;
  const ready = new Promise<void>((resolve) => (settle = resolve));

  const lost = (client: ListenClient, err: unknown) => {
    if (current !== client) return; // an earlier client's late event
    current = null;
    listening = false;
    client.end().catch(() => undefined);
    settle();
    if (closed) return;
    const delay = Math.min(maxDelay, firstDelay * 2 ** failures);
    failures += 1;
    opts.log.warn(
      { err, retryInMs: delay },
      'change feed connection lost; caches are dropped when it is back',
    );
    retry = setTimeout(() => void connect(), delay);
    retry.unref();
  };

  const connect = async () => {
    if (closed) return;
    const client = opts.createClient();
    current = client;
    client.on('notification', (msg) => {
      if (current !== client) return;
      if (msg.channel === CHANGES_CHANNEL) opts.onPayload(msg.payload ?? '');
      else opts.channels?.[msg.channel]?.(msg.payload ?? '');
    });
    client.on('error', (err) => lost(client, err));
    client.on('end', () => lost(client, new Error('connection ended')));
    try {
      await client.connect();
      // The other channels first: the connection's last statement stays `LISTEN rides_changes`, which is how an
      // operator (and the tests) find the change feed's connection in pg_stat_activity.
      for (const channel of Object.keys(opts.channels ?? {})) await client.query(`LISTEN ${channel}`);
      await client.query(`LISTEN ${CHANGES_CHANNEL}`);
    } catch (err) {
      lost(client, err);
      return;
    }
    if (current !== client || closed) return;
    listening = true;
    if (failures > 0) opts.log.info({ attempts: failures }, 'change feed connection back');
    failures = 0;
    // After LISTEN, not before: a change committed from here on is delivered; one before may have been missed.
    opts.onConnected();
    settle();
  };

  // The round trip on the wire, and the next one, which starts when it ends and serves every call made meanwhile.
  let onWire: Promise<void> | null = null;
  let next: Promise<void> | null = null;
  const roundTrip = (): Promise<void> => {
    if (!listening || !current) return Promise.resolve();
    const client = current;
    const sent = client
      .query('SELECT 1')
      // A round trip that fails (no answer in time, a broken socket that has not said so) means the connection is
      // lost: notifications may be missed from here on, so it is dropped and made again (the caches go meanwhile).
      .then(
        () => undefined,
        (err: unknown) => lost(client, err),
      )
      .finally(() => {
        if (onWire === sent) onWire = null;
      });
    onWire = sent;
    return sent;
  };
  const sync = (): Promise<void> => {
    // One already on the wire may have been sent before a notification this caller must see: wait for the next.
    if (!onWire) return roundTrip();
    next ??= onWire.then(() => {
      next = null;
      return roundTrip();
    });
    return next;
  };

  void connect();
  return {
    ready,
    get listening() {
      return listening;
    },
    sync,
    async close() {
      closed = true;
      clearTimeout(retry);
      const client = current;
      current = null;
      listening = false;
      settle();
      await client?.end().catch(() => undefined);
    },
  };
}
