import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, registerUser, TEST_JWT_SECRET, type TestApp } from '../helpers/app.js';

/**
 * Bearer tokens (001 §3: the token carries user_id and exp). A present but bad token is refused with 401 on any
 * call, so GET /api/health stands in for the protected calls that are not built yet.
 */
describe('bearer tokens', () => {
  let t: TestApp;
  const secret = new TextEncoder().encode(TEST_JWT_SECRET);
  const now = () => Math.floor(Date.now() / 1000);

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t?.dispose();
  });

  const health = (authorization?: string) =>
    t.app.inject({
      method: 'GET',
      url: '/api/health',
      headers: authorization === undefined ? {} : { authorization },
    });

  const sign = (
    claims: Record<string, unknown>,
    key: Uint8Array = secret,
    exp: number | null = now() + 3600,
  ) => {
    const jwt = new SignJWT(claims).setProtectedHeader({ alg: 'HS256', typ: 'JWT' }).setIssuedAt();
    if (exp !== null) jwt.setExpirationTime(exp);
    return jwt.sign(key);
  };

  it('no Authorization header: anonymous, 200', async () => {
    expect((await health()).statusCode).toBe(200);
  });

  it('a token from sign-in is accepted', async () => {
    const { token } = await registerUser(t.app);
    expect((await health(`Bearer ${token}`)).statusCode).toBe(200);
  });

  it('a well-formed token of our shape signed with another key: 401 user_is_not_authorized', async () => {
    const token = await sign(
      { user_id: 1, role: 'manager' },
      new TextEncoder().encode('another-secret-'.padEnd(48, 'y')),
    );
    const res = await health(`Bearer ${token}`);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ ServerMassageCode: 'user_is_not_authorized' });
  });

  it('an expired token with the right key: 401 token_expired', async () => {
    const token = await sign({ user_id: 1, role: 'user' }, secret, now() - 60);
    const res = await health(`Bearer ${token}`);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ ServerMassageCode: 'token_expired' });
  });

  it('a token without exp: 401', async () => {
    const token = await sign({ user_id: 1, role: 'user' }, secret, null);
    const res = await health(`Bearer ${token}`);
    expect(res.statusCode).toBe(401);
    expect(res.json().ServerMassageCode).toBe('user_is_not_authorized');
  });

  it('a token without user_id, or with an unknown role: 401', async () => {
    expect((await health(`Bearer ${await sign({ role: 'user' })}`)).statusCode).toBe(401);
    expect((await health(`Bearer ${await sign({ user_id: 1, role: 'admin' })}`)).statusCode).toBe(401);
  });

  it('an unsigned token (alg none): 401', async () => {
    const b64 = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');
    const token = `${b64({ alg: 'none', typ: 'JWT' })}.${b64({ user_id: 1, role: 'manager', exp: now() + 3600 })}.`;
    expect((await health(`Bearer ${token}`)).statusCode).toBe(401);
  });

  it('garbage after Bearer: 401', async () => {
    expect((await health('Bearer not.a.jwt')).statusCode).toBe(401);
    expect((await health('Bearer abc')).statusCode).toBe(401);
  });

  it('"Bearer null" and "Bearer undefined" (signed-out old clients) are anonymous: 200', async () => {
    expect((await health('Bearer null')).statusCode).toBe(200);
    expect((await health('Bearer undefined')).statusCode).toBe(200);
  });
});
