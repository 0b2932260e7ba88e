import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, postJson, registerUser, type TestApp } from '../helpers/app.js';

/** POST /api/app_login with e-mail and password (001 §2 login modal, §5, §7, §8 codes 1 to 5). */
describe('app_login with a password', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t?.dispose();
  });

  const login = (body: Record<string, unknown>) => postJson(t.app, '/api/app_login', body);

  it('signs in with the right password: code 1, a token for this user, role and name', async () => {
    const user = await registerUser(t.app, { userName: 'Yael' });
    const res = await login({ email: user.email, password: user.password });

    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ ServerMassageCode: 'success', code: 1, role: 'user', userName: 'Yael' });
    expect(decodeJwt(body.token).user_id).toBe(decodeJwt(user.token).user_id);
  });

  it('lowercases and trims the address ("  Foo@X.COM ")', async () => {
    await registerUser(t.app, { email: 'foo@x.com', password: 'secret-123' });
    const res = await login({ email: '  Foo@X.COM ', password: 'secret-123' });
    expect(res.statusCode).toBe(200);
    expect(res.json().code).toBe(1);
  });

  it('answers 401 wrong_password (code 4) for a wrong password, without a token', async () => {
    const user = await registerUser(t.app);
    const res = await login({ email: user.email, password: 'not-the-password' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ ServerMassageCode: 'wrong_password', code: 4 });
  });

  it('treats the password as case sensitive', async () => {
    const user = await registerUser(t.app, { password: 'Secret-123' });
    expect((await login({ email: user.email, password: 'secret-123' })).statusCode).toBe(401);
  });

  it('answers 404 user_not_registered (code 3) for an unknown address', async () => {
    const res = await login({ email: 'nobody-here@example.com', password: 'secret-123' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ ServerMassageCode: 'user_not_registered', code: 3 });
  });

  it('refuses a bad address before looking anyone up', async () => {
    const res = await login({ email: 'a b@example.com', password: 'secret-123' });
    expect(res.statusCode).toBe(400);
    expect(res.json().ServerMassageCode).toBe('invalid_email_spaces');
  });

  it('answers 400 with code 2 when neither a password nor a social token is given', async () => {
    const user = await registerUser(t.app);
    const res = await login({ email: user.email });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe(2);
  });

  it('a token from login works as a bearer token', async () => {
    const user = await registerUser(t.app);
    const { token } = (await login({ email: user.email, password: user.password })).json();
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(res.statusCode).toBe(200);
  });
});
