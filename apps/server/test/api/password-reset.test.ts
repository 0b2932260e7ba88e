import { eq } from 'drizzle-orm';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { passwordResetTokens } from '../../src/db/schema/index.js';
import {
  createTestApp,
  mailsTo,
  postJson,
  registerUser,
  TEST_PUBLIC_URL,
  type TestApp,
} from '../helpers/app.js';

/** request_password_reset and reset_password (001 §2 reset modal and pages, 001 §5, 002 §5, 001 §8). */
describe('password reset', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t?.dispose();
  });

  /** Asks for a reset and waits for the mail, which is sent after the answer. */
  const requestReset = async (email: string, headers?: Record<string, string>) => {
    const res = await postJson(t.app, '/api/request_password_reset', { email }, headers ? { headers } : {});
    await t.app.afterAnswer.settled();
    return res;
  };
  const resetPassword = (token: string | undefined, newPassword: string) =>
    postJson(t.app, '/api/reset_password', { token, newPassword });
  const login = (email: string, password: string) => postJson(t.app, '/api/app_login', { email, password });

  const LINK = new RegExp(
    `${TEST_PUBLIC_URL.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}/reset-password\\?token=([A-Za-z0-9_-]+)`,
  );

  const linkTokens = async (email: string) =>
    (await mailsTo(t.outboxDir, email))
      .map((m) => LINK.exec(m.text)?.[1])
      .filter((x): x is string => Boolean(x));

  /** Asks for a reset and answers the token of the link in the new mail (outbox order is not relied on). */
  async function resetToken(email: string): Promise<string> {
    const before = await linkTokens(email);
    const res = await requestReset(email);
    expect(res.statusCode).toBe(200);
    const fresh = (await linkTokens(email)).filter((tok) => !before.includes(tok));
    expect(fresh).toHaveLength(1);
    return fresh[0]!;
  }

  it('mails one link to a registered address and answers password_reset_email_sent', async () => {
    const user = await registerUser(t.app, { userName: 'Tamar' });
    const res = await requestReset(`  ${user.email.toUpperCase()} `);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ServerMassageCode: 'password_reset_email_sent' });

    const mails = await mailsTo(t.outboxDir, user.email);
    expect(mails).toHaveLength(1);
    const mail = mails[0]!;
    expect(mail.text).toMatch(LINK);
    expect(mail.text).toContain('Tamar');
    expect(mail.html).toContain(`href="${TEST_PUBLIC_URL}/reset-password?token=`);
    expect(mail.from).toBe(t.config.mail.from);
  });

  it('writes the mail in Hebrew by default and in English for an English caller', async () => {
    const user = await registerUser(t.app);
    await requestReset(user.email);
    await requestReset(user.email, { 'accept-language': 'en-US,en;q=0.9' });
    const mails = await mailsTo(t.outboxDir, user.email);
    expect(mails).toHaveLength(2);
    const he = mails.find((m) => /[\u0590-\u05FF]/.test(m.subject));
    const en = mails.find((m) => m.subject === 'Reset your password');
    expect(he?.html).toContain('dir="rtl"');
    expect(en?.html).toContain('dir="ltr"');
  });

  it('the link works once: new password in, old password out, second use refused', async () => {
    const user = await registerUser(t.app);
    const token = await resetToken(user.email);

    const done = await resetPassword(token, 'brand-new-pass');
    expect(done.statusCode).toBe(200);
    expect(done.json()).toEqual({ ServerMassageCode: 'password_reset_success' });

    expect((await login(user.email, 'brand-new-pass')).statusCode).toBe(200);
    expect((await login(user.email, user.password)).statusCode).toBe(401);

    const again = await resetPassword(token, 'third-password');
    expect(again.statusCode).toBe(400);
    expect(again.json().ServerMassageCode).toBe('invalid_reset_token');
    expect((await login(user.email, 'brand-new-pass')).statusCode).toBe(200);
  });

  it('stores only a hash of the token', async () => {
    const user = await registerUser(t.app);
    const token = await resetToken(user.email);
    const userId = decodeJwt(user.token).user_id as number;
    const rows = await t.db.db
      .select()
      .from(passwordResetTokens)
      .where(eq(passwordResetTokens.userId, userId));
    expect(rows).toHaveLength(1);
    expect(JSON.stringify(rows)).not.toContain(token);
  });

  it('an expired link is refused with invalid_reset_token', async () => {
    const user = await registerUser(t.app);
    const token = await resetToken(user.email);
    const userId = decodeJwt(user.token).user_id as number;
    await t.db.db
      .update(passwordResetTokens)
      .set({ expiresAt: new Date(Date.now() - 60_000) })
      .where(eq(passwordResetTokens.userId, userId));

    const res = await resetPassword(token, 'brand-new-pass');
    expect(res.statusCode).toBe(400);
    expect(res.json().ServerMassageCode).toBe('invalid_reset_token');
    expect((await login(user.email, user.password)).statusCode).toBe(200);
  });

  it('check_reset_token tells the page first whether its link is usable: unknown, used and expired alike refused, nothing consumed', async () => {
    const check = (token: string) => postJson(t.app, '/api/check_reset_token', { token });
    const user = await registerUser(t.app, { userName: 'Gal' });
    const token = await resetToken(user.email);
    for (let i = 0; i < 2; i++) {
      const res = await check(token);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ ServerMassageCode: 'success' });
    }
    expect((await resetPassword(token, 'brand-new-1')).statusCode).toBe(200);
    expect((await check(token)).json()).toMatchObject({ ServerMassageCode: 'invalid_reset_token' });
    expect((await check(token)).statusCode).toBe(400);
    expect((await check('x'.repeat(43))).statusCode).toBe(400);
    expect((await check('short')).statusCode).toBe(400);

    const other = await registerUser(t.app, { userName: 'Noa' });
    const late = await resetToken(other.email);
    await t.db.db
      .update(passwordResetTokens)
      .set({ expiresAt: new Date(Date.now() - 60_000) })
      .where(eq(passwordResetTokens.userId, decodeJwt(other.token).user_id as number));
    const expired = await check(late);
    expect(expired.statusCode).toBe(400);
    expect(expired.json()).toMatchObject({ ServerMassageCode: 'invalid_reset_token' });
  });

  it('a second request replaces the first link', async () => {
    const user = await registerUser(t.app);
    const first = await resetToken(user.email);
    const second = await resetToken(user.email);
    expect(second).not.toBe(first);

    expect((await resetPassword(first, 'brand-new-pass')).json().ServerMassageCode).toBe(
      'invalid_reset_token',
    );
    expect((await resetPassword(second, 'brand-new-pass')).statusCode).toBe(200);
  });

  it('a link of one user cannot be used twice in a race', async () => {
    const user = await registerUser(t.app);
    const token = await resetToken(user.email);
    const answers = await Promise.all([
      resetPassword(token, 'racer-one-pass'),
      resetPassword(token, 'racer-two-pass'),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 400]);
  });

  it('an unregistered address: 404 password_reset_failed_user_is_not_registered and no mail', async () => {
    const res = await requestReset('nobody-at-all@example.com');
    expect(res.statusCode).toBe(404);
    expect(res.json().ServerMassageCode).toBe('password_reset_failed_user_is_not_registered');
    expect(await mailsTo(t.outboxDir, 'nobody-at-all@example.com')).toHaveLength(0);
  });

  it.each([
    ['an inner space', 'a b@example.com', 'invalid_email_spaces'],
    ['no at sign', 'example.com', 'invalid_email_format'],
    ['nothing', '', 'invalid_email_format'],
  ])('a request with %s is refused: %s', async (_what, email, code) => {
    const res = await requestReset(email);
    expect(res.statusCode).toBe(400);
    expect(res.json().ServerMassageCode).toBe(code);
  });

  it('a new password under 6 characters: 400 password_too_short, and the link still works', async () => {
    const user = await registerUser(t.app);
    const token = await resetToken(user.email);
    const short = await resetPassword(token, '12345');
    expect(short.statusCode).toBe(400);
    expect(short.json().ServerMassageCode).toBe('password_too_short');
    expect((await resetPassword(token, '123456')).statusCode).toBe(200);
  });

  it('a made-up or missing token: 400 invalid_reset_token', async () => {
    const madeUp = await resetPassword('A'.repeat(43), 'brand-new-pass');
    expect(madeUp.statusCode).toBe(400);
    expect(madeUp.json().ServerMassageCode).toBe('invalid_reset_token');
    const missing = await resetPassword(undefined, 'brand-new-pass');
    expect(missing.statusCode).toBe(400);
    expect(missing.json().ServerMassageCode).toBe('invalid_reset_token');
  });
});
