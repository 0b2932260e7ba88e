import { DrizzleQueryError } from 'drizzle-orm';
/**
 * Reading PostgreSQL errors the same way on both drivers. Drizzle wraps a failed query in
 * DrizzleQueryError with the driver's error as `cause`; PGlite and node-postgres both expose the server's
 * SQLSTATE as `code` and the violated constraint's name as `constraint`.
 */

/** SQLSTATE codes we act on (https://www.postgresql.org/docs/current/errcodes-appendix.html). */
export const PG_ERROR = {
  uniqueViolation: '23505',
  foreignKeyViolation: '23503',
  /** ON DELETE RESTRICT refused the delete, on PostgreSQL 18 and PGlite; older servers say 23503. */
  restrictViolation: '23001',
  checkViolation: '23514',
  notNullViolation: '23502',
} as const;

export interface DatabaseErrorInfo {
  code: string;
  constraint?: string | undefined;
  message: string;
}

/** The PostgreSQL error inside `err` (itself or a cause, a few levels deep), or undefined. */
export function databaseErrorOf(err: unknown): DatabaseErrorInfo | undefined {
  let current: unknown = err;
  for (let depth = 0; depth < 5 && current instanceof Error; depth += 1) {
    const candidate = current as Error & { code?: unknown; constraint?: unknown };
    if (typeof candidate.code === 'string' && /^[0-9A-Z]{5}$/.test(candidate.code)) {
      return {
        code: candidate.code,
        constraint: typeof candidate.constraint === 'string' ? candidate.constraint : undefined,
        message: candidate.message,
      };
    }
    current = candidate.cause;
  }
  return undefined;
}

/** True when `err` is a unique violation (of `constraint`, when named). */
export function isUniqueViolation(err: unknown, constraint?: string): boolean {
  const info = databaseErrorOf(err);
  return (
    info?.code === PG_ERROR.uniqueViolation && (constraint === undefined || info.constraint === constraint)
  );
}

/**
 * True when a delete (or key update) was refused because other rows still refer to the row. PostgreSQL
 * up to 17 answers foreign_key_violation for ON DELETE RESTRICT; 18 (and so PGlite) restrict_violation.
 */
export function isStillReferenced(err: unknown): boolean {
  const code = databaseErrorOf(err)?.code;
  return code === PG_ERROR.foreignKeyViolation || code === PG_ERROR.restrictViolation;
}

/**
 * Thrown instead of trying the database while it is known to be unreachable (db/availability.ts): a request fails at
 * once rather than each one waiting for its own connection attempt to fail.
 */
export class DatabaseUnavailableError extends Error {
  constructor(cause?: unknown) {
    super(
      cause instanceof Error
        ? `the database is unreachable: ${cause.message}`
        : 'the database is unreachable',
      { cause },
    );
    this.name = 'DatabaseUnavailableError';
  }
}

/**
 * SQLSTATEs that say the database (not the query) failed: connection exceptions (class 08), the server shutting down
 * or terminating the session (57P01 admin_shutdown, which pg_terminate_backend sends too; 57P02 crash_shutdown), still
 * starting (57P03 cannot_connect_now), out of connection slots (53300), and a statement cancelled by statement_timeout
 * (57014: the database did not answer in time; the search answers its own timeout before this is reached).
 */
const UNAVAILABLE_SQLSTATES = new Set(['57P01', '57P02', '57P03', '53300', '57014']);

/**
 * Socket errors of a connection that was cut or could not be made (node's codes). Any network client raises these, so
 * they count only inside a query's failure (Drizzle's DrizzleQueryError) or our own DatabaseUnavailableError: a photo
 * store or sign-in provider that cannot be reached is not the database.
 */
const UNAVAILABLE_SOCKET_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'EHOSTDOWN',
  'ENETUNREACH',
  'ENETDOWN',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

/**
 * node-postgres (and pg-pool) report a lost connection or a timeout with a plain Error, no code: these are their
 * messages (pg 8: client.js, pg-pool index.js), which no other library of ours uses.
 */
const UNAVAILABLE_MESSAGES = [
  /^Connection terminated/, // "...unexpectedly", "...due to connection timeout"
  /^timeout exceeded when trying to connect$/, // waited connectionTimeoutMillis for a pooled connection
  /^Query read timeout$/, // query_timeout: no answer on the socket
  /^Client has encountered a connection error and is not queryable$/,
  /^Client was closed and is not queryable$/,
  /^Cannot use a pool after calling end on the pool$/, // the server is shutting down
];

/**
 * Whether `err` (or one of its causes) says the database could not be reached or stopped answering, rather than that
 * the query was wrong: the error handler answers it 503 database_unavailable (with Retry-After) instead of 500, the
 * pool stops trying for a while (db/availability.ts), and the trip view may serve the copy it holds (decision 0051).
 * The one place these errors are recognised.
 */
export function isDatabaseUnavailable(err: unknown): boolean {
  let current: unknown = err;
  let inQuery = false;
  for (let depth = 0; depth < 6 && current instanceof Error; depth += 1) {
    if (current instanceof DatabaseUnavailableError) return true;
    if (current instanceof DrizzleQueryError) inQuery = true;
    const code = (current as Error & { code?: unknown }).code;
    if (typeof code === 'string') {
      if (/^[0-9A-Z]{5}$/.test(code) && (code.startsWith('08') || UNAVAILABLE_SQLSTATES.has(code)))
        return true;
      if (inQuery && UNAVAILABLE_SOCKET_CODES.has(code)) return true;
    }
    const message = current.message;
    if (UNAVAILABLE_MESSAGES.some((pattern) => pattern.test(message))) return true;
    // A host name with several addresses, all refused: node gives an AggregateError holding each attempt's error.
    if (inQuery && current instanceof AggregateError && current.errors.some((e) => isSocketFailure(e)))
      return true;
    current = current.cause;
  }
  return false;
}

/** A socket error by node's code (for the caller that knows the error came from a database connection). */
export function isSocketFailure(err: unknown): boolean {
  const code = err instanceof Error ? (err as Error & { code?: unknown }).code : undefined;
  if (typeof code === 'string' && UNAVAILABLE_SOCKET_CODES.has(code)) return true;
  return err instanceof AggregateError && err.errors.some((e) => isSocketFailure(e));
}
