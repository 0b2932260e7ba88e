import { eq } from 'drizzle-orm';
import { attractionsByLocationResponse, managerAttractionsResponse } from '@rides/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { attractions, rideAuthorizedUsers, users } from '../../src/db/schema/index.js';
import type { TestApp } from '../helpers/app.js';
import { bearer, createSearchTestApp, demoBearer, demoUserIds, get, insertTrip, PLACES, strangerBearer } from './search-fixtures.js';

/**
 * The ride manager's catalogue (000 §6, 001 §6): serch_attractions_of_ride_manger_by_location_api (a manager author
 * searches their own account; white-label trips use the manager's account) and fetch_ride_manager_attractions
 * (the manager's attraction table).
 */
describe("the ride manager's attractions", () => {
  let t: TestApp;
  let ids: Awaited<ReturnType<typeof demoUserIds>>;
  beforeAll(async () => {
    t = await createSearchTestApp();
    ids = await demoUserIds(t);
  });
  afterAll(async () => {
    await t?.dispose();
  });

  const url = (rideId: number | string, p: { lat: number | string; lng: number | string }, query = '') =>
    `/api/serch_attractions_of_ride_manger_by_location_api/${rideId}/${p.lat}/${p.lng}${query}`;
  const authorIdsOf = async (attractionIds: number[]) => {
    const rows = await t.db.db.select({ id: attractions.id, authorId: attractions.authorId }).from(attractions);
    const byId = new Map(rows.map((r) => [r.id, r.authorId]));
    return new Set(attractionIds.map((id) => byId.get(id)));
  };

  describe('serch_attractions_of_ride_manger_by_location_api', () => {
    it('the white-label trip 228: its manager (the partner, also its author) gets the own catalogue near Zurich', async () => {
      const res = await get(t, url(228, PLACES.zurich), await demoBearer(t, 'subdomain'));
      expect(res.statusCode, res.body).toBe(200);
      const body = attractionsByLocationResponse.parse(res.json());
      expect(body.attractions.length).toBeGreaterThan(0);
      expect(await authorIdsOf(body.attractions.map((a) => a.id))).toEqual(new Set([ids.partner]));
      const d = body.attractions.map((a) => a.distance_km);
      expect(d).toEqual([...d].sort((a, b) => a - b));
      expect(body.attractions.some((a) => a.inRide)).toBe(true);
      expect(res.headers['cache-control']).toBe('private, no-cache');
    });

    it('a manager who authored a public trip (1) searches their own account; only their attractions come back', async () => {
      const res = await get(t, url(1, PLACES.jerusalem), await demoBearer(t, 'planner'));
      expect(res.statusCode, res.body).toBe(200);
      const body = attractionsByLocationResponse.parse(res.json());
      expect(body.attractions.length).toBeGreaterThan(0);
      expect(await authorIdsOf(body.attractions.map((a) => a.id))).toEqual(new Set([ids.planner]));
    });

    it("a client's trip with a ride manager: the client (author) gets the manager's catalogue the view policy lets them see, the manager all of it", async () => {
      const spot = { lat: 38.7223, lng: -9.1393 }; // Lisbon
      // The planner's attraction in a public trip of theirs: part of the catalogue anyone may see.
      await insertTrip(t, { authorId: ids.planner, type: 'public', attractions: [{ title: 'Belém Tower (planner)', ...spot }] });
      // One only the planner's private trip for another client places: that client's, never this one's (decision 0023).
      await insertTrip(t, { authorId: ids.planner, type: 'private', rideManagerId: ids.planner, attractions: [{ title: 'Other client only', ...spot }] });
      const { rideId } = await insertTrip(t, {
        authorId: ids.traveller,
        type: 'private',
        rideManagerId: ids.planner,
        attractions: [{ title: 'Client pick', ...spot }],
      });
      const titlesFor = async (who: Record<string, string>) => {
        const res = await get(t, url(rideId, spot), who);
        expect(res.statusCode, res.body).toBe(200);
        return attractionsByLocationResponse.parse(res.json()).attractions.map((a) => a.title).sort();
      };
      expect(await titlesFor(await demoBearer(t, 'traveller'))).toEqual(['Belém Tower (planner)']);
      expect(await titlesFor(await demoBearer(t, 'planner'))).toEqual(['Belém Tower (planner)', 'Other client only']);
    });

    it('a visitor is asked to sign in: 401 user_is_not_authorized', async () => {
      const res = await get(t, url(1, PLACES.jerusalem));
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ ServerMassageCode: 'user_is_not_authorized' });
    });

    it('a stranger on the private trip is refused by the view policy (403)', async () => {
      const res = await get(t, url(228, PLACES.zurich), await strangerBearer(t));
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ ServerMassageCode: 'user_does_not_have_permission_to_this_private_ride' });
    });

    it("someone who may view the trip but is neither its author nor its manager is refused: 403 forbidden", async () => {
      // A signed-in stranger on a public trip.
      const onPublic = await get(t, url(1, PLACES.jerusalem), await strangerBearer(t));
      expect(onPublic.statusCode).toBe(403);
      expect(onPublic.json()).toEqual({ ServerMassageCode: 'forbidden' });
      // A client authorised on the private white-label trip.
      const [client] = await t.db.db.insert(users).values({ email: 'client.rm@example.com', userName: 'Client' }).returning({ id: users.id });
      const clientId = (client as { id: number }).id;
      await t.db.db.insert(rideAuthorizedUsers).values({ rideId: 228, userId: clientId });
      t.app.rides.invalidateTrip(228);
      expect((await get(t, `/api/ride_header_api/228`, await bearer(t, clientId))).statusCode).toBe(200);
      const onPrivate = await get(t, url(228, PLACES.zurich), await bearer(t, clientId));
      expect(onPrivate.statusCode).toBe(403);
      expect(onPrivate.json()).toEqual({ ServerMassageCode: 'forbidden' });
    });

    it('a trip with no manager account (843: an ordinary user, no ride manager) is refused to its own author: 403 forbidden', async () => {
      const res = await get(t, url(843, PLACES.tiberias), await demoBearer(t, 'traveller'));
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ ServerMassageCode: 'forbidden' });
    });

    it('an unknown trip is 404; bad ids and coordinates are 400', async () => {
      const planner = await demoBearer(t, 'planner');
      expect((await get(t, url(999_999, PLACES.jerusalem), planner)).statusCode).toBe(404);
      for (const path of [url('x', PLACES.jerusalem), url(1, { lat: 100, lng: 35 }), url(1, { lat: 31, lng: 'east' }), url(1, PLACES.jerusalem, '?radius_km=-5')]) {
        const res = await get(t, path, planner);
        expect(res.statusCode, path).toBe(400);
        expect(res.json()).toMatchObject({ ServerMassageCode: 'bad_request' });
      }
    });
  });

  describe('fetch_ride_manager_attractions', () => {
    it("a manager gets every attraction they authored, newest first, and nobody else's", async () => {
      const res = await get(t, '/api/fetch_ride_manager_attractions', await demoBearer(t, 'planner'));
      expect(res.statusCode, res.body).toBe(200);
      const body = managerAttractionsResponse.parse(res.json());
      const own = await t.db.db.select({ id: attractions.id }).from(attractions).where(eq(attractions.authorId, ids.planner));
      expect(body.attractions.map((a) => a.id)).toEqual(own.map((r) => r.id).sort((a, b) => b - a));
      expect(body.attractions.length).toBeGreaterThan(50);
      expect(res.headers['cache-control']).toBe('private, no-cache');
      expect(res.headers.vary).toBe('Authorization');
    });

    it('the partner (a manager too) gets only theirs', async () => {
      const res = await get(t, '/api/fetch_ride_manager_attractions', await demoBearer(t, 'subdomain'));
      const body = managerAttractionsResponse.parse(res.json());
      expect(await authorIdsOf(body.attractions.map((a) => a.id))).toEqual(new Set([ids.partner]));
    });

    it('a visitor: 401 user_is_not_authorized; an ordinary user: 403 forbidden', async () => {
      const anonymous = await get(t, '/api/fetch_ride_manager_attractions');
      expect(anonymous.statusCode).toBe(401);
      expect(anonymous.json()).toEqual({ ServerMassageCode: 'user_is_not_authorized' });
      const user = await get(t, '/api/fetch_ride_manager_attractions', await demoBearer(t, 'traveller'));
      expect(user.statusCode).toBe(403);
      expect(user.json()).toEqual({ ServerMassageCode: 'forbidden' });
    });
  });
});
