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

  it('the lock is per account: locked for unknown browsers from any address, other accounts are not', async () => {
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

/**
 * Issue 15 point 4 (decision 0006): the account's lock must not lock its owner out. A browser that signed in to the
 * account before holds a device cookie; its failures count against that cookie only, and failures from browsers
 * without one (count against the account's lock for unknown browsers) never lock it out.
 */
describe('app_login lock spares a browser that signed in before (device cookie)', () => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp();
  });
  afterEach(async () => {
    await t?.dispose();
  });

  let ipSeq = 0;
  /** A new address per attempt, so the per-address lock stays out of these tests. */
  const freshIp = () => `198.18.${Math.floor(++ipSeq / 250)}.${(ipSeq % 250) + 1}`;
  const login = (email: string, password: string, cookie?: string) =>
    postJson(t.app, '/api/app_login', { email, password }, { ip: freshIp(), ...(cookie ? { headers: { cookie } } : {}) });
  /** The device cookie a successful sign-in sets, as the browser sends it back. */
  const deviceCookieOf = (res: Awaited<ReturnType<typeof login>>) => {
    const header = String(res.headers['set-cookie'] ?? '');
    const pair = /^rides_device=[^;]+/.exec(header)?.[0];
    if (!pair) throw new Error(`no device cookie in ${header}`);
    return pair;
  };

  it('sets a signed, httpOnly, same-site cookie for the sign-in call only', async () => {
    const user = await registerUser(t.app);
    const res = await login(user.email, user.password);
    expect(res.statusCode).toBe(200);
    const header = String(res.headers['set-cookie']);
    expect(header).toMatch(/^rides_device=[1-9]\d*\.[\w-]{22}\.[\w-]{43}; /);
    expect(header).toContain('; HttpOnly');
    expect(header).toContain('; SameSite=Strict');
    expect(header).toContain('; Path=/api/app_login');
  });

  it('ten failures from elsewhere lock unknown browsers out, not the owner\'s browser', async () => {
    const user = await registerUser(t.app);
    const owner = deviceCookieOf(await login(user.email, user.password));
    for (let i = 0; i < 10; i++) expect((await login(user.email, `guess-${i}`)).statusCode).toBe(401);

    expect((await login(user.email, user.password)).statusCode).toBe(429); // an unknown browser, even with the password
    const mine = await login(user.email, user.password, owner);
    expect(mine.statusCode).toBe(200);
    expect(mine.json().token).toEqual(expect.any(String));
  });

  it('failures with the device cookie count against that cookie only', async () => {
    const user = await registerUser(t.app);
    const cookie = deviceCookieOf(await login(user.email, user.password));
    for (let i = 0; i < 10; i++) expect((await login(user.email, `typo-${i}`, cookie)).statusCode).toBe(401);
    expect((await login(user.email, user.password, cookie)).statusCode).toBe(429);
    // The account itself is not locked: another browser still signs in.
    expect((await login(user.email, user.password)).statusCode).toBe(200);
  });

  it('a tampered cookie, or another account\'s, is an unknown browser', async () => {
    const victim = await registerUser(t.app);
    const attacker = await registerUser(t.app);
    const attackersCookie = deviceCookieOf(await login(attacker.email, attacker.password));
    const victimsCookie = deviceCookieOf(await login(victim.email, victim.password));
    const tampered = victimsCookie.replace(/\.(.)([\w-]{42})$/, (_m, c: string, rest: string) => `.${c === 'A' ? 'B' : 'A'}${rest}`);
    expect(tampered).not.toBe(victimsCookie);
    for (let i = 0; i < 5; i++) await login(victim.email, 'wrong', attackersCookie);
    for (let i = 0; i < 5; i++) await login(victim.email, 'wrong', tampered);
    expect((await login(victim.email, victim.password, attackersCookie)).statusCode).toBe(429);
    expect((await login(victim.email, victim.password, tampered)).statusCode).toBe(429);
    expect((await login(victim.email, victim.password, victimsCookie)).statusCode).toBe(200);
  });
});
