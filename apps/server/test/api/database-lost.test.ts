import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { publishChange } from '../../src/db/change-feed.js';
import { openDatabase } from '../../src/db/client.js';
import { isDatabaseUnavailable } from '../../src/db/errors.js';
import { rides } from '../../src/db/schema/index.js';
import { seedDemo } from '../../src/db/seed/index.js';
import { STALE_HEADER } from '../../src/modules/trips/trips.routes.js';
import { createTripsService } from '../../src/modules/trips/trips.service.js';
import { createTestApp, nextIp, postJson, type TestApp } from '../helpers/app.js';
import { createTestDatabase, type TestDatabase } from '../helpers/db.js';
import { startTcpProxy, type TcpProxy } from '../helpers/tcp-proxy.js';
import { createTripsTestApp } from './trips-fixtures.js';

/**
 * A lost database (issue 31 point 2, decision 0051). On PostgreSQL: every connection of a running process killed
 * (pg_terminate_backend) while requests are in flight gives 200s or 503 database_unavailable with Retry-After, none
 * hangs, and the process serves fully again by itself; a database that cannot be reached (a proxy cut in front of it:
 * refused, or silently dropping packets) answers 503 + the code on a database call, health says the database is down,
 * a trip this process holds is served with the stale header, and everything comes back when the database does, the
 * trip with a change made meanwhile by another process. On both databases: health's answer, and the trip view reading
 * a trip again while the caches are not known to be current.
 */
const databaseUrl = process.env.DATABASE_URL;

/**
 * The longest any answer may take: past it the request hangs. The pool's bounds (DATABASE_TIMEOUTS) are 5 s to connect
 * and 12 s for an answer; a little more for a busy machine.
 */
const ANSWER_WITHIN_MS = 15_000;

/** The answer, or a failure naming the request when none comes in time. */
async function answered(t: TestApp, url: string, headers: Record<string, string> = {}): Promise<LightMyRequestResponse> {
  let timer: NodeJS.Timeout | undefined;
  const hang = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`GET ${url}: no answer in ${ANSWER_WITHIN_MS} ms`)), ANSWER_WITHIN_MS);
  });
  try {
    return await Promise.race([t.app.inject({ method: 'GET', url, headers }), hang]);
  } finally {
    clearTimeout(timer);
  }
}

/** What a database outage may answer: the success, or 503 database_unavailable with a Retry-After of whole seconds. */
function expectServedOrUnavailable(res: LightMyRequestResponse, what: string) {
  if (res.statusCode === 200) return;
  expect(res.statusCode, `${what}: ${res.body}`).toBe(503);
  expect(res.json(), what).toMatchObject({ ServerMassageCode: 'database_unavailable' });
  expect(res.headers['retry-after'], what).toMatch(/^[1-9]\d*$/);
}

