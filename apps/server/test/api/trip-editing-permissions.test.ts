import { addDays, isoToTripDate } from '@rides/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rideAuthorizedUsers, rideExtraInformation } from '../../src/db/schema/index.js';
import type { TestApp } from '../helpers/app.js';
import { call, expectCode, makeTrip, newUser, snapshot, START, type Trip } from './trip-editing-fixtures.js';
import { createTripsTestApp } from './trips-fixtures.js';

/**
 * The permission matrix (000 §6, 001 §6; issue 5): every editing call, by every kind of caller, on a public, a private
 * and a locked trip. Refusals answer their code and status and leave the trip exactly as it was; the author's call goes
 * through. (The copy call and the place-id check have their own rules: trip-editing-copy / -attractions tests.)
 */
interface Ctx {
  trip: Trip;
  noteId: number;
  sectionId: number;
  freeAttraction: number;
}
interface EditCall {
  name: string;
  /** Also allowed to the author of a locked trip. */
  onLocked?: boolean;
  /** The author's answer when it is not 200 (reset of a trip that is not a white-label copy). */
  authorAnswer?: [number, string];
  request: (c: Ctx) => { method: 'GET' | 'POST'; url: string; payload?: unknown; data?: unknown };
}

const mdy = (iso: string) => `${Number(iso.slice(5, 7))}/${Number(iso.slice(8, 10))}/${iso.slice(0, 4)}`;
const id = (c: Ctx, title: string) => c.trip.ids.get(title) as number;
const r = (c: Ctx) => c.trip.rideId;

const CALLS: EditCall[] = [
  { name: 'add_attraction_to_ride_api', request: (c) => ({ method: 'POST', url: `/api/add_attraction_to_ride_api/${r(c)}/${c.freeAttraction}`, payload: { date: mdy(START) } }) },
  { name: 'add_google_attraction_to_ride_api', request: (c) => ({ method: 'GET', url: `/api/add_google_attraction_to_ride_api/${r(c)}/at:${c.freeAttraction}`, data: { date: mdy(START) } }) },
  { name: 'update_attraction_ride_time_api', request: (c) => ({ method: 'GET', url: `/api/update_attraction_ride_time_api/${r(c)}/${id(c, 'a1')}`, data: { date: mdy(addDays(START, 1)), time: '10:00:00 AM' } }) },
  { name: 'remove_attraction_from_ride_api', request: (c) => ({ method: 'GET', url: `/api/remove_attraction_from_ride_api/${r(c)}/${id(c, 'a1')}` }) },
  { name: 'add_day_to_ride_api', request: (c) => ({ method: 'GET', url: `/api/add_day_to_ride_api/${r(c)}/0` }) },
  { name: 'add_day_to_ride_api/force', request: (c) => ({ method: 'GET', url: `/api/add_day_to_ride_api/${r(c)}/0/force` }) },
  { name: 'remove_day_from_ride_api', request: (c) => ({ method: 'GET', url: `/api/remove_day_from_ride_api/${r(c)}/1` }) },
  { name: 'remove_day_from_ride_api/force', request: (c) => ({ method: 'GET', url: `/api/remove_day_from_ride_api/${r(c)}/1/force` }) },
  { name: 'remove_day_and_attractions_from_ride_api', request: (c) => ({ method: 'GET', url: `/api/remove_day_and_attractions_from_ride_api/${r(c)}/1` }) },
  { name: 'remove_day_and_attractions_from_ride_api/force', request: (c) => ({ method: 'GET', url: `/api/remove_day_and_attractions_from_ride_api/${r(c)}/1/force` }) },
  { name: 'move_day_attractions_by_date_api', request: (c) => ({ method: 'GET', url: `/api/move_day_attractions_by_date_api/${r(c)}/0`, data: { date: mdy(addDays(START, 2)) } }) },
  { name: 'update_ride_duration_api', request: (c) => ({ method: 'POST', url: `/api/update_ride_duration_api/${r(c)}`, payload: { rideCheckin: isoToTripDate(START), rideCheckout: isoToTripDate(addDays(START, 4)) } }) },
  { name: 'update_ride_category_api', onLocked: true, request: (c) => ({ method: 'POST', url: `/api/update_ride_category_api/${r(c)}`, payload: { category: 'active' } }) },
  { name: 'lock_ride_api', onLocked: true, request: (c) => ({ method: 'POST', url: `/api/lock_ride_api/${r(c)}`, payload: { is_locked: true } }) },
  { name: 'reset_ride_to_original_order_api', authorAnswer: [400, 'ride_reset_error'], request: (c) => ({ method: 'GET', url: `/api/reset_ride_to_original_order_api/${r(c)}` }) },
  { name: 'add_extra_information_to_ride (trip-wide)', request: (c) => ({ method: 'POST', url: '/api/add_extra_information_to_ride', payload: { ride_id: r(c), title: 'T', text: 'x' } }) },
  { name: 'add_extra_information_to_ride (day)', request: (c) => ({ method: 'POST', url: '/api/add_extra_information_to_ride', payload: { ride_id: r(c), text: 'x', date: isoToTripDate(START) } }) },
  { name: 'update_extra_information_to_ride', request: (c) => ({ method: 'POST', url: '/api/update_extra_information_to_ride', payload: { ride_id: r(c), extra_information_id: c.noteId, text: 'y', date: isoToTripDate(START) } }) },
  { name: 'delete_extra_information_to_ride', request: (c) => ({ method: 'POST', url: '/api/delete_extra_information_to_ride', payload: { ride_id: r(c), extra_information_id: c.sectionId } }) },
];

