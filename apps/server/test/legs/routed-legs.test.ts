import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { keepLeg, legKeyOf, legKeyText } from '../../src/modules/legs/legs.repository.js';
import { createRoutedLegs, MAX_AGE_DAYS, type LegEnds } from '../../src/modules/legs/routed-legs.service.js';
import { createOsrmProvider, createMotisProvider } from '../../src/providers/routing/index.js';
import { createTestDatabase, type TestDatabase } from '../helpers/db.js';
import { fakeFigures, startFakeRouting, type FakeRouting } from '../helpers/fake-routing.js';

/**
 * The routed legs of a call (issue 36 point 1) on the database, against a local OSRM: answers kept per leg and mode
 * and found by every process, one deadline for the whole call, a service that does not answer left alone for a while,
 * a "no route" only that leg's.
 */
let handle: TestDatabase;
let fake: FakeRouting;

beforeAll(async () => {
  handle = await createTestDatabase();
  fake = await startFakeRouting();
});
afterAll(async () => {
  await fake?.close();
  await handle?.dispose();
});
beforeEach(async () => {
  await handle.db.execute(sql`DELETE FROM routed_legs`);
  fake.mode = 'ok';
  fake.delayMs = 3000;
  fake.requests.length = 0;
});

const LOUVRE = { lat: 48.8606, lng: 2.3376 };
const NOTRE_DAME = { lat: 48.853, lng: 2.3499 };
const ORSAY = { lat: 48.86, lng: 2.3266 };
const EIFFEL = { lat: 48.8584, lng: 2.2945 };
const DAY: LegEnds[] = [
  { from: LOUVRE, to: NOTRE_DAME },
  { from: NOTRE_DAME, to: ORSAY },
  { from: ORSAY, to: EIFFEL },
];
const key = (l: LegEnds) => legKeyText(legKeyOf(l.from, l.to));

function service(over: { timeoutMs?: number; deadlineMs?: number; restMs?: number } = {}) {
  return createRoutedLegs({
    providers: {
      walk: createOsrmProvider({ baseUrl: fake.baseUrl, timeoutMs: over.timeoutMs ?? 2000 }),
      drive: createOsrmProvider({ baseUrl: fake.baseUrl, timeoutMs: over.timeoutMs ?? 2000 }),
    },
    deadlineMs: over.deadlineMs,
    restMs: over.restMs,
  });
}

const kept = async () =>
  Number(
    (await handle.db.execute<{ n: number | string }>(sql`SELECT count(*) AS n FROM routed_legs`)).rows[0]?.n,
  );

