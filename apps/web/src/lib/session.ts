import { ROLES, STORAGE_KEYS, type Role } from '@rides/contract';

/**
 * Session rules of 000 §4 as pure functions (no browser globals at import time, so they are unit-tested in node):
 * - a token that is missing, malformed, lacks exp or is expired ends the session;
 * - a well-formed, unexpired token without user_id asks the user to sign in again (update-required modal).
 */
type TokenState =
  | { status: 'missing' }
  | { status: 'malformed' }
  | { status: 'no-exp' }
  | { status: 'expired' }
  | { status: 'needs-update'; exp: number }
  | { status: 'valid'; exp: number; userId: number; role: Role | null };

export interface Session {
  token: string;
  userName: string;
  role: Role | null;
  /**
   * A platform admin (app_login's isAdmin, decision 0035): the admin links show. Optional, so a session stored before
   * it existed reads as not an admin; the server checks the flag anew on every admin call.
   */
  isAdmin?: boolean;
}

/** Base64url (no padding needed) to a UTF-8 string; null when it is not base64url. */
function decodeBase64Url(part: string): string | null {
  if (!/^[A-Za-z0-9_-]+={0,2}$/.test(part)) return null;
  const b64 = part.replace(/-/g, '+').replace(/_/g, '/').replace(/=+$/, '');
  const padded = b64 + '='.repeat((4 - (b64.length % 4)) % 4);
  try {
    const binary = atob(padded);
    const bytes = Uint8Array.from(binary, (c) => c.charCodeAt(0));
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return null;
  }
}

/** The payload of a compact JWS (header.payload.signature) as an object, or null when malformed. */
export function decodeTokenPayload(token: string): Record<string, unknown> | null {
  const parts = token.split('.');
  if (parts.length !== 3 || parts.some((p) => p.length === 0)) return null;
  const header = decodeBase64Url(parts[0]!);
  const payload = decodeBase64Url(parts[1]!);
  if (header === null || payload === null) return null;
  try {
    const parsedHeader: unknown = JSON.parse(header);
    const parsed: unknown = JSON.parse(payload);
    if (!isObject(parsedHeader) || !isObject(parsed)) return null;
    return parsed;
  } catch {
    return null;
  }
}

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

export const isRole = (v: unknown): v is Role =>
  typeof v === 'string' && (ROLES as readonly string[]).includes(v);

/** Applies the session rules to a token at a moment (milliseconds since the epoch). */
export function evaluateToken(token: string | null | undefined, nowMs: number): TokenState {
  if (!token || token.trim() === '') return { status: 'missing' };
  const claims = decodeTokenPayload(token.trim());
  if (!claims) return { status: 'malformed' };
  const exp = claims.exp;
  if (typeof exp !== 'number' || !Number.isFinite(exp)) return { status: 'no-exp' };
  if (exp * 1000 <= nowMs) return { status: 'expired' };
  const userId = claims.user_id;
  if (typeof userId !== 'number' || !Number.isInteger(userId) || userId <= 0)
    return { status: 'needs-update', exp };
  return { status: 'valid', exp, userId, role: isRole(claims.role) ? claims.role : null };
}

/** True when the state means "signed out now" (clear the stored session). */
export const endsSession = (state: TokenState): boolean =>
  state.status === 'missing' ||
  state.status === 'malformed' ||
  state.status === 'no-exp' ||
  state.status === 'expired';

/** Minimal storage shape, so tests can pass a Map-backed fake. */
export interface KeyValueStore {
  get(key: string): string | null;
  set(key: string, value: string): void;
  remove(key: string): void;
}

export function readSession(store: KeyValueStore): Session | null {
  const token = store.get(STORAGE_KEYS.token);
  if (!token) return null;
  const role = store.get(STORAGE_KEYS.role);
  return {
    token,
    userName: store.get(STORAGE_KEYS.userName) ?? '',
    role: isRole(role) ? role : null,
    isAdmin: store.get(STORAGE_KEYS.isAdmin) === 'true',
  };
}

export function writeSession(store: KeyValueStore, s: Session): void {
  store.set(STORAGE_KEYS.token, s.token);
  store.set(STORAGE_KEYS.userName, s.userName);
  if (s.role) store.set(STORAGE_KEYS.role, s.role);
  else store.remove(STORAGE_KEYS.role);
  if (s.isAdmin) store.set(STORAGE_KEYS.isAdmin, 'true');
  else store.remove(STORAGE_KEYS.isAdmin);
}

export function clearStoredSession(store: KeyValueStore): void {
  store.remove(STORAGE_KEYS.token);
  store.remove(STORAGE_KEYS.userName);
  store.remove(STORAGE_KEYS.role);
  store.remove(STORAGE_KEYS.isAdmin);
}
