import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, nextIp, postJson, registerUser, type TestApp } from '../helpers/app.js';

/** The old clients posted forms: every POST takes JSON, url-encoded and multipart bodies (DESIGN.md §4). */
describe('request bodies (app_login)', () => {
  let t: TestApp;
  let user: { email: string; password: string };
  beforeAll(async () => {
    t = await createTestApp();
    user = await registerUser(t.app);
  });
  afterAll(async () => {
    await t?.dispose();
  });

  const post = (payload: string | Buffer, contentType: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/app_login',
      payload,
      remoteAddress: nextIp(),
      headers: { 'content-type': contentType },
    });

  /** No stack trace, no file paths, no framework messages: only our envelope. */
  const expectCleanError = (body: string) => {
    expect(body).not.toMatch(/"stack"|\n\s+at |\bat [\w.<>]+ \(|node_modules|\.ts:\d+|FST_/);
    const json = JSON.parse(body);
    expect(typeof json.ServerMassageCode).toBe('string');
    expect(Object.keys(json).every((k) => ['ServerMassageCode', 'errors', 'code'].includes(k))).toBe(true);
  };

  it('accepts JSON', async () => {
    const res = await post(
      JSON.stringify({ email: user.email, password: user.password }),
      'application/json',
    );
    expect(res.statusCode).toBe(200);
    expect(res.json().code).toBe(1);
  });

  it('accepts application/x-www-form-urlencoded, with the address lowercased', async () => {
    const form = new URLSearchParams({
      email: user.email.toUpperCase(),
      password: user.password,
      timezone: 'Asia/Jerusalem',
    });
    const res = await post(form.toString(), 'application/x-www-form-urlencoded');
    expect(res.statusCode).toBe(200);
    expect(res.json().code).toBe(1);
  });

  it('accepts multipart/form-data', async () => {
    const boundary = '----ridesTestBoundary7MA4YWxkTrZu0gW';
    const part = (name: string, value: string) =>
      `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
    const payload =
      part('email', user.email) +
      part('password', user.password) +
      part('languages', 'he-IL') +
      `--${boundary}--\r\n`;
    const res = await post(payload, `multipart/form-data; boundary=${boundary}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().code).toBe(1);
  });

  it('answers a wrong password the same way whatever the body format', async () => {
    const form = new URLSearchParams({ email: user.email, password: 'wrong-password' });
    const res = await post(form.toString(), 'application/x-www-form-urlencoded');
    expect(res.statusCode).toBe(401);
    expect(res.json().ServerMassageCode).toBe('wrong_password');
  });

  it('answers malformed JSON with 400 bad_request as JSON, without a stack trace', async () => {
    const res = await post('{"email": "a@b.co", "password": ', 'application/json');
    expect(res.statusCode).toBe(400);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.json().ServerMassageCode).toBe('bad_request');
    expectCleanError(res.body);
  });

  it('answers an empty JSON body with 400', async () => {
    const res = await post('', 'application/json');
    expect(res.statusCode).toBe(400);
    expectCleanError(res.body);
  });

  it('answers a body over 1 MB with 413 payload_too_large', async () => {
    const big = JSON.stringify({ email: user.email, password: 'x'.repeat(1024 * 1024 + 10) });
    const res = await post(big, 'application/json');
    expect(res.statusCode).toBe(413);
    expect(res.json().ServerMassageCode).toBe('payload_too_large');
    expectCleanError(res.body);
  });

  it('answers a malformed multipart body with 400, not a server error', async () => {
    const boundary = 'cutOffBoundary';
    for (const [payload, contentType] of [
      ['garbage without any boundary', `multipart/form-data; boundary=${boundary}`],
      [
        `--${boundary}\r\nContent-Disposition: form-data; name="email"\r\n\r\nabc`,
        `multipart/form-data; boundary=${boundary}`,
      ],
      ['email=x', 'multipart/form-data'],
    ]) {
      const res = await post(payload as string, contentType as string);
      expect(res.statusCode, `${contentType}: ${payload}`).toBe(400);
      expect(res.json().ServerMassageCode).toBe('bad_request');
      expectCleanError(res.body);
    }
  });

  it('answers a url-encoded body over its 64 KB limit with 413', async () => {
    const res = await post(
      `email=${encodeURIComponent(user.email)}&password=${'x'.repeat(70_000)}`,
      'application/x-www-form-urlencoded',
    );
    expect(res.statusCode).toBe(413);
    expect(res.json().ServerMassageCode).toBe('payload_too_large');
  });

  it('refuses JSON that tries to set __proto__ or constructor.prototype', async () => {
    for (const payload of [
      `{"email":"${user.email}","password":"${user.password}","__proto__":{"role":"manager"}}`,
      `{"email":"${user.email}","password":"${user.password}","constructor":{"prototype":{"role":"manager"}}}`,
    ]) {
      const res = await post(payload, 'application/json');
      expect(res.statusCode).toBe(400);
      expectCleanError(res.body);
    }
  });

  it('answers a wrong type (email: 123) with 400', async () => {
    const res = await post(JSON.stringify({ email: 123, password: user.password }), 'application/json');
    expect(res.statusCode).toBe(400);
    expect(res.json().ServerMassageCode).toBe('invalid_email_format');
    expectCleanError(res.body);
  });

  it('answers an array body with 400', async () => {
    const res = await post(JSON.stringify([user.email, user.password]), 'application/json');
    expect(res.statusCode).toBe(400);
    expectCleanError(res.body);
  });

  it('answers an unsupported content type with 415', async () => {
    const res = await post(`<login><email>${user.email}</email></login>`, 'application/xml');
    expect(res.statusCode).toBe(415);
    expect(res.json().ServerMassageCode).toBe('unsupported_media_type');
  });

  it('plain text is not a login: 415', async () => {
    const res = await post(`email=${user.email}&password=${user.password}`, 'text/plain');
    expect(res.statusCode).toBe(415);
    expect(res.json().ServerMassageCode).toBe('unsupported_media_type');
  });

  it('a JSON string where an object is expected is refused', async () => {
    const res = await postJson(t.app, '/api/app_login', '"just a string"');
    expect(res.statusCode).toBe(400);
    expectCleanError(res.body);
  });
});
