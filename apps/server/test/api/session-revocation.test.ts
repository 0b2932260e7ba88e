import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../src/db/schema/index.js';
import { signSessionToken } from '../../src/lib/tokens.js';
import { createTestApp, mailsTo, postJson, registerUser, type TestApp } from '../helpers/app.js';

/** A session token is refused once its user resets the password, or when the user no longer exists. */
describe('session revocation', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.dispose());

  const withToken = (token: string) =>
    t.app.inject({ method: 'GET', url: '/api/health', headers: { authorization: `Bearer ${token}` } });

  it('a password reset signs out the sessions issued before it; a new sign-in works', async () => {
    const user = await registerUser(t.app);
    expect((await withToken(user.token)).statusCode).toBe(200);

    // Another token of the same session generation (a second device), issued in the same second as the reset.
    const [row] = await t.db.db.select({ id: users.id }).from(users).where(eq(users.email, user.email));
    const older = await signSessionToken(t.config.jwtSecret, 1, { id: row!.id, role: 'user', tokenVersion: 0 });

    await postJson(t.app, '/api/request_password_reset', { email: user.email });
    await t.app.afterAnswer.settled(); // the mail goes after the answer
    const [mail] = await mailsTo(t.outboxDir, user.email);
    const token = /token=([\w-]+)/.exec(mail!.text)![1]!;
    expect((await postJson(t.app, '/api/reset_password', { token, newPassword: 'brand-new-pass' })).statusCode).toBe(200);

    for (const token of [older, user.token]) {
      const refused = await withToken(token);
      expect(refused.statusCode).toBe(401);
      expect(refused.json().ServerMassageCode).toBe('user_is_not_authorized');
    }

    const login = await postJson(t.app, '/api/app_login', { email: user.email, password: 'brand-new-pass' });
    expect(login.statusCode).toBe(200);
    expect((await withToken(login.json().token)).statusCode).toBe(200);
  });

  it('a token of a user who no longer exists is refused', async () => {
    const ghost = await signSessionToken(t.config.jwtSecret, 1, { id: 987_654, role: 'user', tokenVersion: 0 });
    const res = await withToken(ghost);
    expect(res.statusCode).toBe(401);
    expect(res.json().ServerMassageCode).toBe('user_is_not_authorized');
  });
});
