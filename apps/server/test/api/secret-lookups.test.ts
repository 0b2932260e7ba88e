import { randomBytes } from 'node:crypto';
import { rideKeyFullInformationResponse } from '@rides/contract';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../helpers/app.js';
import { makeTrip, newUser, type Editor } from './trip-editing-fixtures.js';
import { createTripsTestApp } from './trips-fixtures.js';

/**
 * Issue 31 point 4 (decision 0052): looking a secret up is not free. Every call that finds something by its secret
 * (get_assigned_ride_key_information, add_user_to_ride_privacy_api with an access or one-time key, check_reset_token,
 * reset_password, sign_in_with_link, a calendar feed's ?token=) counts the wrong ones against the client's address;
 * SECRET_LOOKUP_MAX_FAILURES (20) of them lock that address out of all those calls for the lock time: 429
 * too_many_requests with Retry-After. Another address is still answered, and right secrets are never counted.
 */
describe('secret look-ups are limited per address', () => {
  let t: TestApp;
  let planner: Editor;
  let client: Editor;
  let rideId: number;
  let key: string;
  beforeAll(async () => {
    t = await createTripsTestApp();
    planner = await newUser(t, 'manager');
    client = await newUser(t, 'user');
    rideId = (await makeTrip(t, { authorId: planner.id, days: 1, perDay: [['a1']], type: 'private', rideManagerId: planner.id })).rideId;
    const res = await post('get_assigned_ride_key_full_information', { ride_id: rideId }, '10.200.0.1', planner.headers);
    expect(res.statusCode, res.body).toBe(200);
    key = rideKeyFullInformationResponse.parse(res.json()).rideKeyData.rideKeyValue;
  });
  afterAll(async () => {
    await t?.dispose();
  });

  function post(url: string, payload: unknown, ip: string, headers: Record<string, string> = {}): Promise<LightMyRequestResponse> {
    return t.app.inject({ method: 'POST', url: `/api/${url}`, payload: payload as object, remoteAddress: ip, headers: { 'content-type': 'application/json', ...headers } });
  }
  /** A well-formed key that is no key of ours (as a guesser would send: 32 URL-safe characters). */
  const guess = () => randomBytes(24).toString('base64url');
  const keyInfo = (k: string, ip: string) => post('get_assigned_ride_key_information', { rideAssignedKey: k }, ip);
  const expectLocked = (res: LightMyRequestResponse) => {
    expect(res.statusCode, res.body).toBe(429);
    expect(res.json()).toEqual({ ServerMassageCode: 'too_many_requests' });
    expect(Number(res.headers['retry-after'])).toBe(15 * 60);
  };

  it('get_assigned_ride_key_information: twenty wrong keys, then 429 at that address; another address is answered', async () => {
    const a = '10.201.0.1';
    const b = '10.201.0.2';
    for (let i = 0; i < 20; i++) {
      const res = await keyInfo(guess(), a);
      expect(res.statusCode, `guess ${i + 1}`).toBe(404);
      expect(res.json().ServerMassageCode).toBe('the_private_link_is_not_valide');
    }
    expectLocked(await keyInfo(guess(), a));
    expectLocked(await keyInfo(key, a)); // even the right key, until the lock ends

    expect((await keyInfo(guess(), b)).statusCode).toBe(404);
    const right = await keyInfo(key, b);
    expect(right.statusCode, right.body).toBe(200);
  });

  it('right keys are never counted: a planner opening a key many times is not a guesser', async () => {
    const ip = '10.202.0.1';
    for (let i = 0; i < 25; i++) expect((await keyInfo(key, ip)).statusCode).toBe(200);
    expect((await keyInfo(guess(), ip)).statusCode).toBe(404);
  });

  it('one count for every secret call: guesses spread over them lock the address out of all of them', async () => {
    const ip = '10.203.0.1';
    const mailed = () => randomBytes(32).toString('base64url');
    const calls: [string, () => Promise<LightMyRequestResponse>, number][] = [
      ['add_user_to_ride_privacy_api', () => post('add_user_to_ride_privacy_api', { rideKeyValue: guess(), subdomain: null }, ip, client.headers), 404],
      ['check_reset_token', () => post('check_reset_token', { token: mailed() }, ip), 400],
      ['reset_password', () => post('reset_password', { token: mailed(), newPassword: 'another-secret-1' }, ip), 400],
      ['sign_in_with_link', () => post('sign_in_with_link', { token: mailed() }, ip), 400],
      ['get_assigned_ride_key_information', () => keyInfo(guess(), ip), 404],
    ];
    for (let i = 0; i < 20; i++) {
      const [name, send, status] = calls[i % calls.length]!;
      expect((await send()).statusCode, `${name} (guess ${i + 1})`).toBe(status);
    }
    for (const [name, send] of calls) {
      const res = await send();
      expect(res.statusCode, name).toBe(429);
      expect(Number(res.headers['retry-after']), name).toBeGreaterThan(0);
    }
    // The calendar feed's token, and the right access key, are refused at this address too.
    const feed = await t.app.inject({ method: 'GET', url: `/api/ride_export_api/${rideId}/ics?token=${'x'.repeat(43)}`, remoteAddress: ip });
    expectLocked(feed);
    expectLocked(await keyInfo(key, ip));
  });

  it('a calendar feed token that opens nothing counts; the feed without a token does not', async () => {
    const ip = '10.204.0.1';
    const feed = (token?: string) =>
      t.app.inject({ method: 'GET', url: `/api/ride_export_api/${rideId}/ics${token ? `?token=${token}` : ''}`, remoteAddress: ip });
    // Without a token a stranger is refused the private trip: that is no guess, however often.
    for (let i = 0; i < 25; i++) expect((await feed()).statusCode).toBe(403);
    for (let i = 0; i < 20; i++) expect((await feed(randomBytes(32).toString('base64url'))).statusCode).toBe(403);
    expectLocked(await feed(randomBytes(32).toString('base64url')));
  });

  it('a malformed secret is bad input (400 bad_request), not a guess', async () => {
    const ip = '10.205.0.1';
    for (let i = 0; i < 25; i++) expect((await keyInfo('no spaces allowed!', ip)).statusCode).toBe(400);
    expect((await keyInfo(guess(), ip)).statusCode).toBe(404);
  });
});
