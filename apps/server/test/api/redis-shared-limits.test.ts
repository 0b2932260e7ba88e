import { randomBytes, randomInt } from 'node:crypto';
import { connect } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.js';
import { createCostBudget, redisCostStore } from '../../src/lib/cost-budget.js';
import { createRedis, redisReady } from '../../src/lib/redis.js';
import { createTestApp, postJson, registerUser, type TestApp } from '../helpers/app.js';

/**
 * Issue 15 "Several processes" (decision 0006): with REDIS_URL set, the rate limits and the sign-in lock are counted
 * in Redis, so two server processes on one database share them; without it each process counts its own.
 * Runs against the Redis of the machine (REDIS_URL, or 127.0.0.1:6379) and is skipped when none answers.
 */
const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

async function redisAnswers(url: string): Promise<boolean> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const socket = connect(Number(port || 6379), hostname);
    const done = (ok: boolean) => (socket.destroy(), resolve(ok));
    socket.setTimeout(1_000, () => done(false));
    socket.once('error', () => done(false));
    socket.once('connect', () => socket.write('PING\r\n'));
    socket.once('data', (d) => done(d.toString().startsWith('+PONG')));
  });
}

const redisUp = await redisAnswers(REDIS_URL);
if (!redisUp) console.warn(`Redis does not answer at ${REDIS_URL}: the shared rate limit and sign-in lock tests are skipped`);

/** Addresses and accounts of their own per run: the counts outlive a run in Redis (up to the lock time). */
const runIp = () => `10.${randomInt(200, 250)}.${randomInt(0, 255)}.${randomInt(1, 255)}`;
const runEmail = () => `shared.${randomBytes(6).toString('hex')}@example.com`;

/** A second server process on the same database (same config), as behind a load balancer. */
async function secondProcess(t: TestApp): Promise<FastifyInstance> {
  const app = await buildApp({ config: t.config, db: t.db, mailer: t.mailer, logLevel: 'silent' });
  await app.ready();
  return app;
}

describe.skipIf(!redisUp)('with REDIS_URL, two processes share the limits', () => {
  let t: TestApp;
  let b: FastifyInstance;
  beforeAll(async () => {
    t = await createTestApp({ REDIS_URL });
    b = await secondProcess(t);
  });
  afterAll(async () => {
    await b?.close();
    await t?.dispose();
  });

  it('ten wrong passwords from one address through one process lock that (account, address) in the other', async () => {
    const user = await registerUser(t.app, { email: runEmail() });
    const ip = runIp();
    for (let i = 0; i < 10; i++) expect((await postJson(t.app, '/api/app_login', { email: user.email, password: `x${i}-wrong` }, { ip })).statusCode).toBe(401);
    const other = await postJson(b, '/api/app_login', { email: user.email, password: user.password }, { ip });
    expect(other.statusCode).toBe(429);
    expect(other.json().ServerMassageCode).toBe('too_many_requests');
    expect(Number(other.headers['retry-after'])).toBeGreaterThan(800);
    // The owner elsewhere is not locked (decision 0052).
    expect((await postJson(b, '/api/app_login', { email: user.email, password: user.password }, { ip: runIp() })).statusCode).toBe(200);
  });

  it('wrong secrets guessed through one process lock the address in the other (decision 0052)', async () => {
    const ip = runIp();
    const guess = () => postJson(t.app, '/api/get_assigned_ride_key_information', { rideAssignedKey: randomBytes(24).toString('base64url') }, { ip });
    for (let i = 0; i < 20; i++) expect((await guess()).statusCode).toBe(404);
    const other = await postJson(b, '/api/check_reset_token', { token: randomBytes(32).toString('base64url') }, { ip });
    expect(other.statusCode).toBe(429);
    expect(other.json()).toEqual({ ServerMassageCode: 'too_many_requests' });
  });

  it("an account's failures from many addresses slow it in the other process too, with Retry-After", async () => {
    const user = await registerUser(t.app, { email: runEmail() });
    // Its own limits: fifty failures over fifty addresses, then one attempt a second at first.
    for (let i = 0; i < 50; i++) await postJson(t.app, '/api/app_login', { email: user.email, password: `x${i}-wrong` }, { ip: runIp() });
    const both = await Promise.all([
      postJson(t.app, '/api/app_login', { email: user.email, password: 'x-wrong' }, { ip: runIp() }),
      postJson(b, '/api/app_login', { email: user.email, password: 'y-wrong' }, { ip: runIp() }),
    ]);
    expect(both.map((r) => r.statusCode).sort()).toEqual([401, 429]);
    expect(both.find((r) => r.statusCode === 429)?.headers['retry-after']).toBe('1');
  });

  it('a rate limit counted through one process applies in the other', async () => {
    const ip = runIp();
    // register_new_user_api: 10 a minute per address.
    for (let i = 0; i < 10; i++) {
      const res = await postJson(t.app, '/api/register_new_user_api', { email: runEmail(), password: 'secret-123', userName: 'Shared' }, { ip });
      expect(res.statusCode).toBe(200);
    }
    const eleventh = await postJson(b, '/api/register_new_user_api', { email: runEmail(), password: 'secret-123', userName: 'Shared' }, { ip });
    expect(eleventh.statusCode).toBe(429);
    expect(eleventh.json().ServerMassageCode).toBe('too_many_requests');
  });
});

