import { and, asc, desc, eq, gte, lte, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { POPULAR_CITIES, generateTrips } from '../../../../bench/scale-data.js';
import type { Database } from '../../src/db/client.js';
import { attractions, rideAttractions, rides } from '../../src/db/schema/index.js';
import { createSearchRepository, searchableTrip } from '../../src/modules/search/search.repository.js';
import { postJson, type TestApp } from '../helpers/app.js';
import { bodyOf, createSearchTestApp, demoBearer, demoUserIds, get } from './search-fixtures.js';

/**
 * Issue 16: the nearest-first searches and the maintained map summary give the same answers as the queries they
 * replace — the cell-range queries (kept in the repository as the fallback across ±180°) and, for the map, the
 * aggregate over every placement (below) — on generated data: demo trips moved around 16 cities and over Europe and
 * Israel, and copies of them (bench/scale-data.ts, as the scale bench makes them), so dense places, shared
 * attractions, copies' duplicate hotels and distance ties are all there.
 */

/** The map points as they were computed before ride_cells: every placement of every findable trip (the oracle). */
function placementsSearchPoints(db: Database, dates: { startDate?: string; endDate?: string }) {
  const trips = sql<number>`count(DISTINCT ${rideAttractions.rideId})::int`.mapWith(Number);
  return db
    .select({
      lat: sql<number>`avg(${attractions.lat})::float8`.mapWith(Number),
      lng: sql<number>`avg(${attractions.lng})::float8`.mapWith(Number),
      count: trips,
    })
    .from(rides)
    .innerJoin(rideAttractions, eq(rideAttractions.rideId, rides.id))
    .innerJoin(attractions, eq(attractions.id, rideAttractions.attractionId))
    .where(
      and(
        searchableTrip(rides),
        dates.startDate ? gte(rides.endDate, dates.startDate) : undefined,
        dates.endDate ? lte(rides.startDate, dates.endDate) : undefined,
      ),
    )
    .groupBy(attractions.geoCell)
    .orderBy(desc(trips), asc(attractions.geoCell));
}

const TRIPS = 1200;

// Each comparison walks every filter and page of 1,200 generated trips twice (new query and oracle): seconds alone,
// much longer on a shared machine, so this file has more than the default time per test.
describe('nearest first and the map summary answer as the old queries (generated trips)', { timeout: 150_000 }, () => {
  let t: TestApp;
  let repo: ReturnType<typeof createSearchRepository>;
  let plannerId: number;
  beforeAll(async () => {
    t = await createSearchTestApp();
    await generateTrips(t.db.db, TRIPS, () => {});
    repo = createSearchRepository(t.db.db);
    plannerId = (await demoUserIds(t)).planner;
  }, 240_000);
  afterAll(async () => {
    await t?.dispose();
  });

  const city = (name: string) => {
    const c = POPULAR_CITIES.find((p) => p.name === name);
    if (!c) throw new Error(name);
    return { lat: c.lat, lng: c.lng };
  };
  // Dense cities, their outskirts, the long tail, empty sea, and radius from small to the largest.
  const searches = [
    { center: city('Rome'), radiusKm: 50 },
    { center: city('Rome'), radiusKm: 5 },
    { center: { lat: 41.95, lng: 12.3 }, radiusKm: 300 },
    { center: city('Paris'), radiusKm: 50 },
    { center: city('Jerusalem'), radiusKm: 20 },
    { center: city('Tel Aviv'), radiusKm: 120 },
    { center: city('Zurich'), radiusKm: 50 },
    { center: { lat: 55.1, lng: 9.2 }, radiusKm: 150 },
    { center: { lat: 44.4, lng: 26.1 }, radiusKm: 80 },
    { center: { lat: 36.5, lng: -5.0 }, radiusKm: 300 },
    { center: { lat: 40.0, lng: 5.0 }, radiusKm: 50 },
  ];
  const ids = (rows: { id: number }[]) => rows.map((r) => r.id);
  const distances = (rows: { distanceKm: number | null }[]) => rows.map((r) => r.distanceKm);

  it('the data is dense where the bench searches (a test that reads only a few rows would prove nothing)', async () => {
    const [row] = await t.db.db
      .select({ n: sql<number>`count(*)::int`.mapWith(Number) })
      .from(rides)
      .where(searchableTrip(rides));
    expect(row?.n).toBeGreaterThan(TRIPS);
    const near = await repo.nearbyRidesQuery(
      { status: 'noFilters', physicalDisabilities: false },
      { center: city('Rome'), radiusKm: 50 },
      { limit: 200, offset: 0 },
    );
    expect(near.length).toBeGreaterThan(50);
  });

  it('trips near a point: the same trips in the same order with the same distances, every filter and page', async () => {
    const filters = [
      { status: 'noFilters' as const, physicalDisabilities: false },
      { status: 'noFilters' as const, physicalDisabilities: true },
      { status: 'template' as const, physicalDisabilities: false },
      { status: 'active' as const, physicalDisabilities: true },
    ];
    let compared = 0;
    for (const near of searches)
      for (const f of filters)
        for (const page of [
          { limit: 51, offset: 0 },
          { limit: 21, offset: 20 },
          { limit: 3, offset: 0 },
        ]) {
          const expected = await repo.nearbyRidesQuery(f, near, page);
          const actual = await repo.findTrips(f, near, page, 0); // the carousels: the next test
          expect(ids(actual), JSON.stringify({ near, f, page })).toEqual(ids(expected));
          expect(distances(actual)).toEqual(distances(expected));
          compared += expected.length;
        }
    expect(compared).toBeGreaterThan(500);
  });

  it("the cards' carousels: the first six images in day order, as the window over every placement gave them", async () => {
    // The demo content has no attraction images: give a third of the attractions one, a fifth a maps photo instead,
    // and some an empty address (no image), so trips have none, a few, or more than six.
    await t.db.db.execute(sql`UPDATE attractions SET
      image_url = CASE WHEN id % 3 = 0 THEN 'https://img.example/' || id || '.jpg' WHEN id % 7 = 0 THEN '' ELSE image_url END,
      google_image = CASE WHEN id % 5 = 0 THEN 'https://maps.example/' || id || '.jpg' ELSE google_image END`);
    const oracle = async (tripIds: number[]) => {
      const byTrip = new Map<number, string[]>();
      for (const row of await repo.rideImagesQuery(tripIds, 6))
        byTrip.set(row.rideId, [...(byTrip.get(row.rideId) ?? []), row.href]);
      return byTrip;
    };
    let withImages = 0;
    let full = 0;
    for (const near of searches) {
      const found = await repo.findTrips(
        { status: 'noFilters', physicalDisabilities: false },
        near,
        { limit: 51, offset: 0 },
        6,
      );
      const expected = await oracle(found.map((r) => r.id));
      for (const r of found) {
        expect(r.images, String(r.id)).toEqual(expected.get(r.id) ?? []);
        if (r.images.length > 0) withImages += 1;
        if (r.images.length === 6) full += 1;
      }
      expect(
        await repo.rideImages(
          found.map((r) => r.id),
          6,
        ),
      ).toEqual(expected);
    }
    const newest = await repo.findTrips(
      { status: 'noFilters', physicalDisabilities: false },
      null,
      { limit: 51, offset: 0 },
      6,
    );
    const expected = await oracle(newest.map((r) => r.id));
    for (const r of newest) expect(r.images).toEqual(expected.get(r.id) ?? []);
    expect(withImages).toBeGreaterThan(100);
    expect(full).toBeGreaterThan(10);
  });

  it('attractions near a point: no trip, a trip and its viewer, and a manager catalogue', async () => {
    const [someTrip] = await t.db.db
      .select({ id: rides.id })
      .from(rides)
      .where(eq(rides.authorId, plannerId))
      .limit(1);
    const rideId = someTrip!.id;
    let compared = 0;
    for (const near of searches) {
      for (const [rid, viewer] of [
        [null, null],
        [rideId, null],
        [rideId, plannerId],
      ] as const) {
        const expected = await repo.attractionsNearQuery(near, rid, viewer, 50);
        const actual = await repo.attractionsNear(near, rid, viewer, 50);
        expect(ids(actual), JSON.stringify({ near, rid, viewer })).toEqual(ids(expected));
        expect(actual).toEqual(expected);
        compared += expected.length;
      }
      const expected = await repo.authorAttractionsNearQuery(near, rideId, plannerId, 50);
      expect(await repo.authorAttractionsNear(near, rideId, plannerId, 50)).toEqual(expected);
      compared += expected.length;
    }
    expect(compared).toBeGreaterThan(500);
  });

  it('hotels near a point: one per hotel (copies carry the same), the same rows standing for them', async () => {
    let compared = 0;
    for (const near of searches) {
      const expected = await repo.accommodationsNearQuery(near, 50);
      const actual = await repo.accommodationsNear(near, 50);
      expect(ids(actual), JSON.stringify(near)).toEqual(ids(expected));
      expect(actual).toEqual(expected);
      compared += expected.length;
    }
    expect(compared).toBeGreaterThan(200);
  });

  const expectSamePoints = async (dates: { startDate?: string; endDate?: string }) => {
    const expected = await placementsSearchPoints(t.db.db, dates);
    const actual = await repo.searchPoints(dates);
    expect(actual.map((p) => p.count)).toEqual(expected.map((p) => p.count));
    actual.forEach((p, i) => {
      // Sums of sums instead of one average: equal but for the last bits.
      expect(p.lat).toBeCloseTo(expected[i]!.lat, 9);
      expect(p.lng).toBeCloseTo(expected[i]!.lng, 9);
    });
    return expected.length;
  };

  it('the map of all trips, and with dates: the same points and counts as the aggregate over every placement', async () => {
    expect(await expectSamePoints({})).toBeGreaterThan(100);
    expect(await expectSamePoints({ startDate: '2026-01-01' })).toBeGreaterThan(10);
    expect(await expectSamePoints({ startDate: '2025-06-01', endDate: '2025-09-30' })).toBeGreaterThan(10);
  });

  it('stays the same after writes that move placements: a removal, a copy, an attraction moved to another city', async () => {
    const planner = await demoBearer(t, 'planner');
    const traveller = await demoBearer(t, 'traveller');
    // A trip of the planner's with two placements: one removed, one moved (it is the planner's attraction).
    const [a, b] = await t.db.db
      .select({ rideId: rideAttractions.rideId, attractionId: rideAttractions.attractionId })
      .from(rideAttractions)
      .innerJoin(rides, eq(rides.id, rideAttractions.rideId))
      .where(and(eq(rides.authorId, plannerId), sql`${rides.id} > 1000`))
      .orderBy(asc(rideAttractions.id))
      .limit(2);
    const removed = await get(
      t,
      `/api/remove_attraction_from_ride_api/${a!.rideId}/${a!.attractionId}`,
      planner,
    );
    expect(removed.statusCode, removed.body).toBe(200);
    const copied = await get(t, `/api/add_ride_to_user_api/${a!.rideId}`, traveller);
    expect(copied.statusCode, copied.body).toBe(200);
    const moved = await postJson(
      t.app,
      `/api/update_attraction_api/${b!.attractionId}`,
      { title: 'Moved far', lat: 59.33, lng: 18.07 },
      { headers: planner },
    );
    expect(moved.statusCode, moved.body).toBe(200);
    expect((bodyOf(moved) as { ServerMassageCode: string }).ServerMassageCode).toBe('success');
    await expectSamePoints({});
    // And the answer served (through the cache, emptied by the writes) is the new one.
    const served = bodyOf(await get(t, '/api/get_all_sertch_point')) as {
      serch_points: { sertchPoint: { lat: number; lng: number }[] };
    };
    expect(
      served.serch_points.sertchPoint.some(
        (p) => Math.abs(p.lat - 59.33) < 0.01 && Math.abs(p.lng - 18.07) < 0.01,
      ),
    ).toBe(true);
  });
});
