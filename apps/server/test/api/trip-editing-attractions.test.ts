import { addDays, checkPlaceIdResponse, placementResponse } from '@rides/contract';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS, seedDemo } from '../../src/db/seed/index.js';
import { PARTNER_SUBDOMAIN } from '../../src/db/seed/themes.js';
import { attractions } from '../../src/db/schema/index.js';
import { createTestApp } from '../helpers/app.js';
import { GOOGLE_PLACES_TEST_KEY, startFakeGooglePlaces, type FakeGooglePlaces } from '../helpers/fake-google-places.js';
import { call, dayTitles, editingSuite, expectCode, makeTrip, newUser, readTrip, snapshot, START } from './trip-editing-fixtures.js';
import { bearer, userIdOf } from './trips-fixtures.js';

/** The activity calls (000 §4, §5, §6, §7), with the places provider answered by a local fake of Google Places. */
describe('ride editing: activities', () => {
  let fake: FakeGooglePlaces;
  // The places calls answered by the fake: started first, so the app is made with its address.
  const suite = editingSuite(async () => {
    fake = await startFakeGooglePlaces();
    const app = await createTestApp({ GOOGLE_MAPS_API_KEY: GOOGLE_PLACES_TEST_KEY, GOOGLE_MAPS_BASE_URL: fake.baseUrl, PLACES_TIMEOUT_MS: '2000' });
    await seedDemo(app.db.db, { passwordHash: 'not-a-hash' });
    return app;
  });
  afterAll(async () => {
    await fake?.close();
  });
  const mdy = (iso: string) => `${Number(iso.slice(5, 7))}/${Number(iso.slice(8, 10))}/${iso.slice(0, 4)}`;


  const abc = { days: 3, perDay: [['a1', 'a2'], ['b1'], ['c1']] };
  /** An attraction on a public trip of someone else: anyone may place it. */
  async function publicAttraction(): Promise<number> {
    const other = await newUser(suite.t);
    const trip = await makeTrip(suite.t, { authorId: other.id, days: 1, perDay: [[`pub-${Date.now()}-${Math.random()}`]] });
    return [...trip.ids.values()][0] as number;
  }
  const add = (rideId: number, attractionId: number, payload: unknown, headers = suite.author.headers) =>
    call(suite.t, 'POST', `/api/add_attraction_to_ride_api/${rideId}/${attractionId}`, { headers, payload });

  describe('add_attraction_to_ride_api', () => {
    it('adds the attraction last on the day; a read right after sees it', async () => {
      const { rideId } = await makeTrip(suite.t, { authorId: suite.author.id, ...abc });
      await readTrip(suite.t, rideId);
      const attractionId = await publicAttraction();
      const res = await add(rideId, attractionId, { date: mdy(addDays(START, 1)) });
      expect(res.statusCode, res.body).toBe(200);
      expect(placementResponse.parse(res.json())).toEqual({
        ServerMassageCode: 'success', rideId, attractionId, dayIndex: 1, plannedDate: mdy(addDays(START, 1)), dateTime: null, alreadyInRide: false,
      });
      const trip = await readTrip(suite.t, rideId);
      expect(trip.attractionsByDay[1]?.daily_attractions.map((a) => a.id)).toEqual([expect.any(Number), attractionId]);
      // Once on the trip, adding it again changes nothing.
      const again = await add(rideId, attractionId, { date: mdy(START) });
      expect(again.json()).toMatchObject({ alreadyInRide: true, dayIndex: 1 });
    });

    it('reads the form body of old clients, and the add-activity page\'s "23:59 of the day"', async () => {
      const { rideId } = await makeTrip(suite.t, { authorId: suite.author.id, ...abc });
      const attractionId = await publicAttraction();
      const res = await call(suite.t, 'POST', `/api/add_attraction_to_ride_api/${rideId}/${attractionId}`, {
        headers: { ...suite.author.headers, 'content-type': 'application/x-www-form-urlencoded' },
        payload: `date=${encodeURIComponent(`${mdy(addDays(START, 2))}, 11:59:00 PM`)}&shouldCopyTheAttraction=false`,
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ dayIndex: 2 });
    });

    it('refuses dates outside the trip, bad dates, unknown attractions and another planner\'s private attraction; nothing changes', async () => {
      const { rideId } = await makeTrip(suite.t, { authorId: suite.author.id, ...abc });
      const before = await snapshot(suite.t, rideId);
      const attractionId = await publicAttraction();
      expectCode(await add(rideId, attractionId, { date: mdy(addDays(START, 3)) }), 400, 'day_not_in_trip_range');
      expectCode(await add(rideId, attractionId, { date: '13/45/2031' }), 400, 'bad_request');
      expectCode(await add(rideId, attractionId, {}), 400, 'bad_request');
      expectCode(await add(rideId, attractionId, { date: mdy(START), shouldCopyTheAttraction: 'maybe' }), 400, 'bad_request');
      expectCode(await add(rideId, 999999, { date: mdy(START) }), 404, 'not_found');
      const planner = await newUser(suite.t, 'manager');
      const secret = await makeTrip(suite.t, { authorId: planner.id, days: 1, perDay: [['secret']], type: 'private', rideManagerId: planner.id });
      expectCode(await add(rideId, secret.ids.get('secret') as number, { date: mdy(START) }), 403, 'error_no_access_to_attraction');
      expect(await snapshot(suite.t, rideId)).toEqual(before);
    });

    it('shouldCopyTheAttraction: a manager author of a private trip gets their own copy; anyone else is refused', async () => {
      const attractionId = await publicAttraction();
      await suite.t.db.db.update(attractions).set({ osmOpeningHours: 'Tu-Su 10:00-18:00' }).where(eq(attractions.id, attractionId));
      const { rideId } = await makeTrip(suite.t, { authorId: suite.author.id, ...abc });
      expectCode(await add(rideId, attractionId, { date: mdy(START), shouldCopyTheAttraction: true }), 403, 'uesr_is_not_authorize_to_edit_this_ride');
      const manager = await newUser(suite.t, 'manager');
      const priv = await makeTrip(suite.t, { authorId: manager.id, days: 2, type: 'private', rideManagerId: manager.id });
      const res = await add(priv.rideId, attractionId, { date: mdy(START), shouldCopyTheAttraction: 'true' }, manager.headers);
      expect(res.statusCode, res.body).toBe(200);
      const copyId = placementResponse.parse(res.json()).attractionId;
      expect(copyId).not.toBe(attractionId);
      const [copy] = await suite.t.db.db.select().from(attractions).where(eq(attractions.id, copyId));
      expect(copy?.authorId).toBe(manager.id);
      // The copy keeps the opening hours (issue 36) with the rest of the place.
      expect(copy?.osmOpeningHours).toBe('Tu-Su 10:00-18:00');
    });

    it('who may add (000 §6): public-trip author yes; private-trip author only as a manager; the trip\'s sub-domain manager yes', async () => {
      const attractionId = await publicAttraction();
      const user = await newUser(suite.t);
      const privOfUser = await makeTrip(suite.t, { authorId: user.id, days: 1, type: 'private' });
      expectCode(await add(privOfUser.rideId, attractionId, { date: mdy(START) }, user.headers), 403, 'uesr_is_not_authorize_to_edit_this_ride');

      const partnerId = await userIdOf(suite.t, DEMO_ACCOUNTS.subdomain.email);
      const partner = await bearer(suite.t, partnerId, 'manager');
      const client = await newUser(suite.t);
      const clientTrip = await makeTrip(suite.t, { authorId: client.id, days: 1, type: 'private', rideManagerId: partnerId, isWhiteLabel: true, subdomain: PARTNER_SUBDOMAIN });
      const res = await add(clientTrip.rideId, attractionId, { date: mdy(START) }, partner);
      expect(res.statusCode, res.body).toBe(200);
      // ...but the sub-domain manager may not do other edits of the client's trip,
      expectCode(await call(suite.t, 'GET', `/api/add_day_to_ride_api/${clientTrip.rideId}/0`, { headers: partner }), 403, 'uesr_is_not_authorize_to_edit_this_ride');
      // and another manager may not add.
      const otherManager = await newUser(suite.t, 'manager');
      expectCode(await add(clientTrip.rideId, await publicAttraction(), { date: mdy(START) }, otherManager.headers), 403, 'uesr_is_not_authorize_to_edit_this_ride');
    });
  });

  describe('update_attraction_ride_time_api', () => {
    it('sets the day and the time; a new day puts the activity last there', async () => {
      const { rideId, ids } = await makeTrip(suite.t, { authorId: suite.author.id, ...abc });
      await readTrip(suite.t, rideId);
      const a1 = ids.get('a1') as number;
      const res = await call(suite.t, 'GET', `/api/update_attraction_ride_time_api/${rideId}/${a1}`, {
        headers: suite.author.headers,
        data: { date: mdy(addDays(START, 1)), time: '02:30:00 PM' },
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ dayIndex: 1, dateTime: '02:30:00 PM', plannedDate: mdy(addDays(START, 1)) });
      const trip = await readTrip(suite.t, rideId);
      expect(dayTitles(trip)).toEqual([['a2'], ['b1', 'a1'], ['c1']]);
      expect(trip.attractionsByDay[1]?.daily_attractions[1]?.dateTime).toBe('02:30:00 PM');
      // Same day, new time: the place in the day is kept.
      await call(suite.t, 'GET', `/api/update_attraction_ride_time_api/${rideId}/${ids.get('b1')}`, { headers: suite.author.headers, data: { date: mdy(addDays(START, 1)), time: '12:00:00 AM' } });
      const again = await readTrip(suite.t, rideId);
      expect(dayTitles(again)[1]).toEqual(['b1', 'a1']);
      expect(again.attractionsByDay[1]?.daily_attractions[0]?.dateTime).toBe('12:00:00 AM');
    });

    it.each([
      ['a 25:61 time', { date: '5/10/2031', time: '25:61:00 PM' }],
      ['a 13 PM hour', { date: '5/10/2031', time: '13:00:00 PM' }],
      ['no date', { time: '10:00:00 AM' }],
      ['a date that is not one', { date: '5/32/2031', time: '10:00:00 AM' }],
      ['not JSON', 'date=5/10/2031'],
    ])('%s is 400 bad_request and nothing changes', async (_n, data) => {
      const { rideId, ids } = await makeTrip(suite.t, { authorId: suite.author.id, ...abc });
      const before = await snapshot(suite.t, rideId);
      expectCode(await call(suite.t, 'GET', `/api/update_attraction_ride_time_api/${rideId}/${ids.get('a1')}`, { headers: suite.author.headers, data }), 400, 'bad_request');
      expect(await snapshot(suite.t, rideId)).toEqual(before);
    });

    // Decision 0043: a move keeps the time, or clears it to "no time"; it never turns "no time" into midnight.
    it('a move without a time keeps the time; null or "" clears it; no move turns "no time" into midnight, nor a midnight event in the ICS', async () => {
      const { rideId, ids } = await makeTrip(suite.t, { authorId: suite.author.id, ...abc });
      const url = (name: string) => `/api/update_attraction_ride_time_api/${rideId}/${ids.get(name)}`;
      const move = (name: string, data: unknown) => call(suite.t, 'GET', url(name), { headers: suite.author.headers, data });
      const timeOf = async (name: string) =>
        (await readTrip(suite.t, rideId)).attractionsByDay.flatMap((d) => d.daily_attractions).find((a) => a.id === ids.get(name))?.dateTime;

      await move('a1', { date: mdy(START), time: '02:30:00 PM' });
      // A drag to another day sends no time: the time stays.
      const kept = await move('a1', { date: mdy(addDays(START, 2)) });
      expect(kept.statusCode, kept.body).toBe(200);
      expect(kept.json()).toMatchObject({ dayIndex: 2, dateTime: '02:30:00 PM' });
      expect(await timeOf('a1')).toBe('02:30:00 PM');
      // An activity without a time, moved the way older clients did ("the start of the day"): still no time.
      expect((await move('b1', { date: mdy(START), time: '12:00:00 AM' })).json()).toMatchObject({ dayIndex: 0, dateTime: null });
      expect(await timeOf('b1')).toBeNull();
      // Moved without a time, it stays without one.
      expect((await move('c1', { date: mdy(addDays(START, 1)) })).json()).toMatchObject({ dayIndex: 1, dateTime: null });
      // "No time" asked for: cleared, on the same day or another.
      expect((await move('a1', { date: mdy(addDays(START, 2)), time: null })).json()).toMatchObject({ dateTime: null });
      await move('a2', { date: mdy(START), time: '09:15:00 AM' });
      expect((await move('a2', { date: mdy(addDays(START, 1)), time: '' })).json()).toMatchObject({ dayIndex: 1, dateTime: null });

      // The calendar file has an event only for a time the user set; none of the moved activities is at midnight.
      await move('c1', { date: mdy(addDays(START, 1)), time: '08:00:00 AM' });
      const ics = await call(suite.t, 'GET', `/api/ride_export_api/${rideId}/ics`, { headers: suite.author.headers });
      expect(ics.statusCode, ics.body).toBe(200);
      const starts = ics.body.split(/\r\n/).filter((l) => l.startsWith('DTSTART;TZID='));
      expect(starts).toHaveLength(1);
      expect(starts[0]).toMatch(/T080000$/);
      expect(ics.body).not.toMatch(/DTSTART;TZID=[^\r]*T000000/);
    });

    it('a date outside the trip is day_not_in_trip_range; an attraction of another trip is 404', async () => {
      const { rideId, ids } = await makeTrip(suite.t, { authorId: suite.author.id, ...abc });
      expectCode(await call(suite.t, 'GET', `/api/update_attraction_ride_time_api/${rideId}/${ids.get('a1')}`, { headers: suite.author.headers, data: { date: mdy(addDays(START, 3)), time: '10:00:00 AM' } }), 400, 'day_not_in_trip_range');
      const other = await makeTrip(suite.t, { authorId: suite.author.id, days: 1, perDay: [['elsewhere']] });
      expectCode(await call(suite.t, 'GET', `/api/update_attraction_ride_time_api/${rideId}/${other.ids.get('elsewhere')}`, { headers: suite.author.headers, data: { date: mdy(START), time: '10:00:00 AM' } }), 404, 'not_found');
    });

    // Decision 0017: the picker's "trip's range plus one day" (000 §5) is the end of the last day (an exclusive bound),
    // not a day after the trip: the day after the end is refused and changes nothing; the last day takes any time.
    it('the range is the first day through the whole last day: the last day at 11:59 PM is set, the day after and the day before are refused', async () => {
      const { rideId, ids } = await makeTrip(suite.t, { authorId: suite.author.id, ...abc });
      const url = `/api/update_attraction_ride_time_api/${rideId}/${ids.get('a1')}`;
      const before = await snapshot(suite.t, rideId);
      for (const date of [addDays(START, 3), addDays(START, -1)]) {
        expectCode(await call(suite.t, 'GET', url, { headers: suite.author.headers, data: { date: mdy(date), time: '12:00:00 AM' } }), 400, 'day_not_in_trip_range');
        expect(await snapshot(suite.t, rideId)).toEqual(before);
      }
      const last = await call(suite.t, 'GET', url, { headers: suite.author.headers, data: { date: mdy(addDays(START, 2)), time: '11:59:00 PM' } });
      expect(last.statusCode).toBe(200);
      expect(last.json()).toMatchObject({ dayIndex: 2, plannedDate: mdy(addDays(START, 2)), dateTime: '11:59:00 PM' });
      expect(dayTitles(await readTrip(suite.t, rideId))).toEqual([['a2'], ['b1'], ['c1', 'a1']]);
      const first = await call(suite.t, 'GET', url, { headers: suite.author.headers, data: { date: mdy(START), time: '12:00:00 AM' } });
      expect(first.json()).toMatchObject({ dayIndex: 0, dateTime: '12:00:00 AM' });
    });
  });

  describe('remove_attraction_from_ride_api', () => {
    it('removes the activity (a read right after sees it gone); a second time is 404', async () => {
      const { rideId, ids } = await makeTrip(suite.t, { authorId: suite.author.id, ...abc });
      await readTrip(suite.t, rideId);
      const url = `/api/remove_attraction_from_ride_api/${rideId}/${ids.get('a1')}`;
      expect((await call(suite.t, 'GET', url, { headers: suite.author.headers })).json()).toEqual({ ServerMassageCode: 'success', rideId, attractionId: ids.get('a1') });
      expect(dayTitles(await readTrip(suite.t, rideId))).toEqual([['a2'], ['b1'], ['c1']]);
      expectCode(await call(suite.t, 'GET', url, { headers: suite.author.headers }), 404, 'not_found');
      expectCode(await call(suite.t, 'GET', `/api/remove_attraction_from_ride_api/${rideId}/abc`, { headers: suite.author.headers }), 400, 'bad_request');
    });
  });

  describe('add_google_attraction_to_ride_api and check_if_user_has_place_id_in_attractions_api', () => {
    it('makes the user\'s attraction from the place\'s details, then reuses it; the check sees it', async () => {
      const { rideId } = await makeTrip(suite.t, { authorId: suite.author.id, ...abc });
      await readTrip(suite.t, rideId);
      const check = async () =>
        checkPlaceIdResponse.parse(
          (await call(suite.t, 'POST', `/api/check_if_user_has_place_id_in_attractions_api/${rideId}`, { headers: suite.author.headers, payload: { googlePlaceId: 'ChIJcolosseum' } })).json(),
        );
      expect(await check()).toEqual({ ServerMassageCode: 'success', hasPlaceId: false, attractionId: null, inRide: false });
      const res = await call(suite.t, 'GET', `/api/add_google_attraction_to_ride_api/${rideId}/ChIJcolosseum`, { headers: suite.author.headers, data: { date: mdy(START), language: 'english' } });
      expect(res.statusCode, res.body).toBe(200);
      const placed = placementResponse.parse(res.json());
      const [row] = await suite.t.db.db.select().from(attractions).where(eq(attractions.id, placed.attractionId));
      expect(row).toMatchObject({ authorId: suite.author.id, title: 'Colosseum', placeId: 'ChIJcolosseum', link: 'https://colosseo.it/', rate: 4.7 });
      // Google's opening periods kept as the rules the day's checks read (issue 36 point 2), beside its weekday lines.
      expect(row).toMatchObject({ osmOpeningHours: 'Mo-Tu 08:30-19:15', openingHours: ['Monday: 8:30 AM – 7:15 PM', 'Tuesday: 8:30 AM – 7:15 PM'] });
      expect(dayTitles(await readTrip(suite.t, rideId))[0]).toEqual(['a1', 'a2', 'Colosseum']);
      expect(await check()).toEqual({ ServerMassageCode: 'success', hasPlaceId: true, attractionId: placed.attractionId, inRide: true });

      const other = await makeTrip(suite.t, { authorId: suite.author.id, days: 1 });
      const requestsBefore = fake.requests.length;
      const second = await call(suite.t, 'GET', `/api/add_google_attraction_to_ride_api/${other.rideId}/ChIJcolosseum`, { headers: suite.author.headers, data: { date: mdy(START) } });
      expect(second.json()).toMatchObject({ attractionId: placed.attractionId, alreadyInRide: false });
      expect(fake.requests.length).toBe(requestsBefore); // reused: Google not asked again
    });

    it('places our own attraction named by the local source ("at:<id>")', async () => {
      const { rideId } = await makeTrip(suite.t, { authorId: suite.author.id, ...abc });
      const attractionId = await publicAttraction();
      const res = await call(suite.t, 'GET', `/api/add_google_attraction_to_ride_api/${rideId}/at:${attractionId}`, { headers: suite.author.headers, data: { date: mdy(START) } });
      expect(res.json()).toMatchObject({ attractionId, dayIndex: 0 });
    });

    it('an unknown place is 404, a bad Data header 400, a stranger 403 before any call to the maps service', async () => {
      const { rideId } = await makeTrip(suite.t, { authorId: suite.author.id, ...abc });
      const before = await snapshot(suite.t, rideId);
      expectCode(await call(suite.t, 'GET', `/api/add_google_attraction_to_ride_api/${rideId}/ChIJnowhere`, { headers: suite.author.headers, data: { date: mdy(START) } }), 404, 'not_found');
      expectCode(await call(suite.t, 'GET', `/api/add_google_attraction_to_ride_api/${rideId}/ChIJcolosseum`, { headers: suite.author.headers, data: { when: 'now' } }), 400, 'bad_request');
      expectCode(await call(suite.t, 'GET', `/api/add_google_attraction_to_ride_api/${rideId}/bad%20id`, { headers: suite.author.headers, data: { date: mdy(START) } }), 400, 'bad_request');
      const stranger = await newUser(suite.t);
      const requestsBefore = fake.requests.length;
      expectCode(await call(suite.t, 'GET', `/api/add_google_attraction_to_ride_api/${rideId}/ChIJtrevi`, { headers: stranger.headers, data: { date: mdy(START) } }), 403, 'uesr_is_not_authorize_to_edit_this_ride');
      expect(fake.requests.length).toBe(requestsBefore);
      expect(await snapshot(suite.t, rideId)).toEqual(before);
    });

    it('check_if_user_has_place_id: signed in only; a private trip of someone else is 403; a missing id 400', async () => {
      const { rideId } = await makeTrip(suite.t, { authorId: suite.author.id, ...abc });
      expectCode(await call(suite.t, 'POST', `/api/check_if_user_has_place_id_in_attractions_api/${rideId}`, { payload: { googlePlaceId: 'x' } }), 401, 'user_is_not_authorized');
      expectCode(await call(suite.t, 'POST', `/api/check_if_user_has_place_id_in_attractions_api/${rideId}`, { headers: suite.author.headers, payload: {} }), 400, 'bad_request');
      const manager = await newUser(suite.t, 'manager');
      const priv = await makeTrip(suite.t, { authorId: manager.id, days: 1, type: 'private', rideManagerId: manager.id });
      expectCode(await call(suite.t, 'POST', `/api/check_if_user_has_place_id_in_attractions_api/${priv.rideId}`, { headers: suite.author.headers, payload: { googlePlaceId: 'x' } }), 403, 'user_does_not_have_permission_to_this_private_ride');
    });
  });
});
