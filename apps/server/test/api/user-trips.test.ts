import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accommodations, rideAuthorizedUsers, userRides } from '../../src/db/schema/index.js';
import type { TestApp } from '../helpers/app.js';
import { call, expectCode, makeTrip, newUser } from './trip-editing-fixtures.js';
import { createTripsTestApp } from './trips-fixtures.js';

/** user_rides_api (001 §2 "My trips", §7) and the category change it shows (update_ride_category_api). */
describe('user_rides_api', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTripsTestApp();
  });
  afterAll(async () => {
    await t?.dispose();
  });

  const list = async (headers: Record<string, string>) => {
    const res = await call(t, 'GET', '/api/user_rides_api', { headers });
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as { rides: { id: number }[] }).rides as Record<string, unknown>[] & { id: number }[];
  };

  it('needs a signed-in user', async () => {
    expectCode(await call(t, 'GET', '/api/user_rides_api'), 401, 'user_is_not_authorized');
  });

  it("lists the user's trips, newest first, with category, days and place; nobody else's", async () => {
    const me = await newUser(t);
    const other = await newUser(t);
    const first = await makeTrip(t, { authorId: me.id, days: 3 });
    const second = await makeTrip(t, { authorId: me.id, days: 1, isLocked: true });
    await makeTrip(t, { authorId: other.id, days: 2 });
    await t.db.db.insert(accommodations).values({
      rideId: first.rideId,
      name: 'Hotel',
      lat: 46,
      lng: 8,
      countryAndCity: 'Switzerland, Lucerne',
      checkInDate: '2031-05-10',
      checkOutDate: '2031-05-11',
    });
    const rides = await list(me.headers);
    expect(rides.map((r) => r.id)).toEqual([second.rideId, first.rideId]);
    expect(rides[1]).toEqual({
      id: first.rideId,
      title: 'Editing test trip',
      duration: 3,
      start_date: '10-05-2031',
      end_date: '12-05-2031',
      category_name: 'planning',
      location: 'Switzerland, Lucerne',
      isAuthor: true,
      is_publick: true,
      is_locked: false,
      top_page_image_url: null,
      role: 'owner',
    });
    expect(rides[0]).toMatchObject({ location: null, is_locked: true, duration: 1 });
    expect(await list(other.headers)).toHaveLength(1);
  });

  it('the category change by the author shows in the list; another user cannot change it', async () => {
    const me = await newUser(t);
    const other = await newUser(t);
    const { rideId } = await makeTrip(t, { authorId: me.id, days: 1 });
    expect((await call(t, 'POST', `/api/update_ride_category_api/${rideId}`, { headers: me.headers, payload: { category: 'active' } })).statusCode).toBe(200);
    expect((await list(me.headers))[0]).toMatchObject({ id: rideId, category_name: 'active' });
    expectCode(await call(t, 'POST', `/api/update_ride_category_api/${rideId}`, { headers: other.headers, payload: { category: 'inactive' } }), 403, 'uesr_is_not_authorize_to_edit_this_ride');
    expect((await list(me.headers))[0]).toMatchObject({ category_name: 'active' });
  });

  it('trips kept in the list and private trips shared with the user, while they may view them; ended private dates hidden', async () => {
    const me = await newUser(t);
    const planner = await newUser(t, 'manager');
    const kept = await makeTrip(t, { authorId: planner.id, days: 2 });
    const shared = await makeTrip(t, { authorId: planner.id, days: 2, type: 'private', rideManagerId: planner.id, startDate: '2020-01-01' });
    const lost = await makeTrip(t, { authorId: planner.id, days: 2, type: 'private', rideManagerId: planner.id });
    await t.db.db.insert(userRides).values([
      { userId: me.id, rideId: kept.rideId },
      { userId: me.id, rideId: lost.rideId },
    ]);
    await t.db.db.insert(rideAuthorizedUsers).values({ userId: me.id, rideId: shared.rideId });
    const rides = await list(me.headers);
    expect(rides.map((r) => r.id).sort()).toEqual([kept.rideId, shared.rideId].sort());
    expect(rides.find((r) => r.id === shared.rideId)).toMatchObject({ isAuthor: false, is_publick: false, start_date: null, end_date: null, duration: 2 });
    expect(rides.find((r) => r.id === kept.rideId)).toMatchObject({ isAuthor: false, start_date: '10-05-2031' });
    // The planner sees their own trips with their dates.
    expect((await list(planner.headers)).find((r) => r.id === shared.rideId)).toMatchObject({ isAuthor: true, start_date: '01-01-2020' });
  });
});
