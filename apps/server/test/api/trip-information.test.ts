import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TITLE_MAX } from '@rides/contract';
import { DEMO_ACCOUNTS } from '../../src/db/seed/index.js';
import { PARTNER_SUBDOMAIN } from '../../src/db/seed/themes.js';
import { rides } from '../../src/db/schema/index.js';
import type { TestApp } from '../helpers/app.js';
import { call, dayTitles, expectCode, makeTrip, newUser, readTrip, snapshot } from './trip-editing-fixtures.js';
import { bearer, createTripsTestApp, userIdOf } from './trips-fixtures.js';

/** add_ride_api, ride_information_api, update_ride_information_api (001 §2 "Trip information form", §5, §6; decision 0019). */
describe('trip information form', () => {
  let t: TestApp;
  let user: { id: number; headers: Record<string, string> };
  let manager: { id: number; headers: Record<string, string> };
  let partner: { id: number; headers: Record<string, string> };
  const partnerHost = `${PARTNER_SUBDOMAIN}.rides.example.com`;

  beforeAll(async () => {
    t = await createTripsTestApp();
    user = await newUser(t);
    manager = await newUser(t, 'manager');
    const partnerId = await userIdOf(t, DEMO_ACCOUNTS.subdomain.email);
    partner = { id: partnerId, headers: await bearer(t, partnerId, 'manager') };
  });
  afterAll(async () => {
    await t?.dispose();
  });

  const newTrip = { title: 'Summer in the Alps', text: '<p>Lakes <script>alert(1)</script><b>and</b> peaks</p>', checkIn: '10-07-2031', checkOut: '14-07-2031' };
  const add = (headers: Record<string, string>, payload: Record<string, unknown>, host?: string) =>
    call(t, 'POST', '/api/add_ride_api', { headers: { ...headers, ...(host ? { host } : {}) }, payload });
  const tripRow = async (rideId: number) => (await t.db.db.select().from(rides).where(eq(rides.id, rideId)))[0];
  const count = async () => (await t.db.db.select({ id: rides.id }).from(rides)).length;

  describe('add_ride_api', () => {
    it('creates a public base trip of the user with the default party and sanitised text; the author reads it back', async () => {
      const res = await add(user.headers, newTrip);
      expect(res.statusCode, res.body).toBe(200);
      const { rideId } = res.json() as { rideId: number };
      expect(res.json()).toEqual({ ServerMassageCode: 'success', rideId });
      const row = await tripRow(rideId);
      expect(row).toMatchObject({
        authorId: user.id,
        startDate: '2031-07-10',
        endDate: '2031-07-14',
        type: 'public',
        rideManagerId: null,
        isBasedRide: true,
        subdomain: null,
        numberOfAdult: 2,
        numberOfTeen: 1,
        numberOfChild: 1,
        physicalDisabilities: false,
        category: 'planning',
      });
      expect(row?.text).not.toContain('script');
      expect(row?.text).toContain('<b>and</b>');
      const form = await call(t, 'GET', `/api/ride_information_api/${rideId}`, { headers: user.headers });
      expect(form.json()).toMatchObject({
        ServerMassageCode: 'success',
        title: 'Summer in the Alps',
        checkIn: '10-07-2031',
        checkOut: '14-07-2031',
        duration: 5,
        is_publick: true,
        is_subdomain: false,
        is_locked: false,
        permissions: { canMakePrivate: false, managedSubdomain: null },
      });
      // The new trip is readable on the trip page at once (its caches were dropped).
      expect((await readTrip(t, rideId)).attractionsByDay).toHaveLength(5);
    });

    it('reads form text, a party of zeros and the limited-mobility flag', async () => {
      const res = await call(t, 'POST', '/api/add_ride_api', {
        headers: { ...user.headers, 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'title=Form%20trip&checkIn=01-01-2032&checkOut=01-01-2032&number_of_adult=1&number_of_teen=0&number_of_child=0&physical_disabilities=true&language=english',
      });
      expect(res.statusCode, res.body).toBe(200);
      const row = await tripRow((res.json() as { rideId: number }).rideId);
      expect(row).toMatchObject({ numberOfAdult: 1, numberOfTeen: 0, numberOfChild: 0, physicalDisabilities: true, language: 'english', startDate: '2032-01-01', endDate: '2032-01-01' });
    });

    it('refuses bad input with a code and saves nothing', async () => {
      const before = await count();
      const cases: [Record<string, unknown>, string][] = [
        [{ ...newTrip, title: '' }, 'title_required'],
        [{ ...newTrip, title: '   ' }, 'title_required'],
        [{ ...newTrip, title: undefined }, 'title_required'],
        [{ ...newTrip, title: 'x'.repeat(TITLE_MAX + 1) }, 'title_too_long'],
        [{ ...newTrip, number_of_adult: -1 }, 'party_count_invalid'],
        [{ ...newTrip, number_of_child: '1.5' }, 'party_count_invalid'],
        [{ ...newTrip, number_of_teen: 'many' }, 'party_count_invalid'],
        [{ ...newTrip, checkIn: '31-02-2031' }, 'bad_request'],
        [{ ...newTrip, checkOut: undefined }, 'bad_request'],
        [{ ...newTrip, checkIn: '15-07-2031', checkOut: '14-07-2031' }, 'end_before_start'],
        [{ ...newTrip, checkIn: '01-01-2031', checkOut: '02-03-2031' }, 'limiting_the_trip_duration'],
        [{ ...newTrip, is_publick: 'maybe' }, 'bad_request'],
        [{ ...newTrip, language: 'french' }, 'bad_request'],
      ];
      for (const [payload, code] of cases) expectCode(await add(user.headers, payload), 400, code);
      // 60 days is allowed, 61 is not.
      expectCode(await add(user.headers, { ...newTrip, checkIn: '01-01-2031', checkOut: '02-03-2031' }), 400, 'limiting_the_trip_duration');
      expect(await count()).toBe(before);
      expect((await add(user.headers, { ...newTrip, checkIn: '01-01-2031', checkOut: '01-03-2031' })).statusCode).toBe(200);
      expect((await add(user.headers, { ...newTrip, title: 'x'.repeat(TITLE_MAX) })).statusCode).toBe(200);
    });

    it('needs a signed-in user', async () => {
      expectCode(await add({}, newTrip), 401, 'user_is_not_authorized');
    });

    it('private trips: a manager makes one (planned by them); a user is refused', async () => {
      const res = await add(manager.headers, { ...newTrip, is_publick: false });
      expect(res.statusCode, res.body).toBe(200);
      expect(await tripRow((res.json() as { rideId: number }).rideId)).toMatchObject({ type: 'private', rideManagerId: manager.id });
      const before = await count();
      expectCode(await add(user.headers, { ...newTrip, is_publick: false }), 403, 'private_ride_requires_manager');
      expect(await count()).toBe(before);
    });

    it('sub-domain trips: the sub-domain manager puts one in their sub-domain (on by default); others are refused', async () => {
      const form = await call(t, 'GET', '/api/ride_information_api', { headers: partner.headers });
      expect(form.json()).toMatchObject({ permissions: { canMakePrivate: true, managedSubdomain: PARTNER_SUBDOMAIN }, defaults: { is_subdomain: true, number_of_adult: 2, number_of_teen: 0, number_of_child: 0 } });
      const plain = await call(t, 'GET', '/api/ride_information_api', { headers: user.headers });
      expect(plain.json()).toMatchObject({ permissions: { canMakePrivate: false, managedSubdomain: null }, defaults: { is_subdomain: false } });
      const res = await add(partner.headers, { ...newTrip, is_subdomain: true }, partnerHost);
      expect(res.statusCode, res.body).toBe(200);
      expect(await tripRow((res.json() as { rideId: number }).rideId)).toMatchObject({ subdomain: PARTNER_SUBDOMAIN });
      // From the main site too: the sub-domain they manage.
      const main = await add(partner.headers, { ...newTrip, is_subdomain: true });
      expect(await tripRow((main.json() as { rideId: number }).rideId)).toMatchObject({ subdomain: PARTNER_SUBDOMAIN });
      expectCode(await add(manager.headers, { ...newTrip, is_subdomain: true }), 403, 'subdomain_ride_requires_subdomain_manager');
      expectCode(await add(user.headers, { ...newTrip, is_subdomain: true }, partnerHost), 403, 'subdomain_ride_requires_subdomain_manager');
      expectCode(await call(t, 'GET', '/api/ride_information_api'), 401, 'user_is_not_authorized');
    });
  });

  describe('ride_information_api/{rideId}', () => {
    it('is the author\'s only', async () => {
      const { rideId } = await makeTrip(t, { authorId: user.id, days: 2 });
      expect((await call(t, 'GET', `/api/ride_information_api/${rideId}`, { headers: user.headers })).statusCode).toBe(200);
      expectCode(await call(t, 'GET', `/api/ride_information_api/${rideId}`, { headers: manager.headers }), 403, 'uesr_is_not_authorize_to_edit_this_ride');
      expectCode(await call(t, 'GET', `/api/ride_information_api/${rideId}`), 401, 'user_is_not_authorized');
      expectCode(await call(t, 'GET', '/api/ride_information_api/99999999', { headers: user.headers }), 404, 'not_found');
      expectCode(await call(t, 'GET', '/api/ride_information_api/abc', { headers: user.headers }), 400, 'bad_request');
    });
  });

  describe('update_ride_information_api/{rideId}', () => {
    const update = (rideId: number, headers: Record<string, string>, payload: Record<string, unknown>) =>
      call(t, 'POST', `/api/update_ride_information_api/${rideId}`, { headers, payload });

    it('saves the fields; a new start date moves the whole trip and keeps its length', async () => {
      const trip = await makeTrip(t, { authorId: user.id, days: 3, perDay: [['a'], ['b'], ['c']], notes: [{ day: 1, text: 'note' }], stays: [{ firstDay: 0, nights: 2, ordered: false }] });
      const res = await update(trip.rideId, user.headers, {
        title: '  New title  ',
        text: '<p>hello<img src=x onerror=alert(1)></p>',
        checkIn: '20-05-2031',
        number_of_adult: 3,
        number_of_teen: 0,
        number_of_child: 2,
        physical_disabilities: true,
        photos_albom_link: 'https://photos.example.com/album/1',
      });
      expect(res.json()).toEqual({ ServerMassageCode: 'success', rideId: trip.rideId, start_date: '20-05-2031', end_date: '22-05-2031', duration: 3, accommodationsShifted: false });
      const row = await tripRow(trip.rideId);
      expect(row).toMatchObject({ title: 'New title', numberOfAdult: 3, numberOfTeen: 0, numberOfChild: 2, physicalDisabilities: true, photosAlbumLink: 'https://photos.example.com/album/1' });
      expect(row?.text).not.toContain('onerror');
      const view = await readTrip(t, trip.rideId);
      expect(dayTitles(view)).toEqual([['a'], ['b'], ['c']]);
      expect(view.ride.start_date).toBe('20-05-2031');
      // A longer trip with checkOut; a shorter one than its content is refused and nothing moves.
      expect((await update(trip.rideId, user.headers, { title: 'New title', checkIn: '20-05-2031', checkOut: '25-05-2031' })).json()).toMatchObject({ duration: 6 });
      const before = await snapshot(t, trip.rideId);
      expectCode(await update(trip.rideId, user.headers, { title: 'New title', checkIn: '25-05-2031', checkOut: '26-05-2031' }), 400, 'date_are_not_in_range');
      expect(await snapshot(t, trip.rideId)).toEqual(before);
    });

    it('refuses bad input with a code and changes nothing', async () => {
      const { rideId } = await makeTrip(t, { authorId: user.id, days: 2 });
      const before = await snapshot(t, rideId);
      const base = { title: 'Fine', checkIn: '10-05-2031' };
      const cases: [Record<string, unknown>, string][] = [
        [{ ...base, title: '' }, 'title_required'],
        [{ ...base, title: 'y'.repeat(TITLE_MAX + 1) }, 'title_too_long'],
        [{ ...base, number_of_teen: -2 }, 'party_count_invalid'],
        [{ ...base, checkIn: 'tomorrow' }, 'bad_request'],
        [{ title: 'Fine' }, 'bad_request'],
        [{ ...base, checkOut: '09-05-2031' }, 'end_before_start'],
        [{ ...base, checkOut: '10-07-2031' }, 'limiting_the_trip_duration'],
        [{ ...base, is_locked: 'sometimes' }, 'bad_request'],
      ];
      for (const [payload, code] of cases) expectCode(await update(rideId, user.headers, payload), 400, code);
      expect(await snapshot(t, rideId)).toEqual(before);
    });

    it('only the author; others and visitors are refused and nothing changes', async () => {
      const { rideId } = await makeTrip(t, { authorId: user.id, days: 2 });
      const before = await snapshot(t, rideId);
      const payload = { title: 'Taken over', checkIn: '01-06-2031' };
      expectCode(await update(rideId, manager.headers, payload), 403, 'uesr_is_not_authorize_to_edit_this_ride');
      expectCode(await update(rideId, partner.headers, payload), 403, 'uesr_is_not_authorize_to_edit_this_ride');
      expectCode(await update(rideId, {}, payload), 401, 'user_is_not_authorized');
      expectCode(await update(99999999, user.headers, payload), 404, 'not_found');
      expect(await snapshot(t, rideId)).toEqual(before);
    });

    it('a locked trip: refused while it stays locked; the author unlocks with the form, and locks it again', async () => {
      const { rideId } = await makeTrip(t, { authorId: user.id, days: 2, isLocked: true });
      const before = await snapshot(t, rideId);
      expectCode(await update(rideId, user.headers, { title: 'Locked edit', checkIn: '10-05-2031' }), 403, 'uesr_is_not_authorize_to_edit_this_ride');
      expectCode(await update(rideId, user.headers, { title: 'Locked edit', checkIn: '10-05-2031', is_locked: true }), 403, 'uesr_is_not_authorize_to_edit_this_ride');
      expectCode(await update(rideId, manager.headers, { title: 'Locked edit', checkIn: '10-05-2031', is_locked: false }), 403, 'uesr_is_not_authorize_to_edit_this_ride');
      expect(await snapshot(t, rideId)).toEqual(before);
      expect((await update(rideId, user.headers, { title: 'Unlocked', checkIn: '10-05-2031', is_locked: false })).statusCode).toBe(200);
      expect(await tripRow(rideId)).toMatchObject({ isLocked: false, title: 'Unlocked' });
      expect((await update(rideId, user.headers, { title: 'Locked again', checkIn: '10-05-2031', is_locked: true })).statusCode).toBe(200);
      expect(await tripRow(rideId)).toMatchObject({ isLocked: true, title: 'Locked again' });
    });

    it('ordered accommodation: a new start date is 409 unless forced', async () => {
      const { rideId } = await makeTrip(t, { authorId: user.id, days: 2, stays: [{ firstDay: 0, nights: 1, ordered: true }] });
      expectCode(await update(rideId, user.headers, { title: 'Hotel', checkIn: '11-05-2031' }), 409, 'rideHaveOrderedAccommodation');
      // The same start date saves the other fields.
      expect((await update(rideId, user.headers, { title: 'Hotel', checkIn: '10-05-2031' })).statusCode).toBe(200);
      expect((await update(rideId, user.headers, { title: 'Hotel', checkIn: '11-05-2031', force: true })).json()).toMatchObject({ start_date: '11-05-2031', accommodationsShifted: true });
    });

    it('private and sub-domain flags: changed only by those allowed; leaving them as they are is always allowed', async () => {
      const own = await makeTrip(t, { authorId: user.id, days: 1 });
      expectCode(await update(own.rideId, user.headers, { title: 'P', checkIn: '10-05-2031', is_publick: false }), 403, 'private_ride_requires_manager');
      expectCode(await update(own.rideId, user.headers, { title: 'P', checkIn: '10-05-2031', is_subdomain: true }), 403, 'subdomain_ride_requires_subdomain_manager');
      expect((await update(own.rideId, user.headers, { title: 'P', checkIn: '10-05-2031', is_publick: true, is_subdomain: false })).statusCode).toBe(200);

      const planned = await makeTrip(t, { authorId: manager.id, days: 1 });
      expect((await update(planned.rideId, manager.headers, { title: 'Client', checkIn: '10-05-2031', is_publick: false })).statusCode).toBe(200);
      expect(await tripRow(planned.rideId)).toMatchObject({ type: 'private', rideManagerId: manager.id });
      expect((await update(planned.rideId, manager.headers, { title: 'Client', checkIn: '10-05-2031' })).statusCode).toBe(200);
      expect(await tripRow(planned.rideId)).toMatchObject({ type: 'private' });
      expect((await update(planned.rideId, manager.headers, { title: 'Client', checkIn: '10-05-2031', is_publick: true })).statusCode).toBe(200);
      expect(await tripRow(planned.rideId)).toMatchObject({ type: 'public', rideManagerId: null });
      expectCode(await update(planned.rideId, manager.headers, { title: 'Client', checkIn: '10-05-2031', is_subdomain: true }), 403, 'subdomain_ride_requires_subdomain_manager');

      const partnerTrip = await makeTrip(t, { authorId: partner.id, days: 1 });
      expect((await update(partnerTrip.rideId, partner.headers, { title: 'Alps', checkIn: '10-05-2031', is_subdomain: true })).statusCode).toBe(200);
      expect(await tripRow(partnerTrip.rideId)).toMatchObject({ subdomain: PARTNER_SUBDOMAIN });
      const read = await call(t, 'GET', `/api/ride_information_api/${partnerTrip.rideId}`, { headers: partner.headers });
      expect(read.json()).toMatchObject({ is_subdomain: true, subdomain: PARTNER_SUBDOMAIN });
      expect((await update(partnerTrip.rideId, partner.headers, { title: 'Alps', checkIn: '10-05-2031', is_subdomain: false })).statusCode).toBe(200);
      expect(await tripRow(partnerTrip.rideId)).toMatchObject({ subdomain: null });

      // A user's trip that is in a sub-domain (a copy) keeps it; taking it out needs the sub-domain's manager.
      const copy = await makeTrip(t, { authorId: user.id, days: 1, subdomain: PARTNER_SUBDOMAIN });
      expect((await update(copy.rideId, user.headers, { title: 'Copy', checkIn: '10-05-2031', is_subdomain: true })).statusCode).toBe(200);
      expectCode(await update(copy.rideId, user.headers, { title: 'Copy', checkIn: '10-05-2031', is_subdomain: false }), 403, 'subdomain_ride_requires_subdomain_manager');
      expect(await tripRow(copy.rideId)).toMatchObject({ subdomain: PARTNER_SUBDOMAIN });
    });
  });
});
