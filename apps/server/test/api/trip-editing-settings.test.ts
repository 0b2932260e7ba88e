import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { rideAttractions, rides } from '../../src/db/schema/index.js';
import { call, dayTitles, editingSuite, expectCode, makeTrip, newUser, readTrip, snapshot } from './trip-editing-fixtures.js';

/** lock_ride_api, update_ride_category_api, reset_ride_to_original_order_api (001 §4, §6; 000 §4). */
describe('ride editing: lock, category, reset', () => {
  const suite = editingSuite();

  it('locking refuses every change, to the author too; the author unlocks and edits again', async () => {
    const { rideId } = await makeTrip(suite.t, { authorId: suite.author.id, days: 2 });
    await readTrip(suite.t, rideId);
    const lock = await call(suite.t, 'POST', `/api/lock_ride_api/${rideId}`, { headers: suite.author.headers, payload: { is_locked: true } });
    expect(lock.json()).toEqual({ ServerMassageCode: 'success', rideId, is_locked: true });
    expect((await readTrip(suite.t, rideId)).ride.is_locked).toBe(true);
    expectCode(await call(suite.t, 'GET', `/api/add_day_to_ride_api/${rideId}/0`, { headers: suite.author.headers }), 403, 'uesr_is_not_authorize_to_edit_this_ride');
    const unlock = await call(suite.t, 'POST', `/api/lock_ride_api/${rideId}`, {
      headers: { ...suite.author.headers, 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'is_locked=false',
    });
    expect(unlock.json()).toMatchObject({ is_locked: false });
    expect((await call(suite.t, 'GET', `/api/add_day_to_ride_api/${rideId}/0`, { headers: suite.author.headers })).statusCode).toBe(200);
  });

  it('only the author locks; bad values are 400', async () => {
    const { rideId } = await makeTrip(suite.t, { authorId: suite.author.id, days: 1 });
    const stranger = await newUser(suite.t, 'manager');
    expectCode(await call(suite.t, 'POST', `/api/lock_ride_api/${rideId}`, { headers: stranger.headers, payload: { is_locked: true } }), 403, 'uesr_is_not_authorize_to_edit_this_ride');
    expectCode(await call(suite.t, 'POST', `/api/lock_ride_api/${rideId}`, { payload: { is_locked: true } }), 401, 'user_is_not_authorized');
    expectCode(await call(suite.t, 'POST', `/api/lock_ride_api/${rideId}`, { headers: suite.author.headers, payload: { is_locked: 'perhaps' } }), 400, 'bad_request');
    const [row] = await suite.t.db.db.select().from(rides).where(eq(rides.id, rideId));
    expect(row?.isLocked).toBe(false);
  });

  it('category: the author files the trip (also when locked); others and unknown categories are refused', async () => {
    const { rideId } = await makeTrip(suite.t, { authorId: suite.author.id, days: 1, isLocked: true });
    const res = await call(suite.t, 'POST', `/api/update_ride_category_api/${rideId}`, { headers: suite.author.headers, payload: { category: 'active' } });
    expect(res.json()).toEqual({ ServerMassageCode: 'success', rideId, category_name: 'active' });
    expect((await readTrip(suite.t, rideId, suite.author.headers)).ride.category_name).toBe('active');
    expect((await call(suite.t, 'POST', `/api/update_ride_category_api/${rideId}`, { headers: suite.author.headers, payload: { category_name: 'inactive' } })).json()).toMatchObject({ category_name: 'inactive' });
    expectCode(await call(suite.t, 'POST', `/api/update_ride_category_api/${rideId}`, { headers: suite.author.headers, payload: { category: 'archived' } }), 400, 'bad_request');
    const stranger = await newUser(suite.t);
    expectCode(await call(suite.t, 'POST', `/api/update_ride_category_api/${rideId}`, { headers: stranger.headers, payload: { category: 'planning' } }), 403, 'uesr_is_not_authorize_to_edit_this_ride');
  });

  describe('reset_ride_to_original_order_api', () => {
    async function whiteLabelCopy(ownerId: number, opts: { isLocked?: boolean } = {}) {
      const base = await makeTrip(suite.t, { authorId: ownerId, days: 3, perDay: [['x1'], ['y1', 'y2'], ['z1']], isBasedRide: true, isWhiteLabel: true, type: 'private', rideManagerId: ownerId });
      const ids = base.ids;
      // The copy starts later, lost y2, gained a day, and has x1 moved to the last day.
      const copy = await makeTrip(suite.t, { authorId: ownerId, days: 4, startDate: '2031-07-01', isWhiteLabel: true, type: 'private', rideManagerId: ownerId, basedRideId: base.rideId, isLocked: opts.isLocked ?? false });
      const db = suite.t.db.db;
      await db.insert(rideAttractions).values([
        { rideId: copy.rideId, attractionId: ids.get('y1') as number, plannedDate: '2031-07-01', position: 0 },
        { rideId: copy.rideId, attractionId: ids.get('z1') as number, plannedDate: '2031-07-02', position: 0 },
        { rideId: copy.rideId, attractionId: ids.get('x1') as number, plannedDate: '2031-07-04', position: 0 },
      ]);
      return { base, copy };
    }

    it('puts a white-label private copy back to its base\'s activities and length, from its own start date', async () => {
      const manager = await newUser(suite.t, 'manager');
      const { base, copy } = await whiteLabelCopy(manager.id);
      await readTrip(suite.t, copy.rideId, manager.headers);
      const res = await call(suite.t, 'GET', `/api/reset_ride_to_original_order_api/${copy.rideId}`, { headers: manager.headers });
      expect(res.json()).toEqual({ ServerMassageCode: 'ride_reset_success', rideId: copy.rideId, basedRideId: base.rideId });
      const trip = await readTrip(suite.t, copy.rideId, manager.headers);
      expect(dayTitles(trip)).toEqual([['x1'], ['y1', 'y2'], ['z1']]);
      expect(trip.ride).toMatchObject({ start_date: '01-07-2031', end_date: '03-07-2031' });
    });

    it('refuses a locked copy (403) and others\' trips (403); trips that are not white-label private copies get ride_reset_error', async () => {
      const manager = await newUser(suite.t, 'manager');
      const locked = await whiteLabelCopy(manager.id, { isLocked: true });
      const before = await snapshot(suite.t, locked.copy.rideId);
      expectCode(await call(suite.t, 'GET', `/api/reset_ride_to_original_order_api/${locked.copy.rideId}`, { headers: manager.headers }), 403, 'uesr_is_not_authorize_to_edit_this_ride');
      expect(await snapshot(suite.t, locked.copy.rideId)).toEqual(before);
      const open = await whiteLabelCopy(manager.id);
      expectCode(await call(suite.t, 'GET', `/api/reset_ride_to_original_order_api/${open.copy.rideId}`, { headers: suite.author.headers }), 403, 'uesr_is_not_authorize_to_edit_this_ride');
      // The base itself, a public copy, a copy that is not white-label:
      expectCode(await call(suite.t, 'GET', `/api/reset_ride_to_original_order_api/${open.base.rideId}`, { headers: manager.headers }), 400, 'ride_reset_error');
      const publicCopy = await makeTrip(suite.t, { authorId: suite.author.id, days: 1, basedRideId: 72 });
      expectCode(await call(suite.t, 'GET', `/api/reset_ride_to_original_order_api/${publicCopy.rideId}`, { headers: suite.author.headers }), 400, 'ride_reset_error');
      const plainPrivate = await makeTrip(suite.t, { authorId: manager.id, days: 1, type: 'private', rideManagerId: manager.id, basedRideId: 72 });
      expectCode(await call(suite.t, 'GET', `/api/reset_ride_to_original_order_api/${plainPrivate.rideId}`, { headers: manager.headers }), 400, 'ride_reset_error');
    });
  });
});
