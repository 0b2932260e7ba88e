import { eq } from 'drizzle-orm';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { passwordResetTokens, users } from '../../src/db/schema/index.js';
import { createTestApp, mailsTo, postJson, registerUser, TEST_PUBLIC_URL, uniqueEmail, type TestApp } from '../helpers/app.js';

/**
 * Issue 31 point 3 (decision 0052): "send me a sign-in link". request_sign_in_link mails a link that signs in once,
 * within SIGN_IN_LINK_TTL_MINUTES, whatever lock the password sign-in is under; the answer is the same whether or not
 * the address has an account; it is limited per address and per account. sign_in_with_link uses it.
 */
describe('sign-in link', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t?.dispose();
  });

  const LINK = new RegExp(`${TEST_PUBLIC_URL.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}/sign-in-link\\?token=([A-Za-z0-9_-]+)`);
  const login = (email: string, password: string, ip: string) => postJson(t.app, '/api/app_login', { email, password }, { ip });
  const requestLink = async (email: string, opts: { ip?: string; headers?: Record<string, string> } = {}) => {
    const res = await postJson(t.app, '/api/request_sign_in_link', { email }, opts);
    await t.app.afterAnswer.settled();
    return res;
  };
  const useLink = (token: string, ip?: string) =>
    postJson(t.app, '/api/sign_in_with_link', { token, timezone: 'Asia/Jerusalem' }, ip ? { ip } : {});
  const linkTokens = async (email: string) =>
    (await mailsTo(t.outboxDir, email)).map((m) => LINK.exec(m.text)?.[1]).filter((x): x is string => Boolean(x));
  /** Asks for a link and answers the token of the new mail. */
  async function newLink(email: string, ip?: string): Promise<string> {
    const before = await linkTokens(email);
    const res = await requestLink(email, ip ? { ip } : {});
    expect(res.statusCode, res.body).toBe(200);
    const fresh = (await linkTokens(email)).filter((tok) => !before.includes(tok));
    expect(fresh).toHaveLength(1);
    return fresh[0]!;
  }

  it('during a lockout: the mailed link signs in once, then is refused as used', async () => {
    const user = await registerUser(t.app, { userName: 'Noa' });
    const here = '192.0.2.31';
    for (let i = 0; i < 10; i++) expect((await login(user.email, `wrong-${i}`, here)).statusCode).toBe(401);
    const locked = await login(user.email, user.password, here);
    expect(locked.statusCode).toBe(429);
    expect(locked.json()).toEqual({ ServerMassageCode: 'too_many_requests', code: 2 });

    const token = await newLink(user.email, here);
    const first = await useLink(token, here);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({ ServerMassageCode: 'success', code: 1, userName: 'Noa', role: 'user' });
    const [row] = await t.db.db.select({ id: users.id }).from(users).where(eq(users.email, user.email));
    expect(decodeJwt(first.json().token as string).user_id).toBe(row!.id);
    // The browser that used the link is a trusted one now: its device cookie.
    expect(String(first.headers['set-cookie'])).toMatch(/^rides_device=[1-9]\d*\.[\w-]{22}\.[\w-]{43}; Path=\/api\/app_login; /);

    const again = await useLink(token, here);
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ ServerMassageCode: 'invalid_sign_in_link', code: 2 });
  });

  it('the browser the link signed in gets past the lock of its address with the password (device cookie)', async () => {
    const user = await registerUser(t.app);
    const here = '192.0.2.32';
    for (let i = 0; i < 10; i++) await login(user.email, `wrong-${i}`, here);
    expect((await login(user.email, user.password, here)).statusCode).toBe(429);
    const signedIn = await useLink(await newLink(user.email, here), here);
    const cookie = /^rides_device=[^;]+/.exec(String(signedIn.headers['set-cookie']))![0];
    const withCookie = await postJson(t.app, '/api/app_login', { email: user.email, password: user.password }, { ip: here, headers: { cookie } });
    expect(withCookie.statusCode).toBe(200);
  });

  it('an expired link is refused', async () => {
    const user = await registerUser(t.app);
    const token = await newLink(user.email);
    const [row] = await t.db.db.select({ id: users.id }).from(users).where(eq(users.email, user.email));
    await t.db.db.update(passwordResetTokens).set({ expiresAt: new Date(Date.now() - 1_000) }).where(eq(passwordResetTokens.userId, row!.id));
    const res = await useLink(token);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ ServerMassageCode: 'invalid_sign_in_link', code: 2 });
  });

  it('works twenty minutes: the stored expiry', async () => {
    const user = await registerUser(t.app);
    const before = Date.now();
    await newLink(user.email);
    const [row] = await t.db.db.select({ id: users.id }).from(users).where(eq(users.email, user.email));
    const [stored] = await t.db.db.select({ expiresAt: passwordResetTokens.expiresAt }).from(passwordResetTokens).where(eq(passwordResetTokens.userId, row!.id));
    const minutes = (stored!.expiresAt.getTime() - before) / 60_000;
    expect(minutes).toBeGreaterThan(19.9);
    expect(minutes).toBeLessThan(20.1);
  });

  it('answers the same for an address without an account, and mails nothing there', async () => {
    const nobody = uniqueEmail('nobody');
    const user = await registerUser(t.app);
    const unknown = await requestLink(nobody);
    const known = await requestLink(user.email);
    expect(unknown.statusCode).toBe(200);
    expect(unknown.body).toBe(known.body);
    expect(unknown.json()).toEqual({ ServerMassageCode: 'sign_in_link_sent' });
    expect(await mailsTo(t.outboxDir, nobody)).toHaveLength(0);
    expect(await mailsTo(t.outboxDir, user.email)).toHaveLength(1);
  });

  it('mails in the caller\'s language', async () => {
    const user = await registerUser(t.app, { userName: 'Dan' });
    await requestLink(user.email, { headers: { 'accept-language': 'en-GB,en;q=0.9' } });
    await requestLink(user.email);
    const mails = await mailsTo(t.outboxDir, user.email);
    expect(mails.map((m) => m.subject).sort()).toEqual(['Your sign-in link', 'קישור הכניסה שלך'].sort());
    const en = mails.find((m) => m.subject === 'Your sign-in link')!;
    expect(en.text).toContain('Dan');
    expect(en.text).toMatch(LINK);
    expect(en.html).toContain('dir="ltr"');
  });

  it('the interface language the reader chose (its cookie) wins over the browser\'s', async () => {
    const user = await registerUser(t.app);
    await requestLink(user.email, { headers: { 'accept-language': 'en-US,en;q=0.9', cookie: 'selectedLanguage=he' } });
    await requestLink(user.email, { headers: { 'accept-language': 'he-IL', cookie: 'cookieConsent=true; selectedLanguage=en' } });
    const mails = await mailsTo(t.outboxDir, user.email);
    expect(mails.map((m) => m.subject).sort()).toEqual(['Your sign-in link', 'קישור הכניסה שלך'].sort());
  });

  it('the newest mailed link is the one that works', async () => {
    const user = await registerUser(t.app);
    const older = await newLink(user.email);
    const newer = await newLink(user.email);
    expect((await useLink(older)).statusCode).toBe(400);
    expect((await useLink(newer)).statusCode).toBe(200);
  });

  it('a sign-in link is no reset link, and a reset link signs no one in', async () => {
    const user = await registerUser(t.app);
    const signInToken = await newLink(user.email);
    const asReset = await postJson(t.app, '/api/check_reset_token', { token: signInToken });
    expect(asReset.json()).toMatchObject({ ServerMassageCode: 'invalid_reset_token' });

    await postJson(t.app, '/api/request_password_reset', { email: user.email });
    await t.app.afterAnswer.settled();
    const resetToken = (await mailsTo(t.outboxDir, user.email))
      .map((m) => /reset-password\?token=([A-Za-z0-9_-]+)/.exec(m.text)?.[1])
      .find(Boolean)!;
    expect((await postJson(t.app, '/api/check_reset_token', { token: resetToken })).statusCode).toBe(200);
    expect((await useLink(resetToken)).json()).toMatchObject({ ServerMassageCode: 'invalid_sign_in_link' });
  });

  it('five requests per account in the lock time, known or not (the sixth: 429 and Retry-After)', async () => {
    const user = await registerUser(t.app);
    const nobody = uniqueEmail('nobody');
    for (const email of [user.email, nobody]) {
      for (let i = 0; i < 5; i++) expect((await requestLink(email)).statusCode).toBe(200);
      const sixth = await requestLink(email);
      expect(sixth.statusCode).toBe(429);
      expect(sixth.json()).toEqual({ ServerMassageCode: 'too_many_requests' });
      expect(Number(sixth.headers['retry-after'])).toBe(15 * 60);
    }
    expect(await mailsTo(t.outboxDir, user.email)).toHaveLength(5);
  });

  it('five requests a minute per address, whatever the accounts', async () => {
    const here = '192.0.2.35';
    for (let i = 0; i < 5; i++) expect((await requestLink(uniqueEmail('many'), { ip: here })).statusCode).toBe(200);
    const sixth = await requestLink(uniqueEmail('many'), { ip: here });
    expect(sixth.statusCode).toBe(429);
    expect(sixth.json()).toEqual({ ServerMassageCode: 'too_many_requests' });
    expect(Number(sixth.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('bad input is refused with the call\'s codes, never a 500', async () => {
    expect((await postJson(t.app, '/api/request_sign_in_link', { email: 'not-an-address' })).json()).toMatchObject({ ServerMassageCode: 'invalid_email_format' });
    const short = await postJson(t.app, '/api/sign_in_with_link', { token: 'short' });
    expect(short.statusCode).toBe(400);
    expect(short.json()).toMatchObject({ ServerMassageCode: 'invalid_sign_in_link' });
    expect((await postJson(t.app, '/api/sign_in_with_link', {})).statusCode).toBe(400);
  });
});