describe('ride editing: the permission matrix', () => {
  let t: TestApp;
  let author: { id: number; headers: Record<string, string> };
  let stranger: { id: number; headers: Record<string, string> };
  let otherManager: { id: number; headers: Record<string, string> };
  let viewer: { id: number; headers: Record<string, string> };
  let freeAttraction: number;

  beforeAll(async () => {
    t = await createTripsTestApp();
    // The author is a manager, so every call is theirs on a private trip too (000 §6: adding activities there).
    author = await newUser(t, 'manager');
    stranger = await newUser(t);
    otherManager = await newUser(t, 'manager');
    viewer = await newUser(t);
    const someone = await newUser(t);
    const pub = await makeTrip(t, { authorId: someone.id, days: 1, perDay: [['free']] });
    freeAttraction = pub.ids.get('free') as number;
  });
  afterAll(async () => {
    await t?.dispose();
  });

  async function trip(kind: 'public' | 'private' | 'locked'): Promise<Ctx> {
    const made = await makeTrip(t, {
      authorId: author.id,
      days: 3,
      perDay: [['a1', 'a2'], ['b1'], ['c1']],
      isBasedRide: true,
      isLocked: kind === 'locked',
      ...(kind === 'private' ? { type: 'private' as const, rideManagerId: author.id } : {}),
      notes: [{ day: 0, text: 'note' }],
      sections: [{ title: 'Section', text: 'text' }],
    });
    if (kind === 'private') await t.db.db.insert(rideAuthorizedUsers).values({ rideId: made.rideId, userId: viewer.id });
    const extra = await t.db.db.select().from(rideExtraInformation).where(eq(rideExtraInformation.rideId, made.rideId));
    return {
      trip: made,
      noteId: extra.find((e) => e.date !== null)?.id as number,
      sectionId: extra.find((e) => e.date === null)?.id as number,
      freeAttraction,
    };
  }

  const send = (c: Ctx, edit: EditCall, headers: Record<string, string>) => call(t, edit.request(c).method, edit.request(c).url, { ...edit.request(c), headers });

  describe.each(CALLS)('$name', (edit) => {
    it.each(['public', 'private'] as const)('on a %s trip: anonymous 401, others 403 (nothing changes), the author goes through', async (kind) => {
      const c = await trip(kind);
      const before = await snapshot(t, c.trip.rideId);
      expectCode(await send(c, edit, {}), 401, 'user_is_not_authorized');
      expectCode(await send(c, edit, stranger.headers), 403, 'uesr_is_not_authorize_to_edit_this_ride');
      expectCode(await send(c, edit, otherManager.headers), 403, 'uesr_is_not_authorize_to_edit_this_ride');
      // May view the private trip, may not change it.
      expectCode(await send(c, edit, viewer.headers), 403, 'uesr_is_not_authorize_to_edit_this_ride');
      expect(await snapshot(t, c.trip.rideId)).toEqual(before);
      const res = await send(c, edit, author.headers);
      const [status, code] = edit.authorAnswer ?? [200, 'success'];
      expectCode(res, status, code);
    });

    it(`on a locked trip: ${edit.onLocked ? 'the author still may' : 'refused to the author too (403), nothing changes'}`, async () => {
      const c = await trip('locked');
      const before = await snapshot(t, c.trip.rideId);
      expectCode(await send(c, edit, stranger.headers), 403, 'uesr_is_not_authorize_to_edit_this_ride');
      const res = await send(c, edit, author.headers);
      if (edit.onLocked) {
        expectCode(res, 200, 'success');
      } else {
        expectCode(res, 403, 'uesr_is_not_authorize_to_edit_this_ride');
        expect(await snapshot(t, c.trip.rideId)).toEqual(before);
      }
    });
  });
});
