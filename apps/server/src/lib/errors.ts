import { SERVER_CODES, type ServerMassageCode } from '@rides/contract';

/**
 * The one error type services throw. The error handler turns it into
 * `{ ServerMassageCode, errors? }` with the status the contract gives the code.
 */
export class AppError extends Error {
  readonly status: number;
  constructor(
    readonly code: ServerMassageCode,
    readonly fieldErrors?: { field: string; code: string }[],
    /** Extra fields the spec puts beside the code (e.g. app_login's numeric `code`). */
    readonly extra?: Record<string, unknown>,
  ) {
    super(code);
    this.name = 'AppError';
    this.status = SERVER_CODES[code];
  }
}

export const fail = (code: ServerMassageCode, extra?: Record<string, unknown>): never => {
  throw new AppError(code, undefined, extra);
};

/**
 * Refused for now, with when to try again (decision 0050, 0052): 429 too_many_requests (the asker's own share, budget or
 * attempts are spent) or 503 service_unavailable (the line is full for everyone). The error handler sends
 * Retry-After (whole seconds, at least 1).
 */
export class TryLaterError extends AppError {
  readonly retryAfterSeconds: number;
  constructor(
    code: 'too_many_requests' | 'service_unavailable',
    retryAfterSeconds: number,
    extra?: Record<string, unknown>,
  ) {
    super(code, undefined, extra);
    this.name = 'TryLaterError';
    this.retryAfterSeconds = Math.max(1, Math.ceil(retryAfterSeconds));
  }
}

/** 429 too_many_requests for `waitMs` more milliseconds (a lock, a spacing between attempts). */
export const tooManyRequests = (waitMs: number, extra?: Record<string, unknown>): TryLaterError =>
  new TryLaterError('too_many_requests', waitMs / 1000, extra);
