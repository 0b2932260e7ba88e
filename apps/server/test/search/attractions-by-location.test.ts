import { attractionsByLocationResponse, type AttractionsByLocationResponse } from '@rides/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rideAuthorizedUsers, users } from '../../src/db/schema/index.js';
import { haversineKm } from '../../src/modules/search/search.geo.js';
import type { TestApp } from '../helpers/app.js';
import { bearer, createSearchTestApp, demoBearer, demoUserIds, get, insertTrip, PLACES, strangerBearer } from './search-fixtures.js';

/** serch_attractions_by_location_api/{rideId}/{lat}/{lng} (000 §7, internal source): the add-activity search. */
describe('serch_attractions_by_location_api', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createSearchTestApp();
  });
  afterAll(async () => {
    await t?.dispose();
  });

  const url = (rideId: number | string, p: { lat: number | string; lng: number | string }, query = '') =>
    `/api/serch_attractions_by_location_api/${rideId}/${p.lat}/${p.lng}${query}`;
  const ok = async (rideId: number, p: { lat: number; lng: number }, headers: Record<string, string> = {}, query = '') => {
    const res = await get(t, url(rideId, p, query), headers);
    expect(res.statusCode, res.body).toBe(200);
    return attractionsByLocationResponse.parse(res.json());
  };
  const titles = (b: AttractionsByLocationResponse) => b.attractions.map((a) => a.title);

  it('a visitor on public trip 1 near Jerusalem: our attractions, nearest first, within 50 km, those of the trip marked inRide', async () => {
    const body = await ok(1, PLACES.jerusalem);
    expect(body.ServerMassageCode).toBe('success');
    expect(body.attractions.length).toBeGreaterThan(5);
    const d = body.attractions.map((a) => a.distance_km);
    expect(d).toEqual([...d].sort((a, b) => a - b));
    expect(Math.max(...d)).toBeLessThanOrEqual(50);
    for (const a of body.attractions) {
      expect(a.distance_km).toBeCloseTo(haversineKm(PLACES.jerusalem, a), 1);
      expect(a.latitude).toBe(a.lat);
      expect(a.longtitude).toBe(a.lng);
    }
    expect(body.attractions.some((a) => a.inRide)).toBe(true);
  });

  it('from a trip elsewhere (719, Rome) the same places are not in that trip', async () => {
    const body = await ok(719, PLACES.jerusalem);
    expect(body.attractions.length).toBeGreaterThan(0);
    expect(body.attractions.every((a) => !a.inRide)).toBe(true);
  });

  it('radius_km narrows the search', async () => {
    const wide = await ok(1, PLACES.jerusalem);
    const narrow = await ok(1, PLACES.jerusalem, {}, '?radius_km=2');
    expect(narrow.attractions.length).toBeLessThan(wide.attractions.length);
    expect(narrow.attractions.every((a) => a.distance_km <= 2)).toBe(true);
  });

  it('is private to the viewer: Cache-Control private, no-cache and Vary: Authorization', async () => {
    const res = await get(t, url(1, PLACES.jerusalem));
    expect(res.headers['cache-control']).toBe('private, no-cache');
    expect(res.headers.vary).toBe('Authorization');
  });

  describe('permissions: the trip view policy decides who may search for a trip', () => {
    it('private trip 228: a visitor and a signed-in stranger are refused (403); its author may', async () => {
      const anonymous = await get(t, url(228, PLACES.zurich));
      expect(anonymous.statusCode).toBe(403);
      expect(anonymous.json()).toEqual({ ServerMassageCode: 'user_does_not_have_permission_to_this_private_ride' });
      const stranger = await get(t, url(228, PLACES.zurich), await strangerBearer(t));
      expect(stranger.statusCode).toBe(403);
      const author = await ok(228, PLACES.zurich, await demoBearer(t, 'subdomain'));
      expect(author.attractions.length).toBeGreaterThan(0);
      expect(author.attractions.some((a) => a.inRide)).toBe(true);
    });

    it('a user authorised on the private trip may search for it', async () => {
      const [client] = await t.db.db.insert(users).values({ email: 'client.228@example.com', userName: 'Client' }).returning({ id: users.id });
      const userId = (client as { id: number }).id;
      await t.db.db.insert(rideAuthorizedUsers).values({ rideId: 228, userId });
      t.app.rides.invalidateTrip(228);
      const body = await ok(228, PLACES.zurich, await bearer(t, userId));
      // The trip's own attractions are offered to whoever may view it.
      expect(body.attractions.some((a) => a.inRide)).toBe(true);
    });

    it("attractions only a private trip uses are the planner's: not offered from a public trip, except to their author", async () => {
      expect((await ok(1, PLACES.zurich)).attractions).toEqual([]);
      expect((await ok(1, PLACES.zurich, await strangerBearer(t))).attractions).toEqual([]);
      const own = await ok(1, PLACES.zurich, await demoBearer(t, 'subdomain'));
      expect(own.attractions.length).toBeGreaterThan(0);
      expect(own.attractions.every((a) => !a.inRide)).toBe(true);
    });

    it("a signed-in user's own attractions (in no trip yet) are offered to them only", async () => {
      const ids = await demoUserIds(t);
      const spot = { lat: 40.4168, lng: -3.7038 }; // Madrid
      const { rideId, attractionIds } = await insertTrip(t, {
        authorId: ids.traveller,
        type: 'private',
        rideManagerId: ids.traveller,
        attractions: [{ title: 'Prado (private plan)', ...spot }],
      });
      expect(rideId).toBeGreaterThan(0);
      expect(titles(await ok(1, spot, await demoBearer(t, 'traveller')))).toEqual(['Prado (private plan)']);
      expect(titles(await ok(1, spot, await bearer(t, ids.planner, 'manager')))).toEqual([]);
      expect(titles(await ok(1, spot))).toEqual([]);
      expect(attractionIds).toHaveLength(1);
    });

    it('an unknown trip is 404 not_found', async () => {
      const res = await get(t, url(999_999, PLACES.jerusalem));
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ ServerMassageCode: 'not_found' });
    });
  });

  describe('bad input answers 400 bad_request', () => {
    const cases: [string, string][] = [
      ['ride id not a number', url('abc', PLACES.jerusalem)],
      ['ride id 0', url(0, PLACES.jerusalem)],
      ['latitude out of range', url(1, { lat: 91, lng: 35 })],
      ['longitude out of range', url(1, { lat: 31, lng: -181 })],
      ['latitude not a number', url(1, { lat: 'north', lng: 35 })],
      ['longitude NaN', url(1, { lat: 31, lng: 'NaN' })],
      ['radius_km not a number', url(1, PLACES.jerusalem, '?radius_km=far')],
      ['radius_km too large', url(1, PLACES.jerusalem, '?radius_km=301')],
    ];
    it.each(cases)('%s', async (_name, path) => {
      const res = await get(t, path);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toMatchObject({ ServerMassageCode: 'bad_request' });
    });
  });
});
