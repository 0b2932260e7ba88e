import { gunzipSync } from 'node:zlib';
import { eq, inArray } from 'drizzle-orm';
import { globalRidesResponse, SEARCH_RADIUS_KM, type GlobalRidesResponse } from '@rides/contract';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { rides } from '../../src/db/schema/index.js';
import { decideTripView, todayIso } from '../../src/modules/access/trip-access.policy.js';
import { haversineKm } from '../../src/modules/search/search.geo.js';
import { createSearchService } from '../../src/modules/search/search.service.js';
import { postJson, type TestApp } from '../helpers/app.js';
import {
  anySubdomain,
  bodyOf,
  createSearchTestApp,
  demoUserIds,
  destination,
  get,
  insertTrip,
  keyPointOf,
  PLACES,
  PUBLIC_DEMO_TRIPS,
  strangerBearer,
} from './search-fixtures.js';

/** global_rides_api (001 §3 search filters, §7): the trip search of /search_ride, on the demo content and on inserted trips. */
describe('global_rides_api', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createSearchTestApp();
  });
  afterAll(async () => {
    await t?.dispose();
  });

  const search = async (payload: unknown, headers: Record<string, string> = {}) => {
    const res = await postJson(t.app, '/api/global_rides_api', payload, { headers });
    expect(res.statusCode, res.body).toBe(200);
    return globalRidesResponse.parse(bodyOf(res));
  };
  const ids = (body: GlobalRidesResponse) => body.rides.map((r) => r.id);

  describe('on the demo content', () => {
    it('without a point: every trip a visitor may see, newest first; the private white-label trip 228 is not among them', async () => {
      const body = await search({});
      expect(body.ServerMassageCode).toBe('success');
      expect(ids(body).sort((a, b) => a - b)).toEqual([...PUBLIC_DEMO_TRIPS].sort((a, b) => a - b));
      expect(body.hasMore).toBe(false);
      expect(body.rides.every((r) => r.distance_km === null && r.ride_manager_id === null)).toBe(true);
    });

    it('lists only trips the access policy lets an anonymous visitor view', async () => {
      const body = await search({});
      const rows = await t.db.db
        .select()
        .from(rides)
        .where(inArray(rides.id, ids(body)));
      // A list that came back empty would check nothing: it holds the public demo trips, every one read back.
      expect(rows.length).toBeGreaterThan(0);
      expect(rows).toHaveLength(ids(body).length);
      for (const r of rows) {
        const facts = {
          authorId: r.authorId,
          rideManagerId: r.rideManagerId,
          type: r.type,
          endDate: r.endDate,
          authorizedUserIds: new Set<number>(),
          memberRoles: new Map(),
        };
        expect(decideTripView(facts, null, todayIso())).toMatchObject({ allowed: true, datesHidden: false });
      }
    });

    it('a card has what /search_ride shows: title, text, days, dates, images, language', async () => {
      const body = await search({ lat: PLACES.rome.lat, lng: PLACES.rome.lng });
      expect(body.rides).toHaveLength(1);
      expect(body.rides[0]).toMatchObject({
        id: 719,
        title: 'רומא ופירנצה עם ילדים',
        duration: 11,
        start_date: '12-07-2026',
        end_date: '22-07-2026',
        language: 'hebrew',
        category_name: 'template',
        is_demo: false,
        physical_disabilities: false,
        ride_manager_id: null,
      });
      expect(body.rides[0]?.text).toContain('<');
      expect(Array.isArray(body.rides[0]?.rideImages)).toBe(true);
    });

    it('Dead Sea: trips 1 and 183 (about 11 km), nearest first; the Galilee trip 843 (135 km) is not near', async () => {
      const body = await search({ lat: PLACES.deadSea.lat, lng: PLACES.deadSea.lng });
      expect(ids(body).sort()).toEqual([1, 183].sort());
      for (const r of body.rides) expect(r.distance_km).toBeGreaterThan(5);
      for (const r of body.rides) expect(r.distance_km).toBeLessThan(20);
    });

    it('Tiberias: the three Israeli trips, ordered by the distance of their nearest attraction', async () => {
      const body = await search({ lat: PLACES.tiberias.lat, lng: PLACES.tiberias.lng });
      expect(ids(body).sort((a, b) => a - b)).toEqual([1, 183, 843]);
      const d = body.rides.map((r) => r.distance_km as number);
      expect(d).toEqual([...d].sort((a, b) => a - b));
      expect(d[d.length - 1]).toBeLessThanOrEqual(SEARCH_RADIUS_KM);
    });

    it('Paris: trip 72; with radius_km 300 also 233 (Brussels/Amsterdam) behind it', async () => {
      expect(ids(await search({ lat: PLACES.paris.lat, lng: PLACES.paris.lng }))).toEqual([72]);
      expect(ids(await search({ lat: PLACES.paris.lat, lng: PLACES.paris.lng, radius_km: 300 }))).toEqual([
        72, 233,
      ]);
    });

    it('Zurich: nothing (the Alps trip is private), a success with an empty list (sorry_we_dont_have_this_ride)', async () => {
      const body = await search({ lat: PLACES.zurich.lat, lng: PLACES.zurich.lng });
      expect(body).toEqual({ ServerMassageCode: 'success', rides: [], hasMore: false });
    });

    it('physicalDisabilities true filters: no demo trip is suitable', async () => {
      expect(
        ids(await search({ lat: PLACES.deadSea.lat, lng: PLACES.deadSea.lng, physicalDisabilities: true })),
      ).toEqual([]);
      expect(ids(await search({ physicalDisabilities: 'true' }))).toEqual([]);
      // false and absent are "no filter" (the checkbox unticked).
      expect(
        ids(await search({ lat: PLACES.deadSea.lat, lng: PLACES.deadSea.lng, physicalDisabilities: false })),
      ).toHaveLength(2);
    });

    it('status filters by trip category; noFilters (the default) does not', async () => {
      expect(ids(await search({ status: 'template' })).sort((a, b) => a - b)).toEqual([1, 72, 183, 719]);
      expect(ids(await search({ status: 'planning' }))).toEqual([843]);
      expect(ids(await search({ status: 'active' }))).toEqual([233]);
      expect(ids(await search({ status: 'client' }))).toEqual([]);
      expect(ids(await search({ status: 'noFilters' }))).toHaveLength(PUBLIC_DEMO_TRIPS.length);
    });

    it('takes a url-encoded form as the old clients sent it (text numbers, "on" checkbox, empty fields)', async () => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/global_rides_api',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: `lat=${PLACES.deadSea.lat}&lng=${PLACES.deadSea.lng}&status=&physicalDisabilities=`,
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(ids(globalRidesResponse.parse(bodyOf(res))).sort()).toEqual([1, 183].sort());
      const checked = await t.app.inject({
        method: 'POST',
        url: '/api/global_rides_api',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'physicalDisabilities=on',
      });
      expect(ids(globalRidesResponse.parse(bodyOf(checked)))).toEqual([]);
    });

    it('a POST with no body at all is a search with no filters', async () => {
      const res = await t.app.inject({ method: 'POST', url: '/api/global_rides_api' });
      expect(res.statusCode, res.body).toBe(200);
      expect(globalRidesResponse.parse(bodyOf(res)).rides).toHaveLength(PUBLIC_DEMO_TRIPS.length);
    });

    it('GET with the filters in the query answers the same as POST', async () => {
      const q = `lat=${PLACES.tiberias.lat}&lng=${PLACES.tiberias.lng}`;
      const res = await get(t, `/api/global_rides_api?${q}`);
      expect(res.statusCode, res.body).toBe(200);
      expect(bodyOf(res)).toEqual(await search({ lat: PLACES.tiberias.lat, lng: PLACES.tiberias.lng }));
    });

    it('pages with limit and offset; hasMore says another page follows', async () => {
      const all = ids(await search({}));
      const first = await search({ limit: 4 });
      const second = await search({ limit: 4, offset: 4 });
      expect(first.hasMore).toBe(true);
      expect(second.hasMore).toBe(false);
      expect([...ids(first), ...ids(second)]).toEqual(all);
    });

    it('the answer does not depend on who asks (public cache): a signed-in stranger gets the same bytes', async () => {
      const anonymous = await postJson(t.app, '/api/global_rides_api', {
        lat: PLACES.rome.lat,
        lng: PLACES.rome.lng,
      });
      const signedIn = await postJson(
        t.app,
        '/api/global_rides_api',
        { lat: PLACES.rome.lat, lng: PLACES.rome.lng },
        { headers: await strangerBearer(t) },
      );
      expect(signedIn.body).toBe(anonymous.body);
      expect(signedIn.headers.vary).not.toMatch(/authorization/i);
    });
  });

  describe('HTTP caching', () => {
    it('public, short max-age with stale-while-revalidate, an ETag and Vary: Accept-Encoding', async () => {
      const res = await postJson(t.app, '/api/global_rides_api', {});
      expect(res.headers['cache-control']).toBe('public, max-age=60, stale-while-revalidate=300');
      expect(res.headers.etag).toMatch(/^W\/".+"$/);
      expect(res.headers.vary).toBe('Accept-Encoding');
      expect(res.headers['content-type']).toMatch(/^application\/json/);
    });

    it('GET with If-None-Match of the current ETag answers 304 without a body; a POST always gets the body', async () => {
      const first = await get(t, '/api/global_rides_api?status=template');
      const etag = first.headers.etag as string;
      const again = await get(t, '/api/global_rides_api?status=template', { 'if-none-match': etag });
      expect(again.statusCode).toBe(304);
      expect(again.body).toBe('');
      const other = await get(t, '/api/global_rides_api?status=template', {
        'if-none-match': 'W/"something-else"',
      });
      expect(other.statusCode).toBe(200);
      const post = await postJson(
        t.app,
        '/api/global_rides_api',
        { status: 'template' },
        { headers: { 'if-none-match': etag } },
      );
      expect(post.statusCode).toBe(200);
    });

    it('gzip for clients that accept it, the same JSON', async () => {
      const plain = await postJson(t.app, '/api/global_rides_api', {});
      const zipped = await postJson(
        t.app,
        '/api/global_rides_api',
        {},
        { headers: { 'accept-encoding': 'gzip, deflate, br' } },
      );
      expect(zipped.headers['content-encoding']).toBe('gzip');
      expect(zipped.rawPayload.length).toBeLessThan(plain.rawPayload.length);
      expect(gunzipSync(zipped.rawPayload).toString('utf8')).toBe(plain.body);
      const refused = await postJson(
        t.app,
        '/api/global_rides_api',
        {},
        { headers: { 'accept-encoding': 'gzip;q=0' } },
      );
      expect(refused.headers['content-encoding']).toBeUndefined();
    });
  });

  describe('bad input answers 400 bad_request with the fields, never a 500', () => {
    const cases: [string, unknown][] = [
      ['latitude above 90', { lat: 90.5, lng: 10 }],
      ['latitude below -90', { lat: -91, lng: 10 }],
      ['longitude above 180', { lat: 10, lng: 180.01 }],
      ['longitude below -180', { lat: 10, lng: -200 }],
      ['latitude not a number', { lat: 'abc', lng: 10 }],
      ['latitude NaN', { lat: 'NaN', lng: 10 }],
      ['latitude Infinity', { lat: 'Infinity', lng: 10 }],
      ['latitude with an exponent', { lat: '1e1', lng: 10 }],
      ['latitude an array', { lat: [31], lng: 10 }],
      ['latitude an object', { lat: { v: 31 }, lng: 10 }],
      ['latitude a boolean', { lat: true, lng: 10 }],
      ['a latitude without a longitude', { lat: 31 }],
      ['a longitude without a latitude', { lng: 35 }],
      ['an unknown status', { status: 'everything' }],
      ['a status of the wrong type', { status: 3 }],
      ['physicalDisabilities not a flag', { physicalDisabilities: 'maybe' }],
      ['radius_km too large', { lat: 31, lng: 35, radius_km: 5000 }],
      ['radius_km zero', { lat: 31, lng: 35, radius_km: 0 }],
      ['limit 0', { limit: 0 }],
      ['limit above the page maximum', { limit: 1000 }],
      ['limit not whole', { limit: 2.5 }],
      ['offset negative', { offset: -1 }],
      ['a JSON array instead of an object', [1, 2]],
    ];
    it.each(cases)('%s', async (_name, payload) => {
      const res = await postJson(t.app, '/api/global_rides_api', payload);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toMatchObject({ ServerMassageCode: 'bad_request' });
    });

    it('names the offending fields', async () => {
      const res = await postJson(t.app, '/api/global_rides_api', { lat: 'north', lng: 500, status: 'x' });
      expect(res.statusCode).toBe(400);
      const fields = (res.json() as { errors: { field: string; code: string }[] }).errors
        .map((e) => e.field)
        .sort();
      expect(fields).toEqual(['lat', 'lng', 'status']);
    });

    it('malformed JSON and bad GET queries are 400 too', async () => {
      const broken = await t.app.inject({
        method: 'POST',
        url: '/api/global_rides_api',
        headers: { 'content-type': 'application/json' },
        payload: '{"lat": 3',
      });
      expect(broken.statusCode).toBe(400);
      expect(broken.json()).toMatchObject({ ServerMassageCode: 'bad_request' });
      for (const q of ['lat=95&lng=1', 'lat=1', 'lat=x&lng=y', 'status=unknown', 'limit=abc']) {
        const res = await get(t, `/api/global_rides_api?${q}`);
        expect(res.statusCode, q).toBe(400);
        expect(res.json()).toMatchObject({ ServerMassageCode: 'bad_request' });
      }
    });
  });

  describe('inserted trips', () => {
    let users: Awaited<ReturnType<typeof demoUserIds>>;
    let publicTrip: number;
    beforeAll(async () => {
      users = await demoUserIds(t);
      const near = (km: number, bearing: number) => destination(PLACES.reykjavik, km, bearing);
      publicTrip = (
        await insertTrip(t, {
          authorId: users.traveller,
          title: 'Iceland ring road',
          physicalDisabilities: true,
          category: 'active',
          topPageImageUrl: 'https://img.example/cover.jpg',
          attractions: [
            { title: 'Far', ...near(40, 90), imageUrl: 'https://img.example/a1.jpg' },
            { title: 'Near', ...near(3, 0), imageUrl: 'https://img.example/a2.jpg' },
            { title: 'No image', ...near(5, 180) },
            { title: 'Same image', ...near(6, 180), imageUrl: 'https://img.example/a1.jpg' },
            ...[3, 4, 5, 6, 7, 8].map((n) => ({
              title: `A${n}`,
              ...near(10 + n, 270),
              imageUrl: `https://img.example/a${n}.jpg`,
            })),
          ],
        })
      ).rideId;
      const subdomain = await anySubdomain(t);
      // Each of these is near too, and none may be found by a visitor.
      await insertTrip(t, {
        authorId: users.planner,
        title: 'private',
        type: 'private',
        rideManagerId: users.planner,
        attractions: [{ title: 'p', ...near(1, 0) }],
      });
      await insertTrip(t, {
        authorId: users.traveller,
        title: 'public type, but a ride manager',
        rideManagerId: users.planner,
        attractions: [{ title: 'm', ...near(1, 0) }],
      });
      await insertTrip(t, {
        authorId: users.partner,
        title: 'closed to a sub-domain',
        subdomain,
        attractions: [{ title: 's', ...near(1, 0) }],
      });
      await insertTrip(t, {
        authorId: users.traveller,
        title: 'just outside the radius',
        attractions: [{ title: 'o', ...near(SEARCH_RADIUS_KM + 1, 45) }],
      });
      t.app.tripSearch.invalidate();
    });

    it('finds only the public trip, at the distance of its nearest attraction', async () => {
      const body = await search({ lat: PLACES.reykjavik.lat, lng: PLACES.reykjavik.lng });
      expect(ids(body)).toEqual([publicTrip]);
      // 3 km from the asked point; the answer is computed for its cache key's point (0.01°).
      expect(body.rides[0]?.distance_km).toBeCloseTo(
        haversineKm(keyPointOf(PLACES.reykjavik), destination(PLACES.reykjavik, 3, 0)),
        1,
      );
    });

    it('the mobility filter keeps the suitable trip; status filters by its category', async () => {
      const at = { lat: PLACES.reykjavik.lat, lng: PLACES.reykjavik.lng };
      expect(ids(await search({ ...at, physicalDisabilities: true }))).toEqual([publicTrip]);
      expect(ids(await search({ ...at, status: 'active' }))).toEqual([publicTrip]);
      expect(ids(await search({ ...at, status: 'template' }))).toEqual([]);
      expect(ids(await search({ physicalDisabilities: true }))).toEqual([publicTrip]);
    });

    it('the carousel: the cover first, then attraction images in day order, without repeats, at most six', async () => {
      const body = await search({ lat: PLACES.reykjavik.lat, lng: PLACES.reykjavik.lng });
      expect(body.rides[0]?.rideImages.map((i) => i.href)).toEqual([
        'https://img.example/cover.jpg',
        'https://img.example/a1.jpg',
        'https://img.example/a2.jpg',
        'https://img.example/a3.jpg',
        'https://img.example/a4.jpg',
        'https://img.example/a5.jpg',
      ]);
    });

    it('a trip across the antimeridian is found from the other side', async () => {
      const fijiEast = { lat: -16.8, lng: 179.97 };
      const fijiWest = { lat: -16.8, lng: -179.95 };
      const { rideId } = await insertTrip(t, {
        authorId: users.traveller,
        title: 'Taveuni',
        attractions: [{ title: 'Dateline', ...fijiEast }],
      });
      t.app.tripSearch.invalidate();
      const body = await search(fijiWest);
      expect(ids(body)).toEqual([rideId]);
      expect(body.rides[0]?.distance_km).toBeCloseTo(haversineKm(fijiEast, fijiWest), 1);
    });

    it('never a 500 on extreme coordinates: subnormal numbers, a point given with 200 decimals, the poles', async () => {
      // A float8 product that underflows is an error in PostgreSQL; the distance snaps coordinates first.
      const { rideId } = await insertTrip(t, {
        authorId: users.traveller,
        title: 'Null Island',
        attractions: [{ title: 'Buoy', lat: 5e-324, lng: -5e-324 }],
      });
      t.app.tripSearch.invalidate();
      const tiny = `0.${'0'.repeat(200)}1`;
      for (const at of [
        { lat: tiny, lng: tiny },
        { lat: 0, lng: 0 },
        { lat: `-${tiny}`, lng: '0' },
      ]) {
        const body = await search(at);
        expect(ids(body)).toEqual([rideId]);
        expect(body.rides[0]?.distance_km).toBe(0);
      }
      for (const at of [
        { lat: 90, lng: 180 },
        { lat: -90, lng: -180 },
        { lat: 89.999, lng: 0, radius_km: 300 },
      ]) {
        expect((await postJson(t.app, '/api/global_rides_api', at)).statusCode).toBe(200);
      }
    });

    it('a cached answer stays until app.tripSearch.invalidate(); then the new trip shows', async () => {
      const at = { lat: 65.68, lng: -18.09 }; // Akureyri
      expect(ids(await search(at))).toEqual([]);
      const { rideId } = await insertTrip(t, {
        authorId: users.traveller,
        title: 'Akureyri',
        attractions: [{ title: 'Harbour', ...at }],
      });
      expect(ids(await search(at))).toEqual([]); // served from the cache
      t.app.tripSearch.invalidate();
      expect(ids(await search(at))).toEqual([rideId]);
      // A trip that becomes private leaves the results after the write invalidates.
      await t.db.db
        .update(rides)
        .set({ type: 'private', rideManagerId: users.traveller })
        .where(eq(rides.id, rideId));
      t.app.tripSearch.invalidate();
      expect(ids(await search(at))).toEqual([]);
    });

    it('a cached answer expires after its time limit even without an invalidation', async () => {
      let clock = 1_000_000;
      const service = createSearchService({
        db: t.db.db,
        rides: t.app.rides,
        cacheTtlMs: 60_000,
        now: () => clock,
      });
      const at = {
        status: 'noFilters' as const,
        lat: 63.43,
        lng: -20.27,
        physicalDisabilities: false,
        radius_km: 20,
        limit: 10,
        offset: 0,
      };
      const read = async () =>
        (JSON.parse((await service.globalRides(at)).identity.toString('utf8')) as GlobalRidesResponse).rides;
      expect(await read()).toEqual([]);
      await insertTrip(t, {
        authorId: users.traveller,
        title: 'Westman Islands',
        attractions: [{ title: 'Heimaey', lat: 63.43, lng: -20.27 }],
      });
      clock += 59_000;
      expect(await read()).toEqual([]);
      clock += 2_000;
      // Expired: served once more while it reloads in the background (stale-while-revalidate), then the new one.
      expect(await read()).toEqual([]);
      await vi.waitFor(async () => expect((await read()).map((r) => r.title)).toEqual(['Westman Islands']));
    });
  });
});
