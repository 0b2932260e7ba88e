import { SUCCESS_ALIASES } from '@rides/contract';
import { openAppModal } from './modal-controller';
import { currentToken, endSession } from './session-store';
import { ifMatchHeader, noteTripVersion } from './trip-version';

/** Root of every call (DESIGN.md §4). The dev server and `vite preview` proxy it to the API server. */
const API_ROOT = '/api';

export interface FieldError {
  field: string;
  /** A translation key, like every ServerMassageCode. */
  code: string;
}

/**
 * A failed call: `code` is the ServerMassageCode (a translation key), or one of our client codes:
 * network_error (no answer), api_call_failed (an answer we cannot read).
 */
export class ApiError extends Error {
  readonly code: string;
  readonly status: number;
  readonly fieldErrors: FieldError[];
  /** A 429's Retry-After in seconds (decision 0052: a sign-in slowed for seconds is not one locked for minutes). */
  readonly retryAfterSeconds: number | null;
  /** The answer's body (trip_changed_meanwhile's version and changes), when it had one (set by apiRequest). */
  declare readonly body?: Record<string, unknown> | null;
  /** The trip an edit changed (RequestOptions.editOf): a 409 trip_changed_meanwhile names it (set by apiRequest). */
  declare readonly rideId?: number;

  constructor(
    code: string,
    status: number,
    fieldErrors: FieldError[] = [],
    retryAfterSeconds: number | null = null,
  ) {
    super(code);
    this.name = 'ApiError';
    this.code = code;
    this.status = status;
    this.fieldErrors = fieldErrors;
    this.retryAfterSeconds = retryAfterSeconds;
  }
}

/** Answers that mean "your session is over": sign out and offer the login modal (000 §4, 000 §8). */
const SESSION_OVER = new Set(['user_is_not_authorized', 'token_expired']);

export interface Envelope {
  ServerMassageCode: string;
}

interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  signal?: AbortSignal;
  /** Calls that must not carry the token (none today; app_login ignores it). */
  anonymous?: boolean;
  /** Extra request headers: the spec's "Data header" calls carry their JSON payload in `Data`. */
  headers?: Record<string, string>;
  /**
   * An edit of this trip (decision 0065): sent with If-Match, the version the page shows (lib/trip-version.ts); the
   * answer's ETag is the version it made. A 409 trip_changed_meanwhile names the trip.
   */
  editOf?: number;
  /** A read of this trip whose ETag is its version (ride_attractions_api, ride_header_api). */
  versionOf?: number;
}

function readFieldErrors(value: unknown): FieldError[] {
  if (!Array.isArray(value)) return [];
  return value.filter(
    (e): e is FieldError =>
      typeof e === 'object' && e !== null && typeof e.field === 'string' && typeof e.code === 'string',
  );
}

/** Calls `/api/<path>` with JSON, the bearer token when signed in, and the envelope rules. */
export async function apiRequest<T extends Envelope>(path: string, options: RequestOptions = {}): Promise<T> {
  const { method = options.body === undefined ? 'GET' : 'POST', body, signal, anonymous = false } = options;
  const headers: Record<string, string> = { ...options.headers, Accept: 'application/json' };
  if (options.editOf !== undefined) Object.assign(headers, ifMatchHeader(options.editOf));
  // A FormData body (a photo) is sent as multipart: the browser writes its Content-Type with the boundary.
  const multipart = body instanceof FormData;
  if (body !== undefined && !multipart) headers['Content-Type'] = 'application/json';
  const token = anonymous ? null : currentToken();
  if (token) headers.Authorization = `Bearer ${token}`;

  let response: Response;
  try {
    response = await fetch(`${API_ROOT}/${path.replace(/^\/+/, '')}`, {
      method,
      headers,
      body: body === undefined ? undefined : multipart ? body : JSON.stringify(body),
      signal,
      credentials: 'same-origin',
    });
  } catch (err) {
    if (err instanceof DOMException && err.name === 'AbortError') throw err;
    throw new ApiError('network_error', 0);
  }

  let data: unknown = null;
  try {
    data = await response.json();
  } catch {
    data = null;
  }
  const record = typeof data === 'object' && data !== null ? (data as Record<string, unknown>) : null;
  const code = typeof record?.ServerMassageCode === 'string' ? record.ServerMassageCode : null;

  if (!response.ok) {
    // No envelope from a gateway (502/503/504): the API server is not reachable.
    const fallback =
      response.status === 429
        ? 'too_many_requests'
        : [502, 503, 504].includes(response.status)
          ? 'network_error'
          : 'api_call_failed';
    const retryAfter = Number(response.headers.get('retry-after'));
    const error = new ApiError(
      code ?? fallback,
      response.status,
      readFieldErrors(record?.errors),
      Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter : null,
    );
    Object.assign(error, { body: record, rideId: options.editOf });
    if (response.status === 401 && SESSION_OVER.has(error.code)) {
      if (token) endSession('rejected');
      openAppModal('login');
    }
    throw error;
  }
  if (!record || code === null) throw new ApiError('api_call_failed', response.status);
  const trip = options.editOf ?? options.versionOf;
  if (trip !== undefined) noteTripVersion(trip, response.headers.get('etag'));
  return record as unknown as T;
}

export const isSuccessCode = (code: string): boolean => (SUCCESS_ALIASES as readonly string[]).includes(code);

export const apiPost = <T extends Envelope>(path: string, body: unknown, signal?: AbortSignal) =>
  apiRequest<T>(path, { method: 'POST', body, signal });

export const apiGet = <T extends Envelope>(path: string, signal?: AbortSignal) =>
  apiRequest<T>(path, { method: 'GET', signal });

/** An editing call of a trip by GET (the spec's), sent with If-Match (decision 0065). */
export const editGet = <T extends Envelope>(rideId: number, path: string, headers?: Record<string, string>) =>
  apiRequest<T>(path, { method: 'GET', editOf: rideId, ...(headers ? { headers } : {}) });

/** An editing call of a trip by POST, sent with If-Match (decision 0065). */
export const editPost = <T extends Envelope>(rideId: number, path: string, body: unknown) =>
  apiRequest<T>(path, { method: 'POST', body, editOf: rideId });

/** Client-side failures that are not ApiErrors are shown with the generic message. */
export function errorCode(error: unknown): string {
  return error instanceof ApiError ? error.code : 'unknown_error';
}
