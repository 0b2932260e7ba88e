import { createServer, connect, type Server, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, postJson, registerUser, type TestApp } from '../helpers/app.js';
import { startTestSmtp, type TestSmtp } from '../helpers/smtp.js';

/**
 * Issue 15 point 4: request_password_reset answers a known address without waiting for the mail server (the mail
 * goes after the answer), so the answer's time does not depend on the mailer; the mail still arrives.
 * The SMTP server sits behind a gate that holds every connection until the test opens it.
 */
describe('request_password_reset does not wait for the mailer', () => {
  let smtp: TestSmtp;
  let gate: Server;
  let open: () => void = () => undefined;
  const opened = new Promise<void>((resolve) => (open = resolve));
  const sockets: Socket[] = [];
  let t: TestApp;

  beforeAll(async () => {
    smtp = await startTestSmtp();
    const smtpPort = Number(new URL(smtp.url).port);
    gate = createServer((client) => {
      sockets.push(client);
      client.pause();
      void opened.then(() => {
        const upstream = connect(smtpPort, '127.0.0.1');
        sockets.push(upstream);
        client.pipe(upstream).pipe(client);
        client.resume();
      });
    });
    await new Promise<void>((resolve) => gate.listen(0, '127.0.0.1', resolve));
    const { port } = gate.address() as AddressInfo;
    t = await createTestApp({ SMTP_URL: `smtp://127.0.0.1:${port}`, MAIL_FROM: 'rides@example.com' });
  });
  afterAll(async () => {
    open();
    await t?.dispose();
    for (const s of sockets) s.destroy();
    await new Promise<void>((resolve) => gate.close(() => resolve()));
    await smtp?.close();
  });

  it('answers password_reset_email_sent while the mail server has not answered yet; the mail arrives after', async () => {
    const user = await registerUser(t.app);
    const res = await postJson(t.app, '/api/request_password_reset', { email: user.email });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ServerMassageCode: 'password_reset_email_sent' });
    expect(smtp.messages).toHaveLength(0); // the mailer is still held at the gate

    open();
    await vi.waitFor(() => expect(smtp.messages.map((m) => m.to)).toContainEqual([user.email]), { timeout: 10_000 });
    const mail = smtp.messages.find((m) => m.to.includes(user.email))!;
    // The mail has a text and an HTML part, quoted-printable: undo the soft line breaks and the encoded '='.
    const raw = mail.raw.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
    const token = /reset-password\?token=([\w-]+)/.exec(raw)?.[1];
    expect(token).toBeDefined();
    const reset = await postJson(t.app, '/api/reset_password', { token, newPassword: 'after-the-answer' });
    expect(reset.json()).toEqual({ ServerMassageCode: 'password_reset_success' });
  });

  it('an unknown address keeps the spec\'s code', async () => {
    const res = await postJson(t.app, '/api/request_password_reset', { email: 'nobody-here@example.com' });
    expect(res.statusCode).toBe(404);
    expect(res.json().ServerMassageCode).toBe('password_reset_failed_user_is_not_registered');
  });
});
