import { accommodationsByLocationResponse } from '@rides/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accommodationBookingLinks } from '../../src/db/schema/index.js';
import { haversineKm } from '../../src/modules/search/search.geo.js';
import type { TestApp } from '../helpers/app.js';
import {
  bodyOf,
  createSearchTestApp,
  demoUserIds,
  get,
  insertTrip,
  keyPointOf,
  PLACES,
  strangerBearer,
} from './search-fixtures.js';

/** serch_accommodations_by_location_api/{lat}/{lng} (000 §7, 001 §2 /search_accommodations): hotels of shared trips. */
describe('serch_accommodations_by_location_api', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createSearchTestApp();
  });
  afterAll(async () => {
    await t?.dispose();
  });

  const url = (p: { lat: number | string; lng: number | string }, query = '') =>
    `/api/serch_accommodations_by_location_api/${p.lat}/${p.lng}${query}`;
  const hotels = async (p: { lat: number; lng: number }, query = '') => {
    const res = await get(t, url(p, query));
    expect(res.statusCode, res.body).toBe(200);
    return accommodationsByLocationResponse.parse(bodyOf(res)).accommodations;
  };

  it('Jerusalem: hotels of trips 1 and 183 nearest first, with the trip to view and the booking partner of trip 1', async () => {
    const list = await hotels(PLACES.jerusalem);
    expect(list.length).toBeGreaterThanOrEqual(2);
    expect(list.map((h) => h.ride_id).every((id) => [1, 183, 843].includes(id))).toBe(true);
    const d = list.map((h) => h.distance_km);
    expect(d).toEqual([...d].sort((a, b) => a - b));
    for (const h of list) {
      expect(h.distance_km).toBeLessThanOrEqual(50);
      expect(h.distance_km).toBeCloseTo(
        haversineKm(keyPointOf(PLACES.jerusalem), { lat: h.latitude, lng: h.longtitude }),
        1,
      );
    }
    expect(list.find((h) => h.name === 'King David Hotel')).toMatchObject({
      ride_id: 183,
      cuntry_and_city: 'Israel, Jerusalem',
      hotelAffiliate: null,
    });
    expect(list.find((h) => h.ride_id === 1)?.hotelAffiliate).toMatchObject({
      aid: 'demo-aid',
      destination_type: 'city',
    });
  });

  it("Zurich: none (the Alps trip is private: its hotels are its planner's)", async () => {
    expect(await hotels(PLACES.zurich)).toEqual([]);
  });

  it('one entry per hotel: a copy of a trip carrying the same hotel does not repeat it; private trips add nothing', async () => {
    const ids = await demoUserIds(t);
    const inn = { name: 'Harbour Inn', lat: 60.3913, lng: 5.3221 }; // Bergen
    const base = await insertTrip(t, { authorId: ids.planner, accommodations: [inn] });
    await insertTrip(t, { authorId: ids.traveller, accommodations: [{ ...inn, name: 'HARBOUR INN' }] });
    await insertTrip(t, {
      authorId: ids.planner,
      type: 'private',
      rideManagerId: ids.planner,
      accommodations: [{ name: 'Secret Lodge', lat: 60.39, lng: 5.33 }],
    });
    await insertTrip(t, {
      authorId: ids.traveller,
      accommodations: [{ name: 'Fjord Hostel', lat: 60.4, lng: 5.35 }],
    });
    t.app.tripSearch.invalidate();
    const list = await hotels({ lat: 60.39, lng: 5.32 });
    expect(list.map((h) => h.name)).toEqual(['Harbour Inn', 'Fjord Hostel']);
    expect(list[0]?.ride_id).toBe(base.rideId);
  });

  it("the trip's booking mapping shows once the cache is invalidated after the write", async () => {
    const ids = await demoUserIds(t);
    const spot = { lat: 59.9139, lng: 10.7522 }; // Oslo
    const { rideId } = await insertTrip(t, {
      authorId: ids.planner,
      accommodations: [{ name: 'Fjord Hotel', ...spot }],
    });
    t.app.tripSearch.invalidate();
    expect((await hotels(spot))[0]?.hotelAffiliate).toBeNull();
    await t.db.db
      .insert(accommodationBookingLinks)
      .values({ rideId, aid: 'a1', destinationId: 'oslo', destinationType: 'city', name: 'Oslo' });
    expect((await hotels(spot))[0]?.hotelAffiliate).toBeNull(); // cached
    t.app.tripSearch.invalidate();
    expect((await hotels(spot))[0]?.hotelAffiliate).toEqual({
      aid: 'a1',
      target_aid: null,
      destination_id: 'oslo',
      destination_type: 'city',
      name: 'Oslo',
    });
  });

  it('public and cacheable, the same for every visitor; 304 on a matching ETag', async () => {
    const anonymous = await get(t, url(PLACES.jerusalem));
    expect(anonymous.headers['cache-control']).toBe('public, max-age=60, stale-while-revalidate=300');
    expect(anonymous.headers.vary).toBe('Accept-Encoding');
    const signedIn = await get(t, url(PLACES.jerusalem), await strangerBearer(t));
    expect(signedIn.body).toBe(anonymous.body);
    const again = await get(t, url(PLACES.jerusalem), { 'if-none-match': anonymous.headers.etag as string });
    expect(again.statusCode).toBe(304);
  });

  it('radius_km narrows the search', async () => {
    const near = await hotels(PLACES.jerusalem, '?radius_km=5');
    expect(near.length).toBeGreaterThan(0);
    expect(near.every((h) => h.distance_km <= 5)).toBe(true);
    expect(near.length).toBeLessThan((await hotels(PLACES.jerusalem)).length);
  });

  describe('bad input answers 400 bad_request', () => {
    const cases: [string, string][] = [
      ['latitude above 90', url({ lat: 90.0001, lng: 0 })],
      ['latitude below -90', url({ lat: -90.5, lng: 0 })],
      ['longitude above 180', url({ lat: 0, lng: 181 })],
      ['latitude text', url({ lat: 'abc', lng: 0 })],
      ['longitude Infinity', url({ lat: 0, lng: 'Infinity' })],
      ['latitude with an exponent', url({ lat: '3e1', lng: 0 })],
      ['radius_km zero', url({ lat: 0, lng: 0 }, '?radius_km=0')],
    ];
    it.each(cases)('%s', async (_name, path) => {
      const res = await get(t, path);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toMatchObject({ ServerMassageCode: 'bad_request' });
    });

    it('the extremes are fine: poles and the antimeridian', async () => {
      for (const p of [
        { lat: 90, lng: 180 },
        { lat: -90, lng: -180 },
        { lat: 0, lng: 0 },
      ]) {
        expect((await get(t, url(p))).statusCode).toBe(200);
      }
    });
  });
});
