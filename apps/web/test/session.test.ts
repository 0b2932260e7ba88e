import { describe, expect, it } from 'vitest';
import { STORAGE_KEYS } from '@rides/contract';
import {
  clearStoredSession,
  decodeTokenPayload,
  endsSession,
  evaluateToken,
  readSession,
  writeSession,
  type KeyValueStore,
} from '../src/lib/session';

const NOW = Date.UTC(2025, 6, 1, 12, 0, 0);
const nowS = Math.floor(NOW / 1000);

const b64url = (s: string) => Buffer.from(s, 'utf8').toString('base64url');
/** An unsigned JWT-shaped token; the client never checks signatures (the server does). */
const jwt = (
  claims: Record<string, unknown>,
  header: Record<string, unknown> = { alg: 'HS256', typ: 'JWT' },
) => `${b64url(JSON.stringify(header))}.${b64url(JSON.stringify(claims))}.c2lnbmF0dXJl`;

describe('evaluateToken (000 §4 session rules)', () => {
  it('missing token ends the session', () => {
    for (const t of [null, undefined, '', '   ']) {
      const s = evaluateToken(t, NOW);
      expect(s.status).toBe('missing');
      expect(endsSession(s)).toBe(true);
    }
  });

  it('malformed tokens end the session', () => {
    const bad = [
      'abc',
      'a.b',
      'a.b.c.d',
      '..',
      `${b64url('{"alg":"HS256"}')}.not base64!.sig`,
      `${b64url('{"alg":"HS256"}')}.${b64url('not json')}.sig`,
      `${b64url('{"alg":"HS256"}')}.${b64url('[1,2]')}.sig`,
      `${b64url('{"alg":"HS256"}')}.${b64url('null')}.sig`,
      `${b64url('nope')}.${b64url(JSON.stringify({ user_id: 1, exp: nowS + 60 }))}.sig`,
      `${b64url('{"alg":"HS256"}')}.${b64url(JSON.stringify({ user_id: 1, exp: nowS + 60 }))}.`,
    ];
    for (const t of bad) {
      const s = evaluateToken(t, NOW);
      expect(s.status, t).toBe('malformed');
      expect(endsSession(s)).toBe(true);
    }
  });

  it('a token without exp (or with a non-numeric exp) ends the session', () => {
    for (const claims of [
      { user_id: 1, role: 'user' },
      { user_id: 1, exp: '9999999999' },
      { user_id: 1, exp: null },
    ]) {
      const s = evaluateToken(jwt(claims), NOW);
      expect(s.status).toBe('no-exp');
      expect(endsSession(s)).toBe(true);
    }
  });

  it('an expired token ends the session, including exactly at exp', () => {
    for (const exp of [nowS - 3600, nowS]) {
      const s = evaluateToken(jwt({ user_id: 7, role: 'user', exp }), NOW);
      expect(s.status).toBe('expired');
      expect(endsSession(s)).toBe(true);
    }
  });

  it('a well-formed unexpired token without user_id needs the update-required modal, not a sign-out', () => {
    for (const claims of [
      { role: 'user', exp: nowS + 60 },
      { user_id: null, exp: nowS + 60 },
      { user_id: 'abc', exp: nowS + 60 },
      { user_id: 0, exp: nowS + 60 },
    ]) {
      const s = evaluateToken(jwt(claims), NOW);
      expect(s.status).toBe('needs-update');
      expect(endsSession(s)).toBe(false);
    }
  });

  it('an expired token without user_id ends the session (expiry wins)', () => {
    expect(evaluateToken(jwt({ exp: nowS - 1 }), NOW).status).toBe('expired');
  });

  it('a valid token gives its claims', () => {
    const s = evaluateToken(jwt({ user_id: 42, role: 'manager', exp: nowS + 3600 }), NOW);
    expect(s).toEqual({ status: 'valid', exp: nowS + 3600, userId: 42, role: 'manager' });
    expect(endsSession(s)).toBe(false);
  });

  it('an unknown role is kept as null, not trusted', () => {
    const s = evaluateToken(jwt({ user_id: 42, role: 'admin', exp: nowS + 3600 }), NOW);
    expect(s).toMatchObject({ status: 'valid', role: null });
  });

  it('decodes UTF-8 payloads and padded base64url', () => {
    const token = jwt({ user_id: 1, exp: nowS + 10, name: 'דנה' });
    expect(decodeTokenPayload(token)).toMatchObject({ name: 'דנה' });
  });
});

describe('stored session', () => {
  const fakeStore = (): KeyValueStore & { data: Map<string, string> } => {
    const data = new Map<string, string>();
    return {
      data,
      get: (k) => data.get(k) ?? null,
      set: (k, v) => void data.set(k, v),
      remove: (k) => void data.delete(k),
    };
  };

  it('writes, reads and clears token, userName and role under the spec keys', () => {
    const store = fakeStore();
    writeSession(store, { token: 't', userName: 'Dana', role: 'manager' });
    expect(store.data.get(STORAGE_KEYS.token)).toBe('t');
    expect(store.data.get(STORAGE_KEYS.userName)).toBe('Dana');
    expect(store.data.get(STORAGE_KEYS.role)).toBe('manager');
    expect(readSession(store)).toEqual({ token: 't', userName: 'Dana', role: 'manager', isAdmin: false });
    store.set(STORAGE_KEYS.selectedLanguage, 'en');
    clearStoredSession(store);
    expect(readSession(store)).toBeNull();
    expect([...store.data.keys()]).toEqual([STORAGE_KEYS.selectedLanguage]);
  });

  it('keeps the admin flag like the role, and clears it with the session', () => {
    const store = fakeStore();
    writeSession(store, { token: 't', userName: 'Ops', role: 'user', isAdmin: true });
    expect(readSession(store)?.isAdmin).toBe(true);
    writeSession(store, { token: 't2', userName: 'Dana', role: 'user', isAdmin: false });
    expect(store.data.has(STORAGE_KEYS.isAdmin)).toBe(false);
    expect(readSession(store)?.isAdmin).toBe(false);
    store.set(STORAGE_KEYS.isAdmin, 'yes');
    expect(readSession(store)?.isAdmin).toBe(false);
    writeSession(store, { token: 't3', userName: 'Ops', role: 'user', isAdmin: true });
    clearStoredSession(store);
    expect(store.data.has(STORAGE_KEYS.isAdmin)).toBe(false);
  });

  it('ignores a tampered role', () => {
    const store = fakeStore();
    store.set(STORAGE_KEYS.token, 't');
    store.set(STORAGE_KEYS.role, 'superuser');
    expect(readSession(store)?.role).toBeNull();
  });
});
