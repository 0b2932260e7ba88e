import { gunzipSync } from 'node:zlib';
import { rideKeyFullInformationResponse } from '@rides/contract';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../../src/app.js';
import { createAdminRepository } from '../../src/cli/admin.repository.js';
import { createSessionTokenVerifier, signSessionToken } from '../../src/lib/tokens.js';
import { createTestApp, registerUser, TEST_JWT_SECRET, type TestApp } from '../helpers/app.js';
import { expectCode, makeTrip, newUser, type Editor } from './trip-editing-fixtures.js';

/**
 * Issue 31 point 5 (decision 0053): a signed-in read costs what an anonymous one does, because a verified token is
 * kept until its exp and the trip's answer is the cached bytes of the reader's view. These tests hold the live checks
 * of decision 0024 against those caches: with the token already verified and the session, the trip and its access
 * facts all cached, a sign-out-everywhere, a removed client and a role change each take effect on the very next
 * request, in the process that made the change and (PostgreSQL) in another one; an expired token is refused although
 * it verified before. And the bytes: a signed-in reader gets the visitor's very bytes, the author their own, and an
 * answer without gzip is the gzip answer's bytes uncompressed.
 */

type Headers = Record<string, string>;
const onPostgres = Boolean(process.env.DATABASE_URL);

const get = (app: FastifyInstance, url: string, headers: Headers = {}) => app.inject({ method: 'GET', url, headers });
const post = (app: FastifyInstance, url: string, payload: unknown, headers: Headers = {}) =>
  app.inject({ method: 'POST', url, payload: payload as object, headers: { ...headers, 'content-type': 'application/json' } });
const page = (app: FastifyInstance, rideId: number, headers: Headers = {}) => get(app, `/api/ride_attractions_api/${rideId}`, headers);

/** The plain answer and the gzip one decoded: the same bytes, or the test fails; answers the plain bytes. */
async function plainAndGzip(app: FastifyInstance, url: string, headers: Headers): Promise<Buffer> {
  const plain = await get(app, url, { ...headers, 'accept-encoding': 'identity' });
  const gzip = await get(app, url, { ...headers, 'accept-encoding': 'gzip, deflate, br' });
  expect([plain.statusCode, gzip.statusCode], plain.body).toEqual([200, 200]);
  expect(plain.headers['content-encoding']).toBeUndefined();
  expect(gzip.headers['content-encoding']).toBe('gzip');
  expect(gunzipSync(gzip.rawPayload).equals(plain.rawPayload)).toBe(true);
  return plain.rawPayload;
}

/** A private trip (author `author`, planner `planner`) with a view key, and `client` joined with it. */
async function privateTripWithClient(app: FastifyInstance, t: TestApp, author: Editor, planner: Editor, client: Editor) {
  const { rideId } = await makeTrip(t, { authorId: author.id, days: 2, perDay: [['p1'], ['p2']], type: 'private', rideManagerId: planner.id });
  const key = await post(app, '/api/get_assigned_ride_key_full_information', { ride_id: rideId }, author.headers);
  expect(key.statusCode, key.body).toBe(200);
  const { rideKeyValue } = rideKeyFullInformationResponse.parse(key.json()).rideKeyData;
  const joined = await post(app, '/api/add_user_to_ride_privacy_api', { rideKeyValue, subdomain: null }, client.headers);
  expect(joined.statusCode, joined.body).toBe(200);
  return rideId;
}

const removeClient = (app: FastifyInstance, rideId: number, planner: Editor, client: Editor) =>
  post(app, '/api/remove_user_from_ride_privacy_api', { ride_id: rideId, userId: client.id }, planner.headers);

/** Twice, so the second request is served from every cache (the token verified, the session and the trip kept). */
async function readTwice(read: () => Promise<LightMyRequestResponse>): Promise<void> {
  for (let i = 0; i < 2; i++) {
    const res = await read();
    expect(res.statusCode, res.body).toBe(200);
  }
}

