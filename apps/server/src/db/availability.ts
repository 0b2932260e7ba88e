/**
 * Whether this process can reach its database now (decision 0051). PostgreSQL only: PGlite lives in the process and
 * cannot be lost the same way, so its availability is always up.
 *
 * The pool reports a connection attempt that failed (`lost`): the database is then "down", and every request fails at
 * once with DatabaseUnavailableError (503 database_unavailable) instead of each making its own attempt and waiting for
 * it to fail, which against a database that is starting would hammer it, and against an unreachable host would hold
 * every request for the connection timeout. Meanwhile one probe (a connection and `SELECT 1`) is tried after 100 ms,
 * then a doubling delay up to 1 s, until one gets through: the database is "up" again, at most about a second after it
 * came back. A connection that breaks under a query (pg_terminate_backend, a restart) does not make the database down:
 * the pool replaces it on the next request, which only fails (and makes it down) if the new connection cannot be made.
 */
export type AvailabilityState = 'up' | 'down';

export interface DatabaseAvailability {
  readonly state: AvailabilityState;
  /** A connection could not be made: down, and probing until one can (nothing when already down). */
  lost(err: unknown): void;
  /** Called on every change of state (the app logs it). Answers the unsubscribe. */
  subscribe(listener: (state: AvailabilityState, err?: unknown) => void): () => void;
  /** Stops probing (the database is being closed). */
  close(): void;
}

/** What a 503 database_unavailable tells the client to wait before trying again (seconds; Retry-After). */
export const DATABASE_RETRY_AFTER_SECONDS = 2;

export interface AvailabilityOptions {
  /** One attempt to reach the database; resolves when it answered. */
  probe: () => Promise<void>;
  /** First probe delay (default 100 ms), doubled after each failed probe up to maxDelayMs (default 1 s). */
  firstDelayMs?: number;
  maxDelayMs?: number;
}

/** Always up: the embedded database. */
export const ALWAYS_AVAILABLE: DatabaseAvailability = {
  state: 'up',
  lost: () => undefined,
  subscribe: () => () => undefined,
  close: () => undefined,
};

export function createAvailability(opts: AvailabilityOptions): DatabaseAvailability {
  const firstDelay = opts.firstDelayMs ?? 100;
  const maxDelay = opts.maxDelayMs ?? 1_000;
  const listeners = new Set<(state: AvailabilityState, err?: unknown) => void>();
  let state: AvailabilityState = 'up';
  let failures = 0;
  let timer: NodeJS.Timeout | undefined;
  let closed = false;

  const notify = (next: AvailabilityState, err?: unknown) => {
    for (const listener of listeners) listener(next, err);
  };

  const schedule = () => {
    if (closed) return;
    const delay = Math.min(maxDelay, firstDelay * 2 ** failures);
    failures += 1;
    timer = setTimeout(() => void probe(), delay);
    // A process that is otherwise done (a test, the CLI) does not stay alive for the probes.
    timer.unref();
  };

  const probe = async () => {
    if (closed) return;
    try {
      await opts.probe();
    } catch {
      schedule();
      return;
    }
    if (closed) return;
    state = 'up';
    failures = 0;
    notify('up');
  };

  return {
    get state() {
      return state;
    },
    lost(err) {
      if (state === 'down' || closed) return;
      state = 'down';
      notify('down', err);
      schedule();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    close() {
      closed = true;
      clearTimeout(timer);
    },
  };
}
