import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contactMessages } from '../../src/db/schema/index.js';
import { createTestApp, postJson, uniqueEmail, type TestApp } from '../helpers/app.js';
import { startTestSmtp, type TestSmtp } from '../helpers/smtp.js';

const OWNER = 'owner@rides.test';

/** contact_form_api (no auth; 001 §2 contact modal, §5, §7, §8; 002 §5), mailed through a real SMTP server. */
describe('contact_form_api', () => {
  let smtp: TestSmtp;
  let t: TestApp;
  beforeAll(async () => {
    smtp = await startTestSmtp();
    t = await createTestApp({
      SMTP_URL: smtp.url,
      OWNER_EMAIL: OWNER,
      MAIL_FROM: 'rides <no-reply@rides.test>',
    });
  });
  afterAll(async () => {
    await t?.dispose();
    await smtp?.close();
  });

  const send = (body: Record<string, unknown>, ip?: string) =>
    postJson(t.app, '/api/contact_form_api', body, ip ? { ip } : {});
  const stored = (email: string) =>
    t.db.db.select().from(contactMessages).where(eq(contactMessages.email, email));

  it('stores the message and mails it to the owner with Reply-To the sender', async () => {
    const email = uniqueEmail('contact');
    const message = 'Hello, can you plan 10 days in the Alps for a family of five?';
    const res = await send({
      name: 'Ruth',
      email: `  ${email.toUpperCase()} `,
      phone: '+972 50-123-4567',
      message,
    });

    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ServerMassageCode: 'contact_form_success' });

    const rows = await stored(email);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ name: 'Ruth', email, phone: '+972 50-123-4567', message });
    expect(rows[0]?.mailedAt).toBeInstanceOf(Date);

    const mail = smtp.messages.find((m) => m.headers['reply-to']?.includes(email));
    expect(mail, 'a mail with Reply-To the sender').toBeDefined();
    expect(mail!.to).toEqual([OWNER]);
    expect(mail!.from).toBe('no-reply@rides.test');
    expect(mail!.headers['reply-to']).toBe(email);
    expect(mail!.body).toContain(message);
    expect(mail!.body).toContain('+972 50-123-4567');
    expect(mail!.headers.subject).toContain('Ruth');
  });

  it('carries a Hebrew message intact', async () => {
    const email = uniqueEmail('hebrew');
    const message = 'שלום, אפשר לתכנן טיול של שבוע בצפון?';
    expect((await send({ name: 'רות', email, message })).statusCode).toBe(200);
    const mail = smtp.messages.find((m) => m.headers['reply-to'] === email);
    expect(mail?.body).toContain(message);
  });

  it.each([
    ['no name', { name: undefined }, 'name_required'],
    ['a blank name', { name: '   ' }, 'name_required'],
    ['no message', { message: undefined }, 'message_required'],
    ['a blank message', { message: ' \n\t ' }, 'message_required'],
    ['a bad address', { email: 'ruth@' }, 'invalid_email_format'],
    ['an address with a space', { email: 'ru th@example.com' }, 'invalid_email_spaces'],
  ])('refuses %s with 400 %s, and neither stores nor mails it', async (_what, change, code) => {
    const email = uniqueEmail('refused');
    const mailsBefore = smtp.messages.length;
    const res = await send({ name: 'Ruth', email, message: 'Hi there', ...change });
    expect(res.statusCode).toBe(400);
    expect(res.json().ServerMassageCode).toBe(code);
    expect(await stored(email)).toHaveLength(0);
    expect(smtp.messages.length).toBe(mailsBefore);
  });
});

describe('contact_form_api rate limit', () => {
  it('the 6th message in a minute from one address: 429, other addresses unaffected', async () => {
    const smtp = await startTestSmtp();
    const t = await createTestApp({ SMTP_URL: smtp.url, OWNER_EMAIL: OWNER });
    try {
      const body = { name: 'Spammer', email: 'spam@example.com', message: 'buy now' };
      for (let i = 1; i <= 5; i++) {
        const res = await postJson(t.app, '/api/contact_form_api', body, { ip: '192.0.2.77' });
        expect(res.statusCode, `message ${i}`).toBe(200);
      }
      const sixth = await postJson(t.app, '/api/contact_form_api', body, { ip: '192.0.2.77' });
      expect(sixth.statusCode).toBe(429);
      expect(sixth.json().ServerMassageCode).toBe('too_many_requests');
      expect(smtp.messages).toHaveLength(5);

      const other = await postJson(t.app, '/api/contact_form_api', body, { ip: '192.0.2.78' });
      expect(other.statusCode).toBe(200);
    } finally {
      await t.dispose();
      await smtp.close();
    }
  });
});

describe('contact_form_api when the mail server is down', () => {
  it('keeps the message and tells the sender it did not go out: 500 contact_form_error', async () => {
    // Nothing listens on port 9 of localhost (discard); the send fails fast.
    const t = await createTestApp({ SMTP_URL: 'smtp://127.0.0.1:9', OWNER_EMAIL: OWNER });
    try {
      const email = uniqueEmail('down');
      const res = await postJson(t.app, '/api/contact_form_api', {
        name: 'Ruth',
        email,
        message: 'Are you there?',
      });
      expect(res.statusCode).toBe(500);
      expect(res.json()).toEqual({ ServerMassageCode: 'contact_form_error' });
      const rows = await t.db.db.select().from(contactMessages).where(eq(contactMessages.email, email));
      expect(rows).toHaveLength(1);
      expect(rows[0]?.mailedAt).toBeNull();
    } finally {
      await t.dispose();
    }
  });
});