describe('signed-in reads: the bytes', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t?.dispose());

  it('a signed-in reader gets the visitor`s bytes; the author alone the booking number; no gzip is gzip unpacked', async () => {
    const author = await newUser(t);
    const reader = await newUser(t);
    const { rideId } = await makeTrip(t, {
      authorId: author.id,
      days: 3,
      perDay: [['b1'], ['b2'], ['b3']],
      stays: [{ firstDay: 0, nights: 2, ordered: true }],
    });
    const url = `/api/ride_attractions_api/${rideId}`;
    const visitorBytes = await plainAndGzip(t.app, url, {});
    // Twice each: the second read is the one served with the token verified before.
    for (let i = 0; i < 2; i++) {
      expect((await plainAndGzip(t.app, url, reader.headers)).equals(visitorBytes)).toBe(true);
      const authorBytes = await plainAndGzip(t.app, url, author.headers);
      expect(authorBytes.toString('utf8')).toContain('"booking_confirmation":"CONF-0"');
      expect(visitorBytes.toString('utf8')).not.toContain('CONF-0');
    }
    // The header: the same ride object; isAuthor says who reads.
    const header = `/api/ride_header_api/${rideId}`;
    const visitorHeader = JSON.parse((await plainAndGzip(t.app, header, {})).toString('utf8'));
    expect(JSON.parse((await plainAndGzip(t.app, header, reader.headers)).toString('utf8'))).toEqual(visitorHeader);
    expect(visitorHeader.isAuthor).toBe(false);
    expect(JSON.parse((await plainAndGzip(t.app, header, author.headers)).toString('utf8')).isAuthor).toBe(true);
  });
});

describe('signed-in reads: the live checks hold with every cache warm', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t?.dispose());
  afterEach(() => {
    vi.useRealTimers();
  });

  it('sign out everywhere: the token read the trip a moment ago, the next read with it is refused', async () => {
    const author = await newUser(t);
    const { rideId } = await makeTrip(t, { authorId: author.id, days: 1, perDay: [['s1']] });
    const user = await registerUser(t.app);
    const headers = { authorization: `Bearer ${user.token}` };
    await readTwice(() => page(t.app, rideId, headers));
    expect((await post(t.app, '/api/sign_out_everywhere', {}, headers)).statusCode).toBe(200);
    expectCode(await page(t.app, rideId, headers), 401, 'user_is_not_authorized');
    // Anonymous reads go on as before.
    expect((await page(t.app, rideId)).statusCode).toBe(200);
  });

  it('a removed client: the private trip read with their kept token a moment ago is refused on the next read', async () => {
    const [author, planner, client] = [await newUser(t, 'manager'), await newUser(t, 'manager'), await newUser(t)];
    const rideId = await privateTripWithClient(t.app, t, author, planner, client);
    await readTwice(() => page(t.app, rideId, client.headers));
    await readTwice(() => get(t.app, `/api/ride_header_api/${rideId}`, client.headers));
    expect((await removeClient(t.app, rideId, planner, client)).statusCode).toBe(200);
    expectCode(await page(t.app, rideId, client.headers), 403, 'user_does_not_have_permission_to_this_private_ride');
    expectCode(await get(t.app, `/api/ride_header_api/${rideId}`, client.headers), 403, 'user_does_not_have_permission_to_this_private_ride');
    // The planner still reads it.
    expect((await page(t.app, rideId, planner.headers)).statusCode).toBe(200);
  });

  it('a token verified before its exp is refused once the exp has passed (token_expired), as one never seen', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() });
    const author = await newUser(t);
    const { rideId } = await makeTrip(t, { authorId: author.id, days: 1, perDay: [['e1']] });
    const token = await signSessionToken(t.config.jwtSecret, 1, { id: author.id, role: 'user', tokenVersion: 0 });
    const headers = { authorization: `Bearer ${token}` };
    await readTwice(() => page(t.app, rideId, headers));
    vi.setSystemTime(Date.now() + 3_601_000);
    expectCode(await page(t.app, rideId, headers), 401, 'token_expired');
  });
});

