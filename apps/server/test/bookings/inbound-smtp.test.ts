import { connect } from 'node:net';
import nodemailer from 'nodemailer';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.js';
import {
  INBOUND_MAX_RECIPIENTS,
  startInboundSmtp,
  type InboundMail,
  type InboundSmtp,
} from '../../src/modules/bookings/inbound-smtp.js';

/**
 * The inbound SMTP listener of bookings by mail (issue 34): a real SMTP server on a free port, real mail sent to it by
 * nodemailer or, where the exact reply of one command matters, by a raw socket.
 */

const MAX_BYTES = 4000;
/** The trips' addresses: local part -> trip id. */
const TRIPS: Record<string, string> = {
  'noa-k7q2': '101',
  'alps-9xz': '202',
  'extra-1': '301',
  'extra-2': '302',
  'extra-3': '303',
  'extra-4': '304',
};
/** A second address of trip 101 (as a resolver might keep for a while). */
const ALIASES: Record<string, string> = { 'noa-second': '101' };

let smtp: InboundSmtp;
let accepted: InboundMail[] = [];
let looked: string[] = [];
let failAccept = false;
let failLookup = false;
const logged: string[] = [];

beforeAll(async () => {
  smtp = await startInboundSmtp({
    port: 0,
    host: '127.0.0.1',
    domain: 'Trips.Example.com',
    maxBytes: MAX_BYTES,
    resolveRecipient: async (localPart) => {
      looked.push(localPart);
      if (failLookup) throw new Error('database lost');
      return TRIPS[localPart] ?? ALIASES[localPart] ?? null;
    },
    accept: async (mail) => {
      if (failAccept) throw new Error('database lost');
      accepted.push(mail);
    },
    log: { info: () => {}, warn: (_o, msg) => void logged.push(msg) },
  });
});
afterAll(() => smtp.close());
beforeEach(() => {
  accepted = [];
  looked = [];
  failAccept = false;
  failLookup = false;
});

const MESSAGE = [
  'From: Noa Levi <noa@example.org>',
  'To: noa-k7q2@trips.example.com',
  'Subject: Your El Al booking X7K2LM',
  'Message-ID: <x7k2lm@example.org>',
  'Content-Type: text/plain; charset=utf-8',
  '',
  'Flight LY 315 TLV 2027-03-10 06:15 - ZRH 09:05',
  '.a line that starts with a dot',
  '',
].join('\r\n');

const transport = () =>
  nodemailer.createTransport({
    host: '127.0.0.1',
    port: smtp.port,
    secure: false,
    ignoreTLS: true,
    name: 'sender.example.org',
  });

/** A raw SMTP dialogue: each `send` answers the server's full reply (multi-line replies joined). */
async function dial() {
  const socket = connect(smtp.port, '127.0.0.1');
  socket.setEncoding('utf8');
  let buffer = '';
  const replies: string[] = [];
  const waiting: ((reply: string) => void)[] = [];
  socket.on('data', (data: string) => {
    buffer += data;
    for (
      let m = /^(?:\d{3}-[^\r\n]*\r\n)*\d{3} [^\r\n]*\r\n/.exec(buffer);
      m;
      m = /^(?:\d{3}-[^\r\n]*\r\n)*\d{3} [^\r\n]*\r\n/.exec(buffer)
    ) {
      buffer = buffer.slice(m[0].length);
      const reply = m[0].trimEnd();
      const w = waiting.shift();
      if (w) w(reply);
      else replies.push(reply);
    }
  });
  const next = () =>
    new Promise<string>((resolve) => {
      const r = replies.shift();
      if (r !== undefined) resolve(r);
      else waiting.push(resolve);
    });
  expect(await next()).toMatch(/^220 /);
  return {
    send: (line: string) => {
      socket.write(`${line}\r\n`);
      return next();
    },
    write: (data: string) => socket.write(data),
    next,
    close: () => socket.destroy(),
  };
}

