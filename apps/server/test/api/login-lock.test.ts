import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, postJson, registerUser, uniqueEmail, type TestApp } from '../helpers/app.js';

/**
 * Issue 2: ten wrong passwords in a row for one account or one client address, and sign-in answers 429
 * (LOGIN_MAX_FAILURES, default 10) for the lock time, even with the right password. A fresh app per test,
 * since the counts are held by the app.
 */
describe('app_login lock after repeated wrong passwords', () => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp();
  });
  afterEach(async () => {
    await t?.dispose();
  });

  const login = (email: string, password: string, ip: string) =>
    postJson(t.app, '/api/app_login', { email, password }, { ip });

  it('defaults to ten failures', () => {
    expect(t.config.login.maxFailures).toBe(10);
  });

  it('locks the account on the 11th attempt, even with the right password', async () => {
    const user = await registerUser(t.app);
    for (let i = 1; i <= 10; i++) {
      const res = await login(user.email, `wrong-${i}`, '192.0.2.1');
      expect(res.statusCode, `attempt ${i}`).toBe(401);
    }
    const eleventh = await login(user.email, user.password, '192.0.2.1');
    expect(eleventh.statusCode).toBe(429);
    expect(eleventh.json().ServerMassageCode).toBe('too_many_requests');
    expect(eleventh.json().token).toBeUndefined();
  });

  it('nine failures and then the right password still sign in, and the count starts again', async () => {
    const user = await registerUser(t.app);
    for (let i = 1; i <= 9; i++) expect((await login(user.email, 'wrong', '192.0.2.2')).statusCode).toBe(401);
    expect((await login(user.email, user.password, '192.0.2.2')).statusCode).toBe(200);
    for (let i = 1; i <= 9; i++) expect((await login(user.email, 'wrong', '192.0.2.2')).statusCode).toBe(401);
    expect((await login(user.email, user.password, '192.0.2.2')).statusCode).toBe(200);
  });

  it('the lock is per account: the locked account is locked from any address, other accounts are not', async () => {
    const victim = await registerUser(t.app);
    const other = await registerUser(t.app);
    for (let i = 0; i < 10; i++) await login(victim.email, 'wrong', '192.0.2.3');

    expect((await login(victim.email, victim.password, '198.51.100.7')).statusCode).toBe(429);
    expect((await login(other.email, other.password, '198.51.100.8')).statusCode).toBe(200);
  });

  it('the lock is per client address: ten failures over many accounts lock that address only', async () => {
    const user = await registerUser(t.app);
    for (let i = 0; i < 10; i++) {
      const res = await login(uniqueEmail('guess'), 'wrong', '203.0.113.9');
      expect(res.statusCode).toBe(404);
    }
    expect((await login(user.email, user.password, '203.0.113.9')).statusCode).toBe(429);
    expect((await login(user.email, user.password, '203.0.113.10')).statusCode).toBe(200);
  });
});

describe('app_login lock with LOGIN_MAX_FAILURES set', () => {
  it('locks after the configured number of failures', async () => {
    const t = await createTestApp({ LOGIN_MAX_FAILURES: '3' });
    try {
      const user = await registerUser(t.app);
      for (let i = 0; i < 3; i++) expect((await login(t, user.email, 'wrong')).statusCode).toBe(401);
      expect((await login(t, user.email, user.password)).statusCode).toBe(429);
    } finally {
      await t.dispose();
    }
  });

  const login = (t: TestApp, email: string, password: string) =>
    postJson(t.app, '/api/app_login', { email, password }, { ip: '192.0.2.50' });
});
