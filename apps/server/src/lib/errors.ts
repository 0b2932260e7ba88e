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
