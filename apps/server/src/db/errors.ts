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