describe('routed legs', () => {
  it('asks each leg once, keeps it, and the next call (any process) asks nothing', async () => {
    const got = await service().route(handle.db, 'walk', DAY);
    expect([...got.keys()].sort()).toEqual(DAY.map(key).sort());
    expect(got.get(key(DAY[0]!))).toEqual({
      distanceM: Math.round(fakeFigures(LOUVRE, NOTRE_DAME, 'foot').distanceM),
      durationS: Math.round(fakeFigures(LOUVRE, NOTRE_DAME, 'foot').durationS),
    });
    expect(fake.requests).toHaveLength(3);
    expect(await kept()).toBe(3);
    // Another process (its own service, the same database): the kept answers, nothing asked.
    const again = await service().route(handle.db, 'walk', DAY);
    expect(again).toEqual(got);
    expect(fake.requests).toHaveLength(3);
  });

  it('per mode and per direction: driving is not walking, back is not there', async () => {
    await service().route(handle.db, 'walk', DAY.slice(0, 1));
    await service().route(handle.db, 'drive', DAY.slice(0, 1));
    await service().route(handle.db, 'walk', [{ from: NOTRE_DAME, to: LOUVRE }]);
    expect(fake.requests.map((r) => r.url.split('?')[0])).toEqual([
      '/route/v1/foot/2.3376,48.8606;2.3499,48.853',
      '/route/v1/car/2.3376,48.8606;2.3499,48.853',
      '/route/v1/foot/2.3499,48.853;2.3376,48.8606',
    ]);
    expect(await kept()).toBe(3);
  });

  it('the same leg twice in a call, or a leg to the same point, is asked at most once', async () => {
    const got = await service().route(handle.db, 'walk', [DAY[0]!, DAY[0]!, { from: LOUVRE, to: LOUVRE }]);
    expect(got.size).toBe(1);
    expect(fake.requests).toHaveLength(1);
  });

  it('an answer older than the mode’s age is asked again', async () => {
    const old = new Date(Date.now() - (MAX_AGE_DAYS.walk + 1) * 86_400_000);
    await keepLeg(
      handle.db,
      'osrm',
      'walk',
      legKeyOf(LOUVRE, NOTRE_DAME),
      { distanceM: 1, durationS: 1 },
      old,
    );
    const got = await service().route(handle.db, 'walk', DAY.slice(0, 1));
    expect(got.get(key(DAY[0]!))?.distanceM).toBeGreaterThan(1);
    expect(fake.requests).toHaveLength(1);
  });

  it('a slow service: what has not answered by the deadline is left out; its late answer is kept for the next call', async () => {
    fake.mode = 'slow';
    fake.delayMs = 600;
    const routed = service({ deadlineMs: 150, timeoutMs: 5000 });
    const first = await routed.route(handle.db, 'walk', DAY);
    expect(first.size).toBe(0);
    await routed.settled();
    expect(await kept()).toBe(3);
    fake.mode = 'ok';
    const second = await routed.route(handle.db, 'walk', DAY);
    expect(second.size).toBe(3);
    expect(fake.requests).toHaveLength(3);
  });

  it('a service that does not answer is left alone for a while: meanwhile nothing is asked of it', async () => {
    fake.mode = 'error';
    const routed = service({ restMs: 60_000 });
    expect((await routed.route(handle.db, 'walk', DAY)).size).toBe(0);
    const asked = fake.requests.length;
    expect(asked).toBeGreaterThan(0);
    fake.mode = 'ok';
    expect((await routed.route(handle.db, 'drive', DAY)).size).toBe(0);
    expect(fake.requests).toHaveLength(asked);
    // What was kept before is still answered meanwhile.
    await keepLeg(
      handle.db,
      'osrm',
      'walk',
      legKeyOf(LOUVRE, NOTRE_DAME),
      { distanceM: 1700, durationS: 1300 },
      new Date(),
    );
    expect((await routed.route(handle.db, 'walk', DAY)).get(key(DAY[0]!))).toEqual({
      distanceM: 1700,
      durationS: 1300,
    });
    // After the rest, it is asked again.
    const rested = service({ restMs: 0 });
    fake.mode = 'error';
    await rested.route(handle.db, 'walk', DAY.slice(1, 2));
    fake.mode = 'ok';
    expect((await rested.route(handle.db, 'walk', DAY.slice(1, 2))).size).toBe(1);
  });

  it('garbage is not kept; a "no route" is that leg’s only', async () => {
    fake.mode = 'garbage';
    expect((await service().route(handle.db, 'walk', DAY.slice(0, 1))).size).toBe(0);
    fake.mode = 'no_route';
    const routed = service({ restMs: 60_000 });
    expect((await routed.route(handle.db, 'walk', DAY.slice(1, 2))).size).toBe(0);
    fake.mode = 'ok';
    expect((await routed.route(handle.db, 'walk', DAY.slice(2, 3))).size).toBe(1);
    expect(await kept()).toBe(1);
  });

  it('a mode without a service is not asked: estimated', async () => {
    const routed = service();
    expect(routed.serviceFor('bike')).toBeNull();
    expect(routed.serviceFor('walk')).toBe('osrm');
    expect((await routed.route(handle.db, 'bike', DAY)).size).toBe(0);
    expect(fake.requests).toHaveLength(0);
  });

  it('public transport from MOTIS, kept as its own service', async () => {
    const routed = createRoutedLegs({
      providers: { transit: createMotisProvider({ baseUrl: fake.baseUrl, timeoutMs: 2000 }) },
    });
    expect(routed.serviceFor('transit')).toBe('motis');
    expect((await routed.route(handle.db, 'transit', DAY)).size).toBe(3);
    const rows = await handle.db.execute<{ service: string; mode: string }>(
      sql`SELECT DISTINCT service, mode FROM routed_legs`,
    );
    expect(rows.rows).toEqual([{ service: 'motis', mode: 'transit' }]);
  });
});
