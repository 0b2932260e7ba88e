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

/** 429 too_many_requests with when to try again: the error handler sends it as Retry-After (whole seconds, at least 1). */
export class TooManyRequests extends AppError {
  readonly retryAfterSeconds: number;
  constructor(waitMs: number, extra?: Record<string, unknown>) {
    super('too_many_requests', undefined, extra);
    this.retryAfterSeconds = Math.max(1, Math.ceil(waitMs / 1000));
  }
}
