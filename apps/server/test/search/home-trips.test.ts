import { homeRidesResponse, HOME_LATEST_TRIPS, type HomeRidesResponse } from '@rides/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.js';
import { rides } from '../../src/db/schema/index.js';
import { seedDemo } from '../../src/db/seed/index.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { bodyOf, createSearchTestApp, demoUserIds, get, insertTrip, PLACES } from './search-fixtures.js';

const read = (res: Awaited<ReturnType<typeof get>>): HomeRidesResponse => homeRidesResponse.parse(bodyOf(res));

/** GET home_rides_api (ours, decision 0004): the home page's featured, recommended and newest shared trips. */
describe('home_rides_api', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createSearchTestApp();
  });
  afterAll(async () => {
    await t?.dispose();
  });

  it('default lists: featured 1, 719, 183; the recommended seven in order without the private 228; days and locations', async () => {
    const res = await get(t, '/api/home_rides_api');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['cache-control']).toMatch(/^public, max-age=\d+/);
    const body = read(res);
    expect(body.ServerMassageCode).toBe('success');
    expect(body.featured.map((r) => r.id)).toEqual([1, 719, 183]);
    // 228 is private in the demo content: a configured id never shows a trip a visitor may not open.
    expect(body.recommended.map((r) => r.id)).toEqual([1, 719, 183, 843, 72, 233]);
    expect(body.recommended.map((r) => r.duration)).toEqual([14, 11, 14, 10, 14, 8]);
    const rome = body.featured.find((r) => r.id === 719);
    expect(rome?.location).toBe('איטליה, רומא');
    expect(body.whatsappNumber).toBe('97235550100');
  });

  it('latest: the newest shared trips first, at most HOME_LATEST_RIDES, never a private or sub-domain trip', async () => {
    const ids = await demoUserIds(t);
    const shared = await insertTrip(t, { authorId: ids.traveller, title: 'Newest shared', attractions: [{ title: 'Harpa', ...PLACES.reykjavik }] });
    const hidden = await insertTrip(t, { authorId: ids.traveller, title: 'Private one', type: 'private' });
    t.app.tripSearch.invalidate();
    const body = read(await get(t, '/api/home_rides_api'));
    expect(body.latest.length).toBeLessThanOrEqual(HOME_LATEST_TRIPS);
    expect(body.latest[0]?.id).toBe(shared.rideId);
    expect(body.latest.map((r) => r.id)).not.toContain(hidden.rideId);
    expect(body.latest.map((r) => r.id)).not.toContain(228);
    // No stay: no location, and the card still shows.
    expect(body.latest[0]?.location).toBeNull();
  });

  it('answers from the cache until a write invalidates it', async () => {
    const before = read(await get(t, '/api/home_rides_api'));
    await t.db.db.update(rides).set({ title: 'Renamed featured' }).where(eq(rides.id, 1));
    expect(read(await get(t, '/api/home_rides_api')).featured[0]?.title).toBe(before.featured[0]?.title);
    t.app.tripSearch.invalidate();
    expect(read(await get(t, '/api/home_rides_api')).featured[0]?.title).toBe('Renamed featured');
  });

  it('a revalidation with the ETag is a 304', async () => {
    const first = await get(t, '/api/home_rides_api');
    const again = await get(t, '/api/home_rides_api', { 'if-none-match': String(first.headers.etag) });
    expect(again.statusCode).toBe(304);
  });
});

describe('home_rides_api configuration', () => {
  it('HOME_FEATURED_RIDE_IDS / HOME_RECOMMENDED_RIDE_IDS set the lists and their order; unknown ids are left out; WHATSAPP_NUMBER=none hides the button', async () => {
    const t = await createTestApp({ HOME_FEATURED_RIDE_IDS: '183, 72,999999', HOME_RECOMMENDED_RIDE_IDS: '843', WHATSAPP_NUMBER: 'none' });
    try {
      await seedDemo(t.db.db, { passwordHash: 'not-a-hash' });
      const body = read(await get(t, '/api/home_rides_api'));
      expect(body.featured.map((r) => r.id)).toEqual([183, 72]);
      expect(body.recommended.map((r) => r.id)).toEqual([843]);
      expect(body.whatsappNumber).toBeNull();
    } finally {
      await t.dispose();
    }
  });

  it('a bad list or number stops the server at start with a clear message', () => {
    const base = { DATA_DIR: '/tmp/rides-config-test', JWT_SECRET: 'x'.repeat(40) };
    expect(() => loadConfig({ ...base, HOME_FEATURED_RIDE_IDS: '1;2' })).toThrow(/HOME_FEATURED_RIDE_IDS/);
    expect(() => loadConfig({ ...base, WHATSAPP_NUMBER: '+972-3' })).toThrow(/WHATSAPP_NUMBER/);
    expect(loadConfig({ ...base, HOME_FEATURED_RIDE_IDS: ' 5 , 5,7 ' }).home.featuredRideIds).toEqual([5, 7]);
  });
});