describe('the verified-token cache', () => {
  const secret = new TextEncoder().encode(TEST_JWT_SECRET);
  const sign = (id: number) => signSessionToken(secret, 1, { id, role: 'user', tokenVersion: 0 });
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('checks a token`s signature once while kept; a bounded number is kept, the least recently used dropped', async () => {
    const verify = createSessionTokenVerifier(secret, { max: 2 });
    const [a, b, c] = [await sign(1), await sign(2), await sign(3)];
    const checks = vi.spyOn(globalThis.crypto.subtle, 'verify');
    expect((await verify(a)).user_id).toBe(1);
    expect((await verify(a)).user_id).toBe(1);
    expect(checks).toHaveBeenCalledTimes(1);
    await verify(b);
    await verify(a); // a is now the most recently used: c pushes b out
    await verify(c);
    expect(checks).toHaveBeenCalledTimes(3);
    await verify(a);
    expect(checks).toHaveBeenCalledTimes(3);
    await verify(b);
    expect(checks).toHaveBeenCalledTimes(4);
  });

  it('a bad token is refused every time, never kept', async () => {
    const verify = createSessionTokenVerifier(secret);
    const good = await sign(1);
    const forged = `${good.slice(0, -2)}${good.endsWith('AA') ? 'BB' : 'AA'}`;
    const checks = vi.spyOn(globalThis.crypto.subtle, 'verify');
    for (let i = 0; i < 2; i++) await expect(verify(forged)).rejects.toMatchObject({ code: 'user_is_not_authorized' });
    expect(checks).toHaveBeenCalledTimes(2);
  });
});

/**
 * Two processes on one PostgreSQL: B is a second app on the same database (its own caches and its own LISTEN
 * connection, as another process has). Every change is made through A (or, for the role, by the operator's CLI
 * write); B has just served the same token from its caches, and its next request must see the change.
 */
describe.runIf(onPostgres)('signed-in reads in another process (PostgreSQL)', () => {
  let t: TestApp;
  let b: FastifyInstance;
  beforeAll(async () => {
    t = await createTestApp();
    b = await buildApp({ config: t.config, db: t.db, mailer: t.mailer, logLevel: 'silent' });
    await b.ready();
  });
  afterAll(async () => {
    await b?.close();
    await t?.dispose();
  });

  it('sign out everywhere through A: B refuses the token it served a moment ago', async () => {
    const author = await newUser(t);
    const { rideId } = await makeTrip(t, { authorId: author.id, days: 1, perDay: [['x1']] });
    const user = await registerUser(t.app);
    const headers = { authorization: `Bearer ${user.token}` };
    await readTwice(() => page(b, rideId, headers));
    expect((await post(t.app, '/api/sign_out_everywhere', {}, headers)).statusCode).toBe(200);
    expectCode(await page(b, rideId, headers), 401, 'user_is_not_authorized');
  });

  it('a client removed through A: B refuses the private trip it served them a moment ago', async () => {
    const [author, planner, client] = [await newUser(t, 'manager'), await newUser(t, 'manager'), await newUser(t)];
    const rideId = await privateTripWithClient(t.app, t, author, planner, client);
    await readTwice(() => page(b, rideId, client.headers));
    expect((await removeClient(t.app, rideId, planner, client)).statusCode).toBe(200);
    expectCode(await page(b, rideId, client.headers), 403, 'user_does_not_have_permission_to_this_private_ride');
  });

  it('a manager demoted by the operator: both processes refuse the manager call on the next request', async () => {
    const manager = await registerUser(t.app);
    const admin = createAdminRepository(t.db.db);
    expect(await admin.setRole(manager.email, 'manager')).toBe(true);
    const headers = { authorization: `Bearer ${manager.token}` };
    const categories = (app: FastifyInstance) => get(app, '/api/categories_api', headers);
    await readTwice(() => categories(t.app));
    await readTwice(() => categories(b));
    expect(await admin.setRole(manager.email, 'user')).toBe(true);
    expectCode(await categories(t.app), 403, 'forbidden');
    expectCode(await categories(b), 403, 'forbidden');
  });
});
