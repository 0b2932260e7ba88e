import { copyTripResponse, globalRidesResponse, rideHeaderResponse, todayIso, tripAbilities, tripFactsFromWire } from '@rides/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS } from '../../src/db/seed/index.js';
import { PARTNER_SUBDOMAIN } from '../../src/db/seed/themes.js';
import { accommodations, rides } from '../../src/db/schema/index.js';
import type { TestApp } from '../helpers/app.js';
import { call, dayTitles, expectCode, makeTrip, newUser, readTrip, snapshot } from './trip-editing-fixtures.js';
import { createTripsTestApp, demoBearer, userIdOf } from './trips-fixtures.js';

/** add_ride_to_user_api: "copy and edit" (000 §4, §6; decision 0015). */
describe('ride editing: copy a trip to the user', () => {
  let t: TestApp;
  let partnerId: number;
  let plannerId: number;
  beforeAll(async () => {
    t = await createTripsTestApp();
    partnerId = await userIdOf(t, DEMO_ACCOUNTS.subdomain.email);
    plannerId = await userIdOf(t, DEMO_ACCOUNTS.planner.email);
  });
  afterAll(async () => {
    await t?.dispose();
  });

  const copy = (rideId: number, headers: Record<string, string>, host?: string) =>
    call(t, 'GET', `/api/add_ride_to_user_api/${rideId}`, { headers: { ...headers, ...(host ? { host } : {}) } });

  it('copies a public trip into the user\'s own copy, linked to the original, suggestions without bookings', async () => {
    const visitor = await newUser(t);
    const original = await readTrip(t, 72);
    const res = await copy(72, visitor.headers);
    expect(res.statusCode, res.body).toBe(200);
    const body = copyTripResponse.parse(res.json());
    expect(body).toMatchObject({ ServerMassageCode: 'uesr_copyed_new_ride', basedRideId: 72, alreadyCopied: false });
    expect(body.newRideId).not.toBe(72);

    const mine = await readTrip(t, body.newRideId, visitor.headers);
    expect(mine.ride).toMatchObject({
      authorId: visitor.id,
      based_ride_id: 72,
      is_based_ride: false,
      is_locked: false,
      is_demo: false,
      type: 'public',
      ride_manager_id: null,
      start_date: original.ride.start_date,
      end_date: original.ride.end_date,
      title: original.ride.title,
      category_name: 'planning',
    });
    expect(dayTitles(mine)).toEqual(dayTitles(original));
    expect(mine.ride.rideExtraInformation.map((e) => e.title)).toEqual(original.ride.rideExtraInformation.map((e) => e.title));
    const stays = await t.db.db.select().from(accommodations).where(eq(accommodations.rideId, body.newRideId));
    expect(stays.length).toBeGreaterThan(0);
    for (const s of stays) expect([s.status, s.orderedByUser, s.bookingConfirmation]).toEqual(['base_trip_accomodation', false, null]);
    const header = rideHeaderResponse.parse((await call(t, 'GET', `/api/ride_header_api/${body.newRideId}`, { headers: visitor.headers })).json());
    expect(header.isAuthor).toBe(true);
  });

  it('asking again answers the same copy; the copy is editable by its owner and the original stays as it was', async () => {
    const visitor = await newUser(t);
    const before = await snapshot(t, 72);
    const first = copyTripResponse.parse((await copy(72, visitor.headers)).json());
    const second = copyTripResponse.parse((await copy(72, visitor.headers)).json());
    expect(second).toEqual({ ...first, alreadyCopied: true });
    // Suggested stays are not ordered: no 409 on the copy.
    const res = await call(t, 'GET', `/api/add_day_to_ride_api/${first.newRideId}/0`, { headers: visitor.headers });
    expect(res.statusCode, res.body).toBe(200);
    expect(await snapshot(t, 72)).toEqual(before);
    // ...and the original's author is not its editor.
    expectCode(await call(t, 'GET', `/api/add_day_to_ride_api/${first.newRideId}/0`, { headers: await demoBearer(t, 'planner') }), 403, 'uesr_is_not_authorize_to_edit_this_ride');
  });

  it('concurrent requests of one user make one copy', async () => {
    const visitor = await newUser(t);
    const answers = await Promise.all(Array.from({ length: 6 }, () => copy(72, visitor.headers)));
    const ids = new Set(answers.map((r) => copyTripResponse.parse(r.json()).newRideId));
    expect(ids.size).toBe(1);
    const copies = await t.db.db.select({ id: rides.id }).from(rides).where(eq(rides.authorId, visitor.id));
    expect(copies).toHaveLength(1);
  });

  // Issue 30 point 1 (decision 0042): the first search of a newcomer, for a destination of the demo content, finds
  // public trips by the demo authors that they can copy, and what the trip page offers (tripAbilities) is what the
  // copy answers, trip by trip.
  it.each([
    ['Rome', { lat: 41.9028, lng: 12.4964 }],
    ['Eilat', { lat: 29.5577, lng: 34.9519 }],
    ['the Dead Sea', { lat: 31.5, lng: 35.45 }],
    ['Paris', { lat: 48.8566, lng: 2.3522 }],
  ])('a search for %s finds a trip a newcomer can copy; every trip found copies as the page offers', async (_, point) => {
    const newcomer = await newUser(t);
    const res = await call(t, 'POST', '/api/global_rides_api', { payload: { ...point }, headers: newcomer.headers });
    expect(res.statusCode, res.body).toBe(200);
    const found = globalRidesResponse.parse(res.json()).rides;
    expect(found.length).toBeGreaterThan(0);
    const copied: number[] = [];
    for (const ride of found) {
      const header = rideHeaderResponse.parse((await call(t, 'GET', `/api/ride_header_api/${ride.id}`, { headers: newcomer.headers })).json());
      const offered = tripAbilities(tripFactsFromWire(header.ride), { isAuthor: header.isAuthor, isPlanner: false, isManager: false, site: null }, todayIso()).copyBanner;
      const answer = await copy(ride.id, newcomer.headers);
      expect(answer.statusCode === 200, `trip ${ride.id}: offered ${offered}, answered ${answer.body}`).toBe(offered);
      if (answer.statusCode === 200) copied.push(ride.id);
    }
    expect(copied.length, `copyable trips found: ${copied.join(', ')}`).toBeGreaterThan(0);
  });

  it('needs a signed-in user (401)', async () => {
    expectCode(await copy(72, {}), 401, 'user_is_not_authorized');
  });

  it('refuses a demo trip (403 forbidden) and a locked one (403)', async () => {
    const visitor = await newUser(t);
    expectCode(await copy(183, visitor.headers), 403, 'forbidden');
    expectCode(await copy(233, visitor.headers), 403, 'uesr_is_not_authorize_to_edit_this_ride');
  });

  it('a private trip: refused to others, duplicated (private, bookings kept, a new one each time) by its author', async () => {
    const stranger = await newUser(t);
    const manager = await newUser(t, 'manager');
    const trip = await makeTrip(t, { authorId: manager.id, days: 2, perDay: [['p1'], ['p2']], type: 'private', rideManagerId: manager.id, stays: [{ firstDay: 0, nights: 1, ordered: true }] });
    expectCode(await copy(trip.rideId, stranger.headers), 403, 'user_does_not_have_permission_to_this_private_ride');
    const a = copyTripResponse.parse((await copy(trip.rideId, manager.headers)).json());
    const b = copyTripResponse.parse((await copy(trip.rideId, manager.headers)).json());
    expect(a.newRideId).not.toBe(b.newRideId);
    expect(b.alreadyCopied).toBe(false);
    const dup = await readTrip(t, a.newRideId, manager.headers);
    expect(dup.ride).toMatchObject({ type: 'private', ride_manager_id: manager.id, based_ride_id: trip.rideId });
    const [stay] = await t.db.db.select().from(accommodations).where(eq(accommodations.rideId, a.newRideId));
    expect([stay?.status, stay?.bookingConfirmation]).toEqual(['booked', 'CONF-0']);
  });

  describe('groups (white-label sub-domains)', () => {
    const partnerHost = `${PARTNER_SUBDOMAIN}.rides.example.com`;

    it('a group trip is copied on its own sub-domain only', async () => {
      const visitor = await newUser(t);
      const trip = await makeTrip(t, { authorId: partnerId, days: 1, perDay: [['g1']], isWhiteLabel: true, subdomain: PARTNER_SUBDOMAIN });
      expectCode(await copy(trip.rideId, visitor.headers), 403, 'error_ride_is_not_from_subdomain');
      expectCode(await copy(trip.rideId, visitor.headers, 'coastal.rides.example.com'), 403, 'error_ride_is_not_from_subdomain');
      const res = await copy(trip.rideId, visitor.headers, partnerHost);
      expect(res.statusCode, res.body).toBe(200);
      const mine = await readTrip(t, copyTripResponse.parse(res.json()).newRideId, visitor.headers);
      expect(mine.ride).toMatchObject({ subdomain: PARTNER_SUBDOMAIN, is_white_label: true });
    });

    it('a main-site trip is not copied on a sub-domain', async () => {
      const visitor = await newUser(t);
      expectCode(await copy(72, visitor.headers, partnerHost), 403, 'error_ride_is_not_from_subdomain');
    });

    it('a group trip whose owner is not in the group is refused (error_ride_is_not_from_the_right_user)', async () => {
      const visitor = await newUser(t);
      const trip = await makeTrip(t, { authorId: plannerId, days: 1, isWhiteLabel: true, subdomain: PARTNER_SUBDOMAIN });
      expectCode(await copy(trip.rideId, visitor.headers, partnerHost), 403, 'error_ride_is_not_from_the_right_user');
    });
  });

  it('bad ids are 400 and unknown trips 404', async () => {
    const visitor = await newUser(t);
    expectCode(await copy(0, visitor.headers), 400, 'bad_request');
    expectCode(await call(t, 'GET', '/api/add_ride_to_user_api/x1', { headers: visitor.headers }), 400, 'bad_request');
    expectCode(await copy(987654, visitor.headers), 404, 'not_found');
  });
});
