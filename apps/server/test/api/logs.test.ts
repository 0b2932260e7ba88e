import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, mailsTo, postJson, registerUser, type TestApp } from '../helpers/app.js';

/**
 * Issue 2: "Logs never hold passwords, tokens or reset links in production mode." The real app logs at info
 * level into a buffer while a user registers, signs in, asks for a reset and opens the mailed link.
 */
describe('logs in production mode', () => {
  let t: TestApp;
  const lines: string[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _enc, done) {
      lines.push(chunk.toString('utf8'));
      done();
    },
  });

  beforeAll(async () => {
    t = await createTestApp({ NODE_ENV: 'production', LOG_LEVEL: 'info' }, { logStream: sink });
  });
  afterAll(() => t.dispose());

  it('hold no password, session token, reset token or reset link', async () => {
    const password = 'Very-Secret-Pass-42';
    const user = await registerUser(t.app, { password });
    const login = await postJson(t.app, '/api/app_login', { email: user.email, password });
    expect(login.statusCode).toBe(200);
    const token = login.json<{ token: string }>().token;
    await t.app.inject({ method: 'GET', url: '/api/health', headers: { authorization: `Bearer ${token}` } });
    await postJson(t.app, '/api/app_login', { email: user.email, password: 'Wrong-Secret-99' });

    expect((await postJson(t.app, '/api/request_password_reset', { email: user.email })).statusCode).toBe(200);
    await t.app.afterAnswer.settled(); // the mail goes after the answer
    const [mail] = await mailsTo(t.outboxDir, user.email);
    const link = /https?:\/\/\S+\/reset-password\?token=([\w-]+)/.exec(mail!.text);
    expect(link).not.toBeNull();
    const resetToken = link![1]!;
    await t.app.inject({ method: 'GET', url: `/reset-password?token=${resetToken}` });
    await postJson(t.app, '/api/reset_password', { token: resetToken, newPassword: 'Another-Secret-77' });

    const log = lines.join('');
    expect(log).toContain('incoming request'); // the logger really ran
    for (const secret of [password, 'Wrong-Secret-99', 'Another-Secret-77', token, resetToken, link![0]]) {
      expect(log).not.toContain(secret);
    }
  });
});