describe('inbound SMTP listener', () => {
  it('takes a mail for a trip: accept gets the trip, the envelope sender and the bytes as sent', async () => {
    const info = await transport().sendMail({
      envelope: { from: 'bounce@example.org', to: ['noa-k7q2@TRIPS.example.com'] },
      raw: MESSAGE,
    });
    expect(info.rejected).toEqual([]);
    expect(looked).toEqual(['noa-k7q2']);
    expect(accepted).toHaveLength(1);
    expect(accepted[0]!.tripId).toBe('101');
    expect(accepted[0]!.from).toBe('bounce@example.org');
    // Dot-stuffing undone: the message is the one sent.
    expect(Buffer.from(accepted[0]!.raw).toString('utf8')).toBe(MESSAGE);
  });

  it('advertises its size limit and neither STARTTLS nor AUTH', async () => {
    const c = await dial();
    const ehlo = await c.send('EHLO sender.example.org');
    expect(ehlo).toMatch(/^250[ -]/);
    expect(ehlo).toContain(`SIZE ${MAX_BYTES}`);
    expect(ehlo).not.toMatch(/STARTTLS|AUTH/);
    c.close();
  });

  it.each([
    ['an unknown address', 'someone-else@trips.example.com'],
    ['an address of another domain', 'noa-k7q2@elsewhere.example.com'],
    ['a sub-domain of ours', 'noa-k7q2@mail.trips.example.com'],
  ])('refuses %s at RCPT TO with 550', async (_name, to) => {
    const c = await dial();
    await c.send('EHLO sender.example.org');
    expect(await c.send('MAIL FROM:<bounce@example.org>')).toMatch(/^250 /);
    expect(await c.send(`RCPT TO:<${to}>`)).toMatch(/^550 .*No such mailbox/);
    expect(await c.send('DATA')).toMatch(/^503 /);
    c.close();
    expect(accepted).toEqual([]);
  });

  it('refuses a mail to an unknown address sent by nodemailer (the sender gets the 550)', async () => {
    await expect(
      transport().sendMail({
        envelope: { from: 'bounce@example.org', to: ['reset-old@trips.example.com'] },
        raw: MESSAGE,
      }),
    ).rejects.toMatchObject({ responseCode: 550 });
    expect(accepted).toEqual([]);
  });

  it('a recipient that cannot be looked up now answers 451 (try again later)', async () => {
    failLookup = true;
    const c = await dial();
    await c.send('EHLO sender.example.org');
    await c.send('MAIL FROM:<bounce@example.org>');
    expect(await c.send('RCPT TO:<noa-k7q2@trips.example.com>')).toMatch(/^451 /);
    c.close();
  });

  it('refuses a message over the limit with 552: declared at MAIL FROM, or sent without saying', async () => {
    const c = await dial();
    await c.send('EHLO sender.example.org');
    expect(await c.send(`MAIL FROM:<bounce@example.org> SIZE=${MAX_BYTES + 1}`)).toMatch(/^552 /);

    expect(await c.send('MAIL FROM:<bounce@example.org>')).toMatch(/^250 /);
    expect(await c.send('RCPT TO:<noa-k7q2@trips.example.com>')).toMatch(/^250 /);
    expect(await c.send('DATA')).toMatch(/^354 /);
    c.write('Subject: big\r\n\r\n');
    for (let i = 0; i < 100; i++) c.write(`${'x'.repeat(98)}\r\n`); // 10 KB, past the 4 KB limit
    expect(await c.send('.')).toMatch(/^552 /);
    expect(accepted).toEqual([]);

    // The connection goes on: the next message, within the limit, is taken.
    await c.send('MAIL FROM:<bounce@example.org>');
    await c.send('RCPT TO:<noa-k7q2@trips.example.com>');
    await c.send('DATA');
    c.write('Subject: small\r\n\r\nLY 315\r\n');
    expect(await c.send('.')).toMatch(/^250 /);
    expect(accepted.map((m) => Buffer.from(m.raw).toString())).toEqual(['Subject: small\r\n\r\nLY 315\r\n']);
    c.close();
  });

  it('an accept that throws answers 451 and the server goes on taking mail', async () => {
    failAccept = true;
    await expect(
      transport().sendMail({
        envelope: { from: 'bounce@example.org', to: ['noa-k7q2@trips.example.com'] },
        raw: MESSAGE,
      }),
    ).rejects.toMatchObject({ responseCode: 451 });
    failAccept = false;
    await transport().sendMail({
      envelope: { from: 'bounce@example.org', to: ['noa-k7q2@trips.example.com'] },
      raw: MESSAGE,
    });
    expect(accepted.map((m) => m.tripId)).toEqual(['101']);
  });

  it('one mail to two trips is accepted once for each; two addresses of one trip once', async () => {
    await transport().sendMail({
      envelope: {
        from: 'bounce@example.org',
        to: ['noa-k7q2@trips.example.com', 'alps-9xz@trips.example.com', 'noa-second@trips.example.com'],
      },
      raw: MESSAGE,
    });
    expect(looked).toEqual(['noa-k7q2', 'alps-9xz', 'noa-second']);
    expect(accepted.map((m) => m.tripId).sort()).toEqual(['101', '202']);
    expect(new Set(accepted.map((m) => Buffer.from(m.raw).toString()))).toEqual(new Set([MESSAGE]));
  });

  it('a mail with a refused recipient still reaches the good one; a bounce (MAIL FROM:<>) has no sender', async () => {
    const c = await dial();
    await c.send('EHLO sender.example.org');
    expect(await c.send('MAIL FROM:<>')).toMatch(/^250 /);
    expect(await c.send('RCPT TO:<nobody@trips.example.com>')).toMatch(/^550 /);
    expect(await c.send('RCPT TO:<alps-9xz@trips.example.com>')).toMatch(/^250 /);
    await c.send('DATA');
    c.write('Subject: delivery status\r\n\r\nreturned\r\n');
    expect(await c.send('.')).toMatch(/^250 /);
    c.close();
    expect(accepted).toEqual([{ tripId: '202', from: null, raw: expect.any(Uint8Array) }]);
  });

  it(`takes at most ${INBOUND_MAX_RECIPIENTS} recipients a message (452 past them)`, async () => {
    const c = await dial();
    await c.send('EHLO sender.example.org');
    await c.send('MAIL FROM:<bounce@example.org>');
    const replies = [];
    for (const a of Object.keys(TRIPS))
      replies.push((await c.send(`RCPT TO:<${a}@trips.example.com>`)).slice(0, 3));
    expect(replies).toEqual(['250', '250', '250', '250', '250', '452']);
    c.close();
  });

  it('is configured by INBOUND_SMTP_PORT and INBOUND_MAIL_DOMAIN together, or not at all', () => {
    const env = { JWT_SECRET: 'x'.repeat(32) };
    expect(loadConfig(env).inboundMail).toBeNull();
    expect(
      loadConfig({ ...env, INBOUND_SMTP_PORT: '2525', INBOUND_MAIL_DOMAIN: 'Trips.Example.com' }).inboundMail,
    ).toEqual({
      port: 2525,
      host: '0.0.0.0',
      domain: 'trips.example.com',
    });
    expect(() => loadConfig({ ...env, INBOUND_SMTP_PORT: '2525' })).toThrow(/INBOUND_MAIL_DOMAIN/);
    expect(() =>
      loadConfig({ ...env, INBOUND_SMTP_PORT: '2525', INBOUND_MAIL_DOMAIN: 'not a domain' }),
    ).toThrow(/INBOUND_MAIL_DOMAIN/);
  });
});
