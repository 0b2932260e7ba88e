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
 * Heavy work refused for now (decision 0050): 429 too_many_requests (the asker's own share or budget is spent) or 503
 * service_unavailable (the line is full for everyone). The error handler adds Retry-After: when to try again.
 */
export class TryLaterError extends AppError {
  constructor(
    code: 'too_many_requests' | 'service_unavailable',
    readonly retryAfterS: number,
  ) {
    super(code);
    this.name = 'TryLaterError';
  }
}
