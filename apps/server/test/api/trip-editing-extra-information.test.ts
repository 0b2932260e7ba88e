import { addDays, extraInformationResponse, isoToTripDate } from '@rides/contract';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { rideExtraInformation } from '../../src/db/schema/index.js';
import { call, editingSuite, expectCode, makeTrip, newUser, readTrip, snapshot, START } from './trip-editing-fixtures.js';

/** add/update/delete_extra_information_to_ride (001 §2, 000 §2, §6): trip-wide sections and day notes, sanitised when stored. */
describe('ride editing: extra information', () => {
  const suite = editingSuite();

  const post = (path: string, payload: unknown, headers = suite.author.headers) => call(suite.t, 'POST', `/api/${path}`, { headers, payload });

  it('a day note on the author\'s copy: added, read at once, updated, deleted', async () => {
    const { rideId } = await makeTrip(suite.t, { authorId: suite.author.id, days: 3, basedRideId: 72 });
    await readTrip(suite.t, rideId);
    const added = await post('add_extra_information_to_ride', { ride_id: rideId, text: '<p>Bring <b>water</b></p>', date: isoToTripDate(addDays(START, 1)) });
    expect(added.statusCode, added.body).toBe(200);
    const item = extraInformationResponse.parse(added.json()).extraInformation;
    expect(item).toEqual({ id: expect.any(Number), title: '', text: '<p>Bring <b>water</b></p>', date: isoToTripDate(addDays(START, 1)), dayIndex: 1 });
    expect((await readTrip(suite.t, rideId)).ride.rideExtraInformationByDay).toEqual([{ id: item.id, date: item.date, dayIndex: 1, text: item.text }]);

    const updated = await post('update_extra_information_to_ride', { ride_id: String(rideId), extra_information_id: String(item.id), text: 'Sunscreen', date: '5/12/2031' });
    expect(updated.json()).toMatchObject({ extraInformation: { id: item.id, text: 'Sunscreen', dayIndex: 2 } });
    expect((await readTrip(suite.t, rideId)).ride.rideExtraInformationByDay.map((n) => n.text)).toEqual(['Sunscreen']);

    const deleted = await post('delete_extra_information_to_ride', { ride_id: rideId, extra_information_id: item.id });
    expect(deleted.json()).toEqual({ ServerMassageCode: 'success', rideId, extra_information_id: item.id });
    expect((await readTrip(suite.t, rideId)).ride.rideExtraInformationByDay).toEqual([]);
    expectCode(await post('delete_extra_information_to_ride', { ride_id: rideId, extra_information_id: item.id }), 404, 'not_found');
  });

  it('sanitises the text when it is stored (hostile HTML never reaches the database)', async () => {
    const { rideId } = await makeTrip(suite.t, { authorId: suite.author.id, days: 1, isBasedRide: true });
    const res = await post('add_extra_information_to_ride', {
      ride_id: rideId,
      title: 'Safety <3',
      text: '<p onclick="steal()">Hi<img src=x onerror=alert(1)><script>alert(2)</script><a href="javascript:alert(3)">x</a><a href="https://ok.example">ok</a></p>',
    });
    expect(res.statusCode, res.body).toBe(200);
    const id = extraInformationResponse.parse(res.json()).extraInformation.id;
    const [row] = await suite.t.db.db.select().from(rideExtraInformation).where(eq(rideExtraInformation.id, id));
    expect(row?.text).toBe('<p>Hi<a rel="noopener noreferrer">x</a><a rel="noopener noreferrer" href="https://ok.example">ok</a></p>');
    // The title is plain text, kept as typed (the web never renders it as HTML).
    expect(row?.title).toBe('Safety <3');
  });

  it('trip-wide sections: the author of a base trip, or a manager author; a plain user\'s copy gets day notes only', async () => {
    const base = await makeTrip(suite.t, { authorId: suite.author.id, days: 1, isBasedRide: true });
    expect((await post('add_extra_information_to_ride', { ride_id: base.rideId, title: 'Visa', text: 'needed' })).statusCode).toBe(200);

    const copy = await makeTrip(suite.t, { authorId: suite.author.id, days: 1, basedRideId: 72, sections: [{ title: 'From base', text: 'x' }] });
    const before = await snapshot(suite.t, copy.rideId);
    expectCode(await post('add_extra_information_to_ride', { ride_id: copy.rideId, title: 'Visa', text: 'needed' }), 403, 'uesr_is_not_authorize_to_edit_this_ride');
    const sectionId = (await suite.t.db.db.select().from(rideExtraInformation).where(eq(rideExtraInformation.rideId, copy.rideId)))[0]?.id;
    expectCode(await post('update_extra_information_to_ride', { ride_id: copy.rideId, extra_information_id: sectionId, title: 'x', text: 'y' }), 403, 'uesr_is_not_authorize_to_edit_this_ride');
    expectCode(await post('delete_extra_information_to_ride', { ride_id: copy.rideId, extra_information_id: sectionId }), 403, 'uesr_is_not_authorize_to_edit_this_ride');
    expect(await snapshot(suite.t, copy.rideId)).toEqual(before);

    const manager = await newUser(suite.t, 'manager');
    const managed = await makeTrip(suite.t, { authorId: manager.id, days: 1 });
    expect((await post('add_extra_information_to_ride', { ride_id: managed.rideId, title: 'Visa', text: 'needed' }, manager.headers)).statusCode).toBe(200);
  });

  it('bad input: a date outside the trip, an id of another trip, empty content, bad ids; nothing changes', async () => {
    const { rideId } = await makeTrip(suite.t, { authorId: suite.author.id, days: 2, isBasedRide: true, notes: [{ day: 0, text: 'n' }] });
    const other = await makeTrip(suite.t, { authorId: suite.author.id, days: 1, isBasedRide: true, notes: [{ day: 0, text: 'other' }] });
    const otherNote = (await suite.t.db.db.select().from(rideExtraInformation).where(eq(rideExtraInformation.rideId, other.rideId)))[0]?.id;
    const before = await snapshot(suite.t, rideId);
    expectCode(await post('add_extra_information_to_ride', { ride_id: rideId, text: 'x', date: isoToTripDate(addDays(START, 2)) }), 400, 'day_not_in_trip_range');
    expectCode(await post('add_extra_information_to_ride', { ride_id: rideId, text: 'x', date: '99-99-2031' }), 400, 'bad_request');
    expectCode(await post('add_extra_information_to_ride', { ride_id: rideId, text: '<script>only</script>' }), 400, 'bad_request');
    expectCode(await post('add_extra_information_to_ride', { ride_id: 'abc', text: 'x' }), 400, 'bad_request');
    expectCode(await post('add_extra_information_to_ride', { ride_id: rideId, title: 'x'.repeat(141), text: 'x' }), 400, 'bad_request');
    expectCode(await post('update_extra_information_to_ride', { ride_id: rideId, extra_information_id: otherNote, text: 'stolen' }), 404, 'not_found');
    expectCode(await post('delete_extra_information_to_ride', { ride_id: rideId, extra_information_id: otherNote }), 404, 'not_found');
    expectCode(await post('delete_extra_information_to_ride', { ride_id: rideId }), 400, 'bad_request');
    expect(await snapshot(suite.t, rideId)).toEqual(before);
  });

  it('reads form bodies (old clients)', async () => {
    const { rideId } = await makeTrip(suite.t, { authorId: suite.author.id, days: 1, isBasedRide: true });
    const res = await call(suite.t, 'POST', '/api/add_extra_information_to_ride', {
      headers: { ...suite.author.headers, 'content-type': 'application/x-www-form-urlencoded' },
      payload: `ride_id=${rideId}&title=Tips&text=${encodeURIComponent('<p>Go early</p>')}&date=`,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ extraInformation: { title: 'Tips', date: null, dayIndex: null } });
  });
});
