import { connect } from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.js';

/**
 * Every answer under /api carries the envelope, also those the framework gives before any route runs (issue 15
 * point 7, decision 0025): a path that is not valid percent-encoding, an over-long path parameter (414), and what
 * Node's HTTP parser refuses (431 for headers over its limit, 400 for what is not HTTP). inject() goes around Node's
 * parser, so the parser's answers are checked on a real socket.
 */

let t: TestApp;
let port: number;
beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  port = (t.app.server.address() as AddressInfo).port;
});
afterAll(() => t.dispose());

/** Sends raw bytes and answers everything the server writes until it closes the connection. */
function raw(request: string): Promise<{ status: number; headers: string; body: string }> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    socket.on('data', (c) => chunks.push(c));
    socket.on('error', reject);
    socket.on('close', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      const [head = '', body = ''] = text.split('\r\n\r\n');
      resolve({ status: Number(/^HTTP\/1\.1 (\d{3})/.exec(head)?.[1] ?? 0), headers: head, body });
    });
    socket.write(request);
  });
}

describe('answers of the router', () => {
  it("a malformed path: 400 bad_request (it was Fastify's FST_ERR_BAD_URL body)", async () => {
    for (const url of ['/api/ride_header_api/%', '/api/ride_header_api/%zz', '/api/no_such_call/%E0%A4%A']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(400);
      expect(res.json(), url).toEqual({ ServerMassageCode: 'bad_request' });
      expect(res.headers['content-type']).toMatch(/^application\/json/);
    }
  });

  it('a path parameter over the limit: 414 uri_too_long', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/api/ride_header_api/${'1'.repeat(600)}` });
    expect(res.statusCode).toBe(414);
    expect(res.json()).toEqual({ ServerMassageCode: 'uri_too_long' });
    expect(res.body).not.toMatch(/FST_|statusCode|message/);
  });

  it('the same on a real connection', async () => {
    const res = await raw('GET /api/ride_header_api/% HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n');
    expect(res.status).toBe(400);
    expect(JSON.parse(res.body)).toEqual({ ServerMassageCode: 'bad_request' });
  });
});

describe("answers of Node's HTTP parser (real socket)", () => {
  it('headers over the limit: 431 request_header_fields_too_large with the envelope', async () => {
    const res = await raw(`GET /api/health HTTP/1.1\r\nHost: x\r\nCookie: ${'a'.repeat(20_000)}\r\n\r\n`);
    expect(res.status).toBe(431);
    expect(res.headers).toMatch(/content-type: application\/json/i);
    expect(JSON.parse(res.body)).toEqual({ ServerMassageCode: 'request_header_fields_too_large' });
  });

  it('a request line over the limit is the same 431', async () => {
    const res = await raw(`GET /api/ride_header_api/${'9'.repeat(20_000)} HTTP/1.1\r\nHost: x\r\n\r\n`);
    expect(res.status).toBe(431);
    expect(JSON.parse(res.body)).toEqual({ ServerMassageCode: 'request_header_fields_too_large' });
  });

  it('what is not HTTP: 400 bad_request with the envelope', async () => {
    const res = await raw('THIS IS NOT HTTP\r\n\r\n');
    expect(res.status).toBe(400);
    expect(JSON.parse(res.body)).toEqual({ ServerMassageCode: 'bad_request' });
  });

  it('the server still answers afterwards', async () => {
    const res = await fetch(`http://127.0.0.1:${port}/api/health`);
    expect(res.status).toBe(200);
    expect(((await res.json()) as { ServerMassageCode: string }).ServerMassageCode).toBe('success');
  });
});

describe('while the server drains (real socket)', () => {
  /** A server of its own, listening, and a raw connection to it that records everything the server writes. */
  async function drainingServer() {
    const own = await createTestApp();
    await own.app.listen({ host: '127.0.0.1', port: 0 });
    const socket = connect((own.app.server.address() as AddressInfo).port, '127.0.0.1');
    const chunks: Buffer[] = [];
    socket.on('data', (c) => chunks.push(c));
    const ended = new Promise<void>((resolve) => socket.on('close', () => resolve()));
    const answers = () =>
      Buffer.concat(chunks)
        .toString('utf8')
        .split(/(?=HTTP\/1\.1 )/);
    return { own, socket, ended, answers };
  }
  const status = (answer: string) => Number(/^HTTP\/1\.1 (\d{3})/.exec(answer)?.[1]);
  const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

  it('a request in flight is answered, and its connection closes after the answer (a request queued behind it on that connection is not taken)', async () => {
    const { own, socket, ended, answers } = await drainingServer();
    try {
      // The first request's body is still on its way when the server starts closing: it is in flight, so the server
      // waits for it. Its answer says "Connection: close" (RFC 9112 §9.6: the client retries what it queued behind),
      // so a kept-alive client cannot hold the shutdown until the keep-alive timeout.
      const body = JSON.stringify({ name: 'Dana', email: 'dana@example.com', message: 'Hello' });
      socket.write(
        `POST /api/contact_form_api HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n${body.slice(0, 5)}`,
      );
      await pause(200);
      const closed = own.app.close();
      await pause(100);
      socket.write(`${body.slice(5)}GET /api/health HTTP/1.1\r\nHost: x\r\n\r\n`);
      await closed;
      await ended;
      const [first, ...rest] = answers();
      expect(status(first ?? '')).toBe(200);
      expect(first).toMatch(/\r\nconnection: close\r\n/i);
      expect(rest.map(status).filter((s) => s !== 503)).toEqual([]);
    } finally {
      await own.dispose();
    }
  });

  it('a request whose headers were still arriving when the drain began answers 503 service_unavailable with the envelope', async () => {
    const { own, socket, ended, answers } = await drainingServer();
    try {
      socket.write('GET /api/health HTTP/1.1\r\nHost: x\r\n');
      await pause(200);
      const closed = own.app.close();
      await pause(100);
      socket.write('\r\n');
      await closed;
      await ended;
      const [only, ...rest] = answers();
      expect(rest).toEqual([]);
      expect(status(only ?? '')).toBe(503);
      expect(JSON.parse(only?.split('\r\n\r\n')[1] ?? '')).toEqual({
        ServerMassageCode: 'service_unavailable',
      });
    } finally {
      await own.dispose();
    }
  });
});
