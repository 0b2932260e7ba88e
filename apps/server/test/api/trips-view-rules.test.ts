import { gunzipSync } from 'node:zlib';
import { eq, sql } from 'drizzle-orm';
import { rideAttractionsResponse, rideHeaderResponse } from '@rides/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS } from '../../src/db/seed/index.js';
import { accommodations, attractions, rideAttractions, rideAuthorizedUsers, rideExtraInformation, rides } from '../../src/db/schema/index.js';
import type { TestApp } from '../helpers/app.js';
import { bearer, createTripsTestApp, demoBearer, get, strangerBearer, userIdOf } from './trips-fixtures.js';

/** Trip view rules that need their own data: hidden dates, sanitised HTML, the cache and its invalidation. */
describe('trip view rules', () => {
  let t: TestApp;
  let plannerId: number;
  let travellerId: number;
  beforeAll(async () => {
    t = await createTripsTestApp();
    plannerId = await userIdOf(t, DEMO_ACCOUNTS.planner.email);
    travellerId = await userIdOf(t, DEMO_ACCOUNTS.traveller.email);
  });
  afterAll(async () => {
    await t?.dispose();
  });

  /** A 3-day trip by the planner, with one attraction, one stay and a day note. */
  async function makeTrip(values: { type: 'public' | 'private'; startDate: string; endDate: string; text?: string; title?: string }) {
    const db = t.db.db;
    const [ride] = await db
      .insert(rides)
      .values({
        authorId: plannerId,
        title: values.title ?? 'Test trip',
        text: values.text ?? '<p>hello</p>',
        startDate: values.startDate,
        endDate: values.endDate,
        type: values.type,
        rideManagerId: values.type === 'private' ? plannerId : null,
      })
      .returning({ id: rides.id });
    const rideId = (ride as { id: number }).id;
    const [a] = await db
      .insert(attractions)
      .values({ authorId: plannerId, title: 'Old town', text: 'walk', lat: 32.1, lng: 34.8 })
      .returning({ id: attractions.id });
    await db.insert(rideAttractions).values({ rideId, attractionId: (a as { id: number }).id, plannedDate: values.startDate, timeOfDay: '14:05:00', position: 0 });
    await db.insert(accommodations).values({
      rideId,
      name: 'Inn',
      countryAndCity: 'Israel, Haifa',
      lat: 32.8,
      lng: 34.9,
      checkInDate: values.startDate,
      checkOutDate: values.endDate,
      status: 'booked',
    });
    await db.insert(rideExtraInformation).values({ rideId, title: '', text: 'day one', date: values.startDate });
    return rideId;
  }

  describe('a private trip whose end date has passed', () => {
    let rideId: number;
    beforeAll(async () => {
      rideId = await makeTrip({ type: 'private', startDate: '2020-05-01', endDate: '2020-05-03' });
      await t.db.db.insert(rideAuthorizedUsers).values({ rideId, userId: travellerId });
    });

    it('hides every date from a non-author viewer with access', async () => {
      const res = await get(t, `/api/ride_attractions_api/${rideId}`, await demoBearer(t, 'traveller'));
      expect(res.statusCode).toBe(200);
      const body = rideAttractionsResponse.parse(res.json());
      expect(body.ride).toMatchObject({ start_date: null, end_date: null, dates_hidden: true, duration: 3 });
      expect(body.attractionsByDay).toHaveLength(3);
      expect(body.attractionsByDay.every((d) => d.dateTime === null)).toBe(true);
      const first = body.attractionsByDay[0];
      expect(first?.daily_attractions[0]).toMatchObject({ title: 'Old town', plannedDate: null, dateTime: '02:05:00 PM' });
      expect(first?.accommodation).toMatchObject({ name: 'Inn', check_in_date: null, check_out_date: null });
      expect(body.ride.rideExtraInformationByDay).toEqual([expect.objectContaining({ date: null, dayIndex: 0, text: 'day one' })]);
      expect(res.body).not.toMatch(/2020|05-2020|5\/1\/2020/);
      const header = rideHeaderResponse.parse((await get(t, `/api/ride_header_api/${rideId}`, await demoBearer(t, 'traveller'))).json());
      expect(header.ride).toMatchObject({ start_date: null, end_date: null, dates_hidden: true });
    });

    it('shows them to the author (also after a hidden view was cached)', async () => {
      const res = await get(t, `/api/ride_attractions_api/${rideId}`, await bearer(t, plannerId, 'manager'));
      const body = rideAttractionsResponse.parse(res.json());
      expect(body.ride).toMatchObject({ start_date: '01-05-2020', end_date: '03-05-2020', dates_hidden: false });
      expect(body.attractionsByDay[0]?.dateTime).toBe('01/05/2020 00:00');
      expect(body.attractionsByDay[0]?.daily_attractions[0]?.plannedDate).toBe('5/1/2020');
      expect(body.attractionsByDay[0]?.accommodation?.check_in_date).toBe('01-05-2020');
    });

    it('still refuses users without access', async () => {
      expect((await get(t, `/api/ride_attractions_api/${rideId}`)).statusCode).toBe(403);
      expect((await get(t, `/api/ride_attractions_api/${rideId}`, await strangerBearer(t))).statusCode).toBe(403);
    });

    it('a public trip in the past keeps its dates for everyone', async () => {
      const publicId = await makeTrip({ type: 'public', startDate: '2020-05-01', endDate: '2020-05-03' });
      const body = rideAttractionsResponse.parse((await get(t, `/api/ride_attractions_api/${publicId}`)).json());
      expect(body.ride).toMatchObject({ start_date: '01-05-2020', dates_hidden: false });
    });

    it('a private trip that has not ended shows its dates to an authorised viewer', async () => {
      const futureId = await makeTrip({ type: 'private', startDate: '2099-05-01', endDate: '2099-05-03' });
      await t.db.db.insert(rideAuthorizedUsers).values({ rideId: futureId, userId: travellerId });
      const body = rideAttractionsResponse.parse((await get(t, `/api/ride_attractions_api/${futureId}`, await demoBearer(t, 'traveller'))).json());
      expect(body.ride).toMatchObject({ start_date: '01-05-2099', dates_hidden: false });
    });
  });

  it('sanitises the trip text: no script, no event handler, no javascript: link', async () => {
    const rideId = await makeTrip({
      type: 'public',
      startDate: '2030-01-01',
      endDate: '2030-01-02',
      text:
        '<p onclick="steal()">Hi <b>there</b><img src=x onerror="alert(1)"><script>alert(2)</script>' +
        '<a href="javascript:alert(3)">bad</a> <a href="https://example.com" onmouseover="x()">good</a></p><h2>Day</h2><iframe src="https://evil"></iframe>',
    });
    const body = rideAttractionsResponse.parse((await get(t, `/api/ride_attractions_api/${rideId}`)).json());
    const html = body.ride.text;
    expect(html).not.toMatch(/<script|onerror|onclick|onmouseover|javascript:|<img|<iframe|alert\(2\)/i);
    expect(html).toContain('<b>there</b>');
    expect(html).toContain('<h2>Day</h2>');
    expect(html).toMatch(/<a rel="noopener noreferrer" href="https:\/\/example.com">good<\/a>/);
  });

  it('serves a trip from the cache until invalidateRide, then reads the change', async () => {
    const before = rideAttractionsResponse.parse((await get(t, '/api/ride_attractions_api/843')).json());
    expect(t.app.rides.isCached(843)).toBe(true);
    await t.db.db.update(rides).set({ title: 'Changed behind the cache' }).where(eq(rides.id, 843));
    // Still the cached trip: nothing told the cache.
    const cached = rideAttractionsResponse.parse((await get(t, '/api/ride_attractions_api/843')).json());
    expect(cached.ride.title).toBe(before.ride.title);
    t.app.rides.invalidateTrip(843);
    expect(t.app.rides.isCached(843)).toBe(false);
    const fresh = rideAttractionsResponse.parse((await get(t, '/api/ride_attractions_api/843')).json());
    expect(fresh.ride.title).toBe('Changed behind the cache');
    const header = rideHeaderResponse.parse((await get(t, '/api/ride_header_api/843')).json());
    expect(header.ride.title).toBe('Changed behind the cache');
  });

  it('answers gzip to clients that accept it, the same JSON', async () => {
    const plain = await get(t, '/api/ride_attractions_api/1');
    const zipped = await get(t, '/api/ride_attractions_api/1', { 'accept-encoding': 'gzip, deflate, br' });
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(zipped.headers.vary).toMatch(/Accept-Encoding/);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(gunzipSync(zipped.rawPayload).toString('utf8'))).toEqual(plain.json());
    const refused = await get(t, '/api/ride_header_api/1', { 'accept-encoding': 'gzip;q=0, identity' });
    expect(refused.headers['content-encoding']).toBeUndefined();
    expect(rideHeaderResponse.parse(refused.json()).ride.id).toBe(1);
  });

  it('invalidateAllRides forgets every trip (e.g. an attraction shown by many trips changed)', async () => {
    await get(t, '/api/ride_attractions_api/1');
    expect(t.app.rides.isCached(1)).toBe(true);
    await t.db.db.execute(sql`UPDATE attractions SET title = 'Renamed place' WHERE id = (SELECT attraction_id FROM ride_attractions WHERE ride_id = 1 ORDER BY planned_date, position LIMIT 1)`);
    t.app.rides.invalidateAllTrips();
    const body = rideAttractionsResponse.parse((await get(t, '/api/ride_attractions_api/1')).json());
    expect(body.attractionsByDay[0]?.daily_attractions[0]?.title).toBe('Renamed place');
  });

  it('granting access is seen after invalidateRide; the viewer rules never leak between viewers of a cached trip', async () => {
    const stranger = await strangerBearer(t);
    expect((await get(t, '/api/ride_attractions_api/228', await demoBearer(t, 'subdomain'))).statusCode).toBe(200);
    // Cached now; anonymous and stranger are still refused on the cached trip.
    expect((await get(t, '/api/ride_attractions_api/228')).statusCode).toBe(403);
    expect((await get(t, '/api/ride_attractions_api/228', stranger)).statusCode).toBe(403);
    const header = rideHeaderResponse.parse((await get(t, '/api/ride_header_api/228', await demoBearer(t, 'traveller'))).json());
    expect(header.isAuthor).toBe(false);
  });
});