function expectUnavailable(res: LightMyRequestResponse, what: string) {
  expect(res.statusCode, `${what}: ${res.body}`).toBe(503);
  expectServedOrUnavailable(res, what);
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Asks until `ok` holds, `tries` times 100 ms apart at most: the bar is "full service again within 5 s", so 50 tries.
 * Fails with the last answer.
 */
async function until(ask: () => Promise<LightMyRequestResponse>, ok: (res: LightMyRequestResponse) => boolean, tries = 50) {
  let last: LightMyRequestResponse | undefined;
  for (let i = 0; i < tries; i += 1) {
    last = await ask();
    if (ok(last)) return last;
    await sleep(100);
  }
  throw new Error(`not back after ${tries} tries: ${last?.statusCode} ${last?.body}`);
}

/**
 * The app on its own throwaway PostgreSQL database, its connections named `name` (application_name) and made through
 * `proxy` when given; `direct` is another process's way in (seeding, writing while the app cannot reach the database).
 */
async function appOnPostgres(name: string, proxy?: TcpProxy): Promise<{ t: TestApp; direct: TestDatabase }> {
  const direct = await createTestDatabase();
  await seedDemo(direct.db, { passwordHash: 'not-a-hash' });
  if (direct.kind !== 'postgres' || !direct.raw.options.connectionString) throw new Error('PostgreSQL expected');
  const url = new URL(direct.raw.options.connectionString);
  if (proxy) {
    url.hostname = '127.0.0.1';
    url.port = String(proxy.port);
  }
  const t = await createTestApp(
    {},
    {
      database: async () => {
        const handle = await openDatabase({ databaseUrl: url.toString(), poolSize: 4, applicationName: name });
        return Object.assign(handle, {
          async dispose() {
            await handle.close();
            await direct.dispose();
          },
        });
      },
    },
  );
  return { t, direct };
}

async function publicTripIds(db: TestDatabase, count: number): Promise<number[]> {
  const rows = await db.db.select({ id: rides.id }).from(rides).where(eq(rides.type, 'public')).orderBy(rides.id).limit(count);
  if (rows.length < count) throw new Error('the demo has too few public trips');
  return rows.map((r) => r.id);
}

const uniqueName = (what: string) => `rides_test_${what}_${randomBytes(4).toString('hex')}`;

describe.runIf(databaseUrl)('every connection of a running process killed (pg_terminate_backend)', () => {
  let t: TestApp;
  let direct: TestDatabase;
  let admin: pg.Client;
  const name = uniqueName('killed');
  let tripA = 0;
  let tripB = 0;

  beforeAll(async () => {
    ({ t, direct } = await appOnPostgres(name));
    [tripA, tripB] = (await publicTripIds(direct, 2)) as [number, number];
    admin = new pg.Client({ connectionString: databaseUrl });
    await admin.connect();
  });
  afterAll(async () => {
    await admin?.end();
    await t?.dispose();
  });

  const killAll = async () =>
    (await admin.query('SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = $1', [name])).rowCount ?? 0;

  it('the process names its connections, the LISTEN one too, so they can be found', async () => {
    const rows = await admin.query<{ query: string }>('SELECT query FROM pg_stat_activity WHERE application_name = $1', [name]);
    expect(rows.rows.map((r) => r.query)).toContain('LISTEN rides_changes');
  });

  it('requests in flight get 200 or 503 database_unavailable, none hangs, and full service is back within 5 s', async () => {
    expect((await answered(t, `/api/ride_attractions_api/${tripA}`)).statusCode).toBe(200);
    // A query this process is running when its connection is killed: it fails, recognised as the database lost.
    const inFlight = t.db.db.execute(sql`SELECT pg_sleep(5)`).then(() => null, (err: unknown) => err);
    const calls = [
      '/api/health',
      `/api/ride_attractions_api/${tripA}`,
      `/api/ride_attractions_api/${tripB}`,
      `/api/ride_header_api/${tripB}`,
      `/api/user_info_from_ride_id_api/${tripA}`,
      `/api/user_info_from_ride_id_api/${tripB}`,
    ];
    const answers: Promise<[string, LightMyRequestResponse]>[] = [];
    let killed = 0;
    // Three rounds: requests sent, every connection killed while they run, more requests on the dying pool.
    for (let round = 0; round < 3; round += 1) {
      for (const url of calls) answers.push(answered(t, url).then((res) => [url, res]));
      await sleep(round === 0 ? 300 : 20);
      killed += await killAll();
      for (const url of calls) answers.push(answered(t, url).then((res) => [url, res]));
      // Trip B is read again each round (not only from the cache): drop it, as a write elsewhere would.
      t.app.rides.invalidateTrip(tripB);
    }
    expect(killed).toBeGreaterThanOrEqual(2); // the pool's connection(s) and the LISTEN one, at least
    for (const [url, res] of await Promise.all(answers)) expectServedOrUnavailable(res, url);
    expect(isDatabaseUnavailable(await inFlight)).toBe(true);

    // Full service: health, a trip read from the database, and the change feed listening again.
    const health = await until(
      () => answered(t, '/api/health'),
      (res) => res.statusCode === 200 && res.json().changeFeed === 'listening',
    );
    expect(health.json()).toMatchObject({ status: 'ok', db: 'up', database: 'postgres' });
    t.app.rides.invalidateTrip(tripB);
    const trip = await until(() => answered(t, `/api/ride_attractions_api/${tripB}`), (res) => res.statusCode === 200);
    expect(trip.headers[STALE_HEADER]).toBeUndefined();
    expect((await answered(t, `/api/user_info_from_ride_id_api/${tripB}`)).statusCode).toBe(200);
  });
});

describe.runIf(databaseUrl)('a database that cannot be reached', () => {
  let proxy: TcpProxy;
  let t: TestApp;
  let direct: TestDatabase;
  let tripA = 0;
  let tripB = 0;

  beforeAll(async () => {
    const target = new URL(databaseUrl as string);
    proxy = await startTcpProxy({ host: target.hostname, port: Number(target.port || 5432) });
    ({ t, direct } = await appOnPostgres(uniqueName('cut'), proxy));
    [tripA, tripB] = (await publicTripIds(direct, 2)) as [number, number];
  });
  afterEach(async () => {
    await proxy.restore();
  });
  afterAll(async () => {
    await t?.dispose();
    await proxy?.close();
  });

  async function expectBackWithTitle(title: string) {
    await until(() => answered(t, '/api/health'), (res) => res.statusCode === 200 && res.json().changeFeed === 'listening');
    const trip = await until(
      () => answered(t, `/api/ride_attractions_api/${tripA}`),
      (res) => res.statusCode === 200 && res.json().ride.title === title,
    );
    expect(trip.headers[STALE_HEADER]).toBeUndefined();
    expect((await answered(t, `/api/user_info_from_ride_id_api/${tripB}`)).statusCode).toBe(200);
  }

  it('refused: 503 + code on database calls, health says down, a held trip is served marked stale; all back after', async () => {
    const before = await answered(t, `/api/ride_attractions_api/${tripA}`);
    expect(before.statusCode).toBe(200);
    expect(before.headers[STALE_HEADER]).toBeUndefined();
    const title = before.json().ride.title as string;

    await proxy.cut('refuse');
    // Another process changes trip A meanwhile: this one cannot hear of it (its LISTEN connection is cut too).
    const changed = `${title} (changed while away)`;
    await direct.db.transaction(async (tx) => {
      await tx.update(rides).set({ title: changed }).where(eq(rides.id, tripA));
      await publishChange(tx, { kind: 'ride', rideId: tripA });
    });

    expectUnavailable(await answered(t, `/api/user_info_from_ride_id_api/${tripA}`), 'user_info');
    expectUnavailable(await postJson(t.app, '/api/register_new_user_api', { email: 'away@example.com', password: 'secret-123', userName: 'Away' }, { ip: nextIp() }), 'register');
    const health = await answered(t, '/api/health');
    expectUnavailable(health, 'health');
    expect(health.json()).toMatchObject({ status: 'down', db: 'down', database: 'postgres' });

    // The trip it holds: the copy as it was, said to be possibly stale, and kept by no cache on the way.
    for (const url of [`/api/ride_attractions_api/${tripA}`, `/api/ride_header_api/${tripA}`]) {
      const held = await answered(t, url);
      expect(held.statusCode, url).toBe(200);
      expect(held.headers[STALE_HEADER], url).toBe('1');
      expect(held.headers['cache-control'], url).toBe('no-store');
      expect(held.json().ride.title, url).toBe(title);
    }
    // One it never read: nothing to serve.
    expectUnavailable(await answered(t, `/api/ride_attractions_api/${tripB}`), 'a trip not held');

    await proxy.restore();
    // Back by itself, with the change made while it was away (not the copy it held).
    await expectBackWithTitle(changed);
  });

  it('silently dropping packets: no request hangs (503 once the answer or connect timeout passes), and all comes back', async () => {
    const title = (await answered(t, `/api/ride_attractions_api/${tripA}`)).json().ride.title as string;
    await proxy.cut('blackhole');
    // On a pooled connection that no longer answers (12 s), or a new one that is never made (5 s): then 503.
    expectUnavailable(await answered(t, `/api/user_info_from_ride_id_api/${tripB}`), 'user_info');
    const health = await answered(t, '/api/health');
    expectUnavailable(health, 'health');
    expect(health.json()).toMatchObject({ db: 'down' });
    const held = await answered(t, `/api/ride_attractions_api/${tripA}`);
    expect(held.statusCode).toBe(200);
    expect(held.headers[STALE_HEADER]).toBe('1');
    await proxy.restore();
    await expectBackWithTitle(title);
  }, 60_000);
});

describe('health and the trip view on this database (both PGlite and PostgreSQL)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTripsTestApp();
  });
  afterAll(async () => {
    await t?.dispose();
  });

  it('health: 200, the database up, and whether a change feed listens (none on PGlite)', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      ServerMassageCode: 'success',
      status: 'ok',
      db: 'up',
      changeFeed: t.db.kind === 'postgres' ? 'listening' : 'none',
    });
  });

  it('while the caches are not known to be current, a trip is read again; otherwise it is served from the cache', async () => {
    let confirmed = true;
    const service = createTripsService({ db: t.db.db, log: t.app.log, cacheConfirmed: () => confirmed });
    const [trip] = await publicTripIds(t.db as TestDatabase, 1);
    const rideId = trip as number;
    const titleOf = async () => JSON.parse((await service.tripPageBody(rideId, null)).identity.toString('utf8')).ride.title as string;
    const first = await titleOf();
    // Changed behind the service's back (no change published: as if the notification were lost).
    await t.db.db.update(rides).set({ title: `${first} again` }).where(eq(rides.id, rideId));
    expect(await titleOf()).toBe(first);
    confirmed = false;
    expect(await titleOf()).toBe(`${first} again`);
    expect((await service.tripPageBody(rideId, null)).stale).toBeUndefined();
  });
});
