import { addDays, isoToTripDate, tripDatesResponse } from '@rides/contract';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { accommodations, rideExtraInformation } from '../../src/db/schema/index.js';
import { call, dayTitles, editingSuite, expectCode, makeTrip, readTrip, snapshot, START } from './trip-editing-fixtures.js';

/** The day rules (000 §4, §5, §9): add and remove days, move a day's activities, change the trip's dates. */
describe('ride editing: days', () => {
  const suite = editingSuite();

  const abc = { days: 3, perDay: [['a1', 'a2'], ['b1'], ['c1']] };

  describe('add_day_to_ride_api', () => {
    it('adds an empty day after the given day; later activities, notes, stays and the end date move one day on', async () => {
      const { rideId } = await makeTrip(suite.t, { authorId: suite.author.id, ...abc, notes: [{ day: 2, text: 'last day' }], stays: [{ firstDay: 1, nights: 2, ordered: false }] });
      const before = await readTrip(suite.t, rideId); // cached now: the write must drop it
      expect(before.attractionsByDay).toHaveLength(3);
      const res = await call(suite.t, 'GET', `/api/add_day_to_ride_api/${rideId}/0`, { headers: suite.author.headers });
      expect(res.statusCode, res.body).toBe(200);
      expect(tripDatesResponse.parse(res.json())).toEqual({
        ServerMassageCode: 'success',
        rideId,
        start_date: isoToTripDate(START),
        end_date: isoToTripDate(addDays(START, 3)),
        duration: 4,
        accommodationsShifted: false,
      });
      const after = await readTrip(suite.t, rideId);
      expect(dayTitles(after)).toEqual([['a1', 'a2'], [], ['b1'], ['c1']]);
      expect(after.ride.rideExtraInformationByDay).toMatchObject([{ dayIndex: 3, text: 'last day' }]);
      const [stay] = await suite.t.db.db.select().from(accommodations).where(eq(accommodations.rideId, rideId));
      expect([stay?.checkInDate, stay?.checkOutDate]).toEqual([addDays(START, 2), addDays(START, 4)]);
    });

    it('after the last day appends a day; a stay covering the day grows by a night', async () => {
      const { rideId } = await makeTrip(suite.t, { authorId: suite.author.id, ...abc, stays: [{ firstDay: 0, nights: 3, ordered: false }] });
      expect((await call(suite.t, 'GET', `/api/add_day_to_ride_api/${rideId}/2`, { headers: suite.author.headers })).statusCode).toBe(200);
      expect(dayTitles(await readTrip(suite.t, rideId))).toEqual([['a1', 'a2'], ['b1'], ['c1'], []]);
      const [stay] = await suite.t.db.db.select().from(accommodations).where(eq(accommodations.rideId, rideId));
      expect([stay?.checkInDate, stay?.checkOutDate]).toEqual([START, addDays(START, 4)]);
    });

    it('answers rideHaveOrderedAccommodation (409) with ordered accommodation and changes nothing; /force moves the booking too', async () => {
      const { rideId } = await makeTrip(suite.t, { authorId: suite.author.id, ...abc, stays: [{ firstDay: 1, nights: 1, ordered: true }] });
      const before = await snapshot(suite.t, rideId);
      expectCode(await call(suite.t, 'GET', `/api/add_day_to_ride_api/${rideId}/0`, { headers: suite.author.headers }), 409, 'rideHaveOrderedAccommodation');
      expect(await snapshot(suite.t, rideId)).toEqual(before);
      const forced = await call(suite.t, 'GET', `/api/add_day_to_ride_api/${rideId}/0/force`, { headers: suite.author.headers });
      expect(forced.statusCode, forced.body).toBe(200);
      expect(forced.json()).toMatchObject({ duration: 4, accommodationsShifted: true });
      const [stay] = await suite.t.db.db.select().from(accommodations).where(eq(accommodations.rideId, rideId));
      expect([stay?.checkInDate, stay?.checkOutDate, stay?.bookingConfirmation]).toEqual([addDays(START, 2), addDays(START, 3), 'CONF-0']);
    });

    it('refuses a 61st day with limiting_the_trip_duration and an index outside the trip with day_not_in_trip_range', async () => {
      const { rideId } = await makeTrip(suite.t, { authorId: suite.author.id, days: 60 });
      const before = await snapshot(suite.t, rideId);
      expectCode(await call(suite.t, 'GET', `/api/add_day_to_ride_api/${rideId}/10`, { headers: suite.author.headers }), 400, 'limiting_the_trip_duration');
      const small = await makeTrip(suite.t, { authorId: suite.author.id, ...abc });
      expectCode(await call(suite.t, 'GET', `/api/add_day_to_ride_api/${small.rideId}/3`, { headers: suite.author.headers }), 400, 'day_not_in_trip_range');
      expect(await snapshot(suite.t, rideId)).toEqual(before);
    });

    it.each(['-1', 'x', '1.5', '1e3', '00', '99999'])('a day index %s is 400 bad_request', async (index) => {
      const { rideId } = await makeTrip(suite.t, { authorId: suite.author.id, ...abc });
      expectCode(await call(suite.t, 'GET', `/api/add_day_to_ride_api/${rideId}/${index}`, { headers: suite.author.headers }), 400, 'bad_request');
    });

    it.each(['abc', '0', '-3', '99999999999'])('a ride id %s is 400 bad_request', async (id) => {
      expectCode(await call(suite.t, 'GET', `/api/add_day_to_ride_api/${id}/0`, { headers: suite.author.headers }), 400, 'bad_request');
    });

    it('an unknown trip is 404 not_found', async () => {
      expectCode(await call(suite.t, 'GET', '/api/add_day_to_ride_api/99999/0', { headers: suite.author.headers }), 404, 'not_found');
    });
  });

  describe('remove_day_from_ride_api (activities move to the next day)', () => {
    it('moves the day\'s activities to the end of the next day, drops its notes, and pulls later days back', async () => {
      const { rideId } = await makeTrip(suite.t, {
        authorId: suite.author.id,
        ...abc,
        notes: [{ day: 0, text: 'gone' }, { day: 2, text: 'kept' }],
        stays: [{ firstDay: 0, nights: 1, ordered: false }, { firstDay: 1, nights: 2, ordered: false }],
      });
      await readTrip(suite.t, rideId);
      const res = await call(suite.t, 'GET', `/api/remove_day_from_ride_api/${rideId}/0`, { headers: suite.author.headers });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ duration: 2, end_date: isoToTripDate(addDays(START, 1)) });
      const after = await readTrip(suite.t, rideId);
      expect(dayTitles(after)).toEqual([['b1', 'a1', 'a2'], ['c1']]);
      expect(after.ride.rideExtraInformationByDay.map((n) => [n.dayIndex, n.text])).toEqual([[1, 'kept']]);
      // The first night's suggestion had only the removed night: it goes; the second stay moves back a day.
      const stays = await suite.t.db.db.select().from(accommodations).where(eq(accommodations.rideId, rideId));
      expect(stays.map((s) => [s.checkInDate, s.checkOutDate])).toEqual([[START, addDays(START, 2)]]);
    });

    it('the last day\'s activities go to the day before', async () => {
      const { rideId } = await makeTrip(suite.t, { authorId: suite.author.id, ...abc });
      expect((await call(suite.t, 'GET', `/api/remove_day_from_ride_api/${rideId}/2`, { headers: suite.author.headers })).statusCode).toBe(200);
      expect(dayTitles(await readTrip(suite.t, rideId))).toEqual([['a1', 'a2'], ['b1', 'c1']]);
    });

    it('with ordered accommodation: 409 and nothing changes; /force keeps the booking and moves it', async () => {
      const { rideId } = await makeTrip(suite.t, { authorId: suite.author.id, ...abc, stays: [{ firstDay: 2, nights: 1, ordered: true }] });
      const before = await snapshot(suite.t, rideId);
      expectCode(await call(suite.t, 'GET', `/api/remove_day_from_ride_api/${rideId}/1`, { headers: suite.author.headers }), 409, 'rideHaveOrderedAccommodation');
      expect(await snapshot(suite.t, rideId)).toEqual(before);
      const res = await call(suite.t, 'GET', `/api/remove_day_from_ride_api/${rideId}/1/force`, { headers: suite.author.headers });
      expect(res.json()).toMatchObject({ duration: 2, accommodationsShifted: true });
      const [stay] = await suite.t.db.db.select().from(accommodations).where(eq(accommodations.rideId, rideId));
      expect([stay?.checkInDate, stay?.checkOutDate]).toEqual([addDays(START, 1), addDays(START, 2)]);
    });

    it('a one-day trip cannot lose its only day (limiting_the_trip_duration)', async () => {
      const { rideId } = await makeTrip(suite.t, { authorId: suite.author.id, days: 1, perDay: [['x']] });
      const before = await snapshot(suite.t, rideId);
      expectCode(await call(suite.t, 'GET', `/api/remove_day_from_ride_api/${rideId}/0`, { headers: suite.author.headers }), 400, 'limiting_the_trip_duration');
      expectCode(await call(suite.t, 'GET', `/api/remove_day_from_ride_api/${rideId}/1`, { headers: suite.author.headers }), 400, 'day_not_in_trip_range');
      expect(await snapshot(suite.t, rideId)).toEqual(before);
    });
  });

  describe('remove_day_and_attractions_from_ride_api', () => {
    it('removes the day with its activities and notes; later days move back', async () => {
      const { rideId } = await makeTrip(suite.t, { authorId: suite.author.id, ...abc, notes: [{ day: 1, text: 'gone' }] });
      await readTrip(suite.t, rideId);
      const res = await call(suite.t, 'GET', `/api/remove_day_and_attractions_from_ride_api/${rideId}/1`, { headers: suite.author.headers });
      expect(res.statusCode, res.body).toBe(200);
      const after = await readTrip(suite.t, rideId);
      expect(dayTitles(after)).toEqual([['a1', 'a2'], ['c1']]);
      expect(after.ride.rideExtraInformationByDay).toEqual([]);
      const notes = await suite.t.db.db.select().from(rideExtraInformation).where(and(eq(rideExtraInformation.rideId, rideId)));
      expect(notes).toEqual([]);
    });

    it('/force with an ordered stay on the removed night keeps the booking (now without nights) for the traveller to fix', async () => {
      const { rideId } = await makeTrip(suite.t, { authorId: suite.author.id, ...abc, stays: [{ firstDay: 1, nights: 1, ordered: true }] });
      expect((await call(suite.t, 'GET', `/api/remove_day_and_attractions_from_ride_api/${rideId}/1/force`, { headers: suite.author.headers })).statusCode).toBe(200);
      const [stay] = await suite.t.db.db.select().from(accommodations).where(eq(accommodations.rideId, rideId));
      expect([stay?.checkInDate, stay?.checkOutDate, stay?.bookingConfirmation]).toEqual([addDays(START, 1), addDays(START, 1), 'CONF-0']);
    });
  });

  describe('move_day_attractions_by_date_api', () => {
    it('moves every activity of a day to the end of the date in the Data header', async () => {
      const { rideId } = await makeTrip(suite.t, { authorId: suite.author.id, ...abc });
      await readTrip(suite.t, rideId);
      const target = addDays(START, 2);
      const mdy = `${Number(target.slice(5, 7))}/${Number(target.slice(8, 10))}/${target.slice(0, 4)}`;
      const res = await call(suite.t, 'GET', `/api/move_day_attractions_by_date_api/${rideId}/0`, { headers: suite.author.headers, data: { date: mdy } });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ ServerMassageCode: 'success', rideId, dayIndex: 2, plannedDate: mdy, moved: 2 });
      expect(dayTitles(await readTrip(suite.t, rideId))).toEqual([[], ['b1'], ['c1', 'a1', 'a2']]);
    });

    it('also reads a bare date string and DD-MM-YYYY', async () => {
      const { rideId } = await makeTrip(suite.t, { authorId: suite.author.id, ...abc });
      const res = await call(suite.t, 'GET', `/api/move_day_attractions_by_date_api/${rideId}/1`, { headers: suite.author.headers, data: JSON.stringify(isoToTripDate(START)) });
      expect(res.statusCode, res.body).toBe(200);
      expect(dayTitles(await readTrip(suite.t, rideId))).toEqual([['a1', 'a2', 'b1'], [], ['c1']]);
    });

    it.each([
      ['no header', undefined],
      ['not a date', { date: 'tomorrow' }],
      ['an impossible date', { date: '2/30/2031' }],
      ['broken JSON', '{"date":'],
      ['a number', 5],
    ])('%s is 400 bad_request (field Data) and nothing moves', async (_name, data) => {
      const { rideId } = await makeTrip(suite.t, { authorId: suite.author.id, ...abc });
      const before = await snapshot(suite.t, rideId);
      const res = await call(suite.t, 'GET', `/api/move_day_attractions_by_date_api/${rideId}/0`, { headers: suite.author.headers, ...(data === undefined ? {} : { data: typeof data === 'number' ? String(data) : data }) });
      expectCode(res, 400, 'bad_request');
      expect(await snapshot(suite.t, rideId)).toEqual(before);
    });

    it('a date outside the trip is day_not_in_trip_range', async () => {
      const { rideId } = await makeTrip(suite.t, { authorId: suite.author.id, ...abc });
      expectCode(await call(suite.t, 'GET', `/api/move_day_attractions_by_date_api/${rideId}/0`, { headers: suite.author.headers, data: { date: isoToTripDate(addDays(START, 3)) } }), 400, 'day_not_in_trip_range');
      expectCode(await call(suite.t, 'GET', `/api/move_day_attractions_by_date_api/${rideId}/0`, { headers: suite.author.headers, data: { date: isoToTripDate(addDays(START, -1)) } }), 400, 'day_not_in_trip_range');
    });
  });

  describe('update_ride_duration_api', () => {
    it('a new start date moves the whole trip; a longer end adds empty days', async () => {
      const { rideId } = await makeTrip(suite.t, { authorId: suite.author.id, ...abc, notes: [{ day: 1, text: 'n' }], stays: [{ firstDay: 0, nights: 2, ordered: false }] });
      await readTrip(suite.t, rideId);
      const start = '2031-06-01';
      const res = await call(suite.t, 'POST', `/api/update_ride_duration_api/${rideId}`, {
        headers: suite.author.headers,
        payload: { rideCheckin: isoToTripDate(start), rideCheckout: isoToTripDate(addDays(start, 4)) },
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ start_date: '01-06-2031', end_date: '05-06-2031', duration: 5 });
      const after = await readTrip(suite.t, rideId);
      expect(dayTitles(after)).toEqual([['a1', 'a2'], ['b1'], ['c1'], [], []]);
      expect(after.ride.rideExtraInformationByDay.map((n) => n.date)).toEqual(['02-06-2031']);
      const [stay] = await suite.t.db.db.select().from(accommodations).where(eq(accommodations.rideId, rideId));
      expect([stay?.checkInDate, stay?.checkOutDate]).toEqual([start, addDays(start, 2)]);
    });

    it('reads form bodies too', async () => {
      const { rideId } = await makeTrip(suite.t, { authorId: suite.author.id, ...abc });
      const res = await call(suite.t, 'POST', `/api/update_ride_duration_api/${rideId}`, {
        headers: { ...suite.author.headers, 'content-type': 'application/x-www-form-urlencoded' },
        payload: `rideCheckin=${isoToTripDate(START)}&rideCheckout=${isoToTripDate(addDays(START, 3))}`,
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ duration: 4 });
    });

    it('refuses to end before the last activity (date_are_not_in_range), a reversed range (end_before_start), more than 60 days and bad dates', async () => {
      const { rideId } = await makeTrip(suite.t, { authorId: suite.author.id, ...abc });
      const before = await snapshot(suite.t, rideId);
      const post = (rideCheckin: string, rideCheckout: string) =>
        call(suite.t, 'POST', `/api/update_ride_duration_api/${rideId}`, { headers: suite.author.headers, payload: { rideCheckin, rideCheckout } });
      expectCode(await post(isoToTripDate(START), isoToTripDate(addDays(START, 1))), 400, 'date_are_not_in_range');
      expectCode(await post(isoToTripDate(addDays(START, 5)), isoToTripDate(START)), 400, 'end_before_start');
      expectCode(await post(isoToTripDate(START), isoToTripDate(addDays(START, 60))), 400, 'limiting_the_trip_duration');
      expectCode(await post('31-02-2031', '01-03-2031'), 400, 'bad_request');
      expectCode(await post('', ''), 400, 'bad_request');
      // A new start that would push the last activity past the new end is refused as a whole (rolled back).
      expectCode(await post(isoToTripDate(addDays(START, 1)), isoToTripDate(addDays(START, 2))), 400, 'date_are_not_in_range');
      expect(await snapshot(suite.t, rideId)).toEqual(before);
    });

    it('a new start with ordered accommodation is 409 unless force', async () => {
      const { rideId } = await makeTrip(suite.t, { authorId: suite.author.id, ...abc, stays: [{ firstDay: 0, nights: 1, ordered: true }] });
      const body = { rideCheckin: isoToTripDate(addDays(START, 1)), rideCheckout: isoToTripDate(addDays(START, 3)) };
      expectCode(await call(suite.t, 'POST', `/api/update_ride_duration_api/${rideId}`, { headers: suite.author.headers, payload: body }), 409, 'rideHaveOrderedAccommodation');
      const res = await call(suite.t, 'POST', `/api/update_ride_duration_api/${rideId}`, { headers: suite.author.headers, payload: { ...body, force: true } });
      expect(res.json()).toMatchObject({ accommodationsShifted: true, duration: 3 });
      // Only the end moving never touches the bookings: no 409.
      const longer = await call(suite.t, 'POST', `/api/update_ride_duration_api/${rideId}`, {
        headers: suite.author.headers,
        payload: { rideCheckin: body.rideCheckin, rideCheckout: isoToTripDate(addDays(START, 6)) },
      });
      expect(longer.json()).toMatchObject({ accommodationsShifted: false, duration: 6 });
    });
  });
});
