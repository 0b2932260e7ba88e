import { execFileSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.js';
import { DEMO_ACCOUNTS } from '../../src/db/seed/index.js';
import { publicAddressOf } from '../../src/plugins/public-address.js';
import { mailsTo, TEST_JWT_SECRET, type TestApp } from '../helpers/app.js';
import { createTripsTestApp, get } from './trips-fixtures.js';

/**
 * Issue 30 point 10: the links the server makes (the PDF's link and QR code, mails, the calendar feed) use the address
 * the web app's own links use: PUBLIC_URL when set, else the address the request came in on.
 */
describe('publicAddressOf', () => {
  const request = (protocol: 'http' | 'https', host: string) => ({ protocol, host, hostname: host.replace(/:\d+$/, '') });

  it('is PUBLIC_URL when it is set, whatever the request says', () => {
    expect(publicAddressOf(request('http', 'evil.example'), 'https://trips.example.com', 2)).toBe('https://trips.example.com');
  });

  it('is the request scheme and host, port kept, when PUBLIC_URL is unset', () => {
    expect(publicAddressOf(request('http', '192.168.1.5:3000'), null, 2)).toBe('http://192.168.1.5:3000');
    expect(publicAddressOf(request('https', 'trips.example.com'), null, 2)).toBe('https://trips.example.com');
  });

  it("leaves out a white-label sub-domain (the trip's links add their own)", () => {
    expect(publicAddressOf(request('https', 'alpine.trips.example.com'), null, 2)).toBe('https://trips.example.com');
    expect(publicAddressOf(request('http', 'alpine.trips.example.com:8080'), null, 2)).toBe('http://trips.example.com:8080');
  });

  it('is required in production, where a Host header must not choose where mailed links lead', () => {
    const base = { DATA_DIR: '/tmp/rides-config-test', JWT_SECRET: TEST_JWT_SECRET };
    expect(() => loadConfig({ ...base, NODE_ENV: 'production' })).toThrow(/PUBLIC_URL: required in production/);
    expect(loadConfig({ ...base, NODE_ENV: 'production', PUBLIC_URL: 'https://trips.example.com/' }).publicUrl).toBe(
      'https://trips.example.com',
    );
    expect(loadConfig({ ...base, NODE_ENV: 'development' }).publicUrl).toBeNull();
  });
});

describe('links on the address the request came in on (PUBLIC_URL unset)', () => {
  let t: TestApp;
  const host = 'trips.example:8080';
  beforeAll(async () => {
    t = await createTripsTestApp({ PUBLIC_URL: undefined });
  });
  afterAll(async () => {
    await t?.dispose();
  });

  it("the calendar feed's address", async () => {
    const res = await get(t, `/api/ride_calendar_feed_api/1`, { host });
    expect(res.statusCode).toBe(200);
    expect(res.json().feedUrl).toBe(`http://${host}/api/ride_export_api/1/ics`);
  });

  it('the reset mail', async () => {
    const email = DEMO_ACCOUNTS.traveller.email;
    const res = await t.app.inject({ method: 'POST', url: '/api/request_password_reset', payload: { email }, headers: { host } });
    expect(res.statusCode).toBe(200);
    await t.app.afterAnswer.settled();
    const [mail] = await mailsTo(t.outboxDir, email);
    expect(mail?.text).toContain(`http://${host}/reset-password?token=`);
  });

  it("the PDF's link to the live trip, less a white-label sub-domain", async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/generate-trip-pdf',
      payload: { rideId: 1, paperSize: 'A4' },
      headers: { host: 'alpine.trips.example.com:8080' },
    });
    expect(res.statusCode).toBe(200);
    const text = execFileSync('pdftotext', ['-enc', 'UTF-8', '-', '-'], { input: res.rawPayload }).toString('utf8');
    expect(text).toContain('http://trips.example.com:8080/single_ride_with_map/1');
  });
});