describe('without REDIS_URL, each process counts its own', () => {
  let t: TestApp;
  let b: FastifyInstance;
  beforeAll(async () => {
    t = await createTestApp({ REDIS_URL: undefined });
    b = await secondProcess(t);
  });
  afterAll(async () => {
    await b?.close();
    await t?.dispose();
  });

  it('a lock set in one process is not seen by the other', async () => {
    const user = await registerUser(t.app, { email: runEmail() });
    const ip = runIp();
    for (let i = 0; i < 10; i++) await postJson(t.app, '/api/app_login', { email: user.email, password: `x${i}-wrong` }, { ip });
    expect((await postJson(t.app, '/api/app_login', { email: user.email, password: user.password }, { ip })).statusCode).toBe(429);
    expect((await postJson(b, '/api/app_login', { email: user.email, password: user.password }, { ip })).statusCode).toBe(200);
  });
});

describe('REDIS_URL set but no Redis there', () => {
  it('the server does not start, and says why', async () => {
    await expect(createTestApp({ REDIS_URL: 'redis://127.0.0.1:1' })).rejects.toThrow(/REDIS_URL is set but Redis does not answer/);
  });
});

describe.skipIf(!redisUp)('with REDIS_URL, the PDF cost budget is one for every process (decision 0050)', () => {
  it('what one process spent of an address budget is spent for the other; the window ends for both', async () => {
    // Two processes' budgets: each its own connection to the one Redis, as two servers have.
    const [one, two] = [createRedis(REDIS_URL), createRedis(REDIS_URL)];
    try {
      await Promise.all([redisReady(one), redisReady(two)]);
      const budget = (redis: ReturnType<typeof createRedis>) =>
        createCostBudget({ perWindow: 1_000, windowMs: 1_500 }, redisCostStore(redis));
      const [a, b] = [budget(one), budget(two)];
      const key = `addr:${runIp()}`;
      expect(await a.take(key, 660)).toEqual({ ok: true });
      const refused = await b.take(key, 660);
      expect(refused.ok).toBe(false);
      expect(!refused.ok && refused.retryAfterS).toBeGreaterThanOrEqual(1);
      expect(await b.take(key, 300)).toEqual({ ok: true }); // what is left is spent through either
      expect((await a.take(key, 100)).ok).toBe(false);
      await a.refund(key, 300);
      expect(await b.take(key, 300)).toEqual({ ok: true });
      await expect.poll(async () => (await b.take(key, 660)).ok, { timeout: 5_000, interval: 250 }).toBe(true);
    } finally {
      one.disconnect();
      two.disconnect();
    }
  });
});
