import {
  addDays,
  dayTravel,
  estimateLeg,
  suggestOrderResponse,
  type GeoPoint,
  type LegMode,
} from '@rides/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accommodations, attractions, rideAttractions, rides } from '../../src/db/schema/index.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import {
  addMember,
  EVERYONE,
  makeWorld,
  outcome,
  send,
  type TogetherWorld,
  type Who,
} from './together-fixtures.js';

/**
 * POST /api/trips/{rideId}/days/{dayId}/suggest-order (issue 36 point 4): whoever may edit the trip gets a better
 * order for a day (timed activities kept in place, the first and last when pinned), with the minutes saved, and nothing
 * is written; everyone else is refused as the editing calls refuse them (a private trip's stranger the private 403); a
 * day the trip does not have and an unknown mode coded.
 */
let t: TestApp;
let w: TogetherWorld;

beforeAll(async () => {
  t = await createTestApp();
  w = await makeWorld(t);
});
afterAll(async () => {
  await t?.dispose();
});

const suggest = (rideId: number, dayId: number | string, query: string, headers: Record<string, string>) =>
  send(t, 'POST', `/api/trips/${rideId}/days/${dayId}/suggest-order?${query}`, headers);

async function suggested(rideId: number, dayId: number, query: string, headers: Record<string, string>) {
  const res = await suggest(rideId, dayId, query, headers);
  expect(res.statusCode, res.body).toBe(200);
  return suggestOrderResponse.parse(res.json());
}

const LOUVRE = { lat: 48.8606, lng: 2.3376 };
const NOTRE_DAME = { lat: 48.853, lng: 2.3499 };
const ORSAY = { lat: 48.86, lng: 2.3266 };
const EIFFEL = { lat: 48.8584, lng: 2.2945 };
const PANTHEON = { lat: 48.8462, lng: 2.3464 };
const HOTEL = { lat: 48.8566, lng: 2.3522 };

/**
 * A public trip of two days in Paris, one hotel both nights (day 1 ends there, day 2 starts there). Day 1 in a zigzag: the Louvre, the Eiffel Tower,
 * Notre-Dame, a place without coordinates, Orsay, the Panthéon; day 2 nothing. `timed`: titles with a time of day.
 */
async function parisTrip(authorId: number, timed: string[] = []) {
  const start = '2031-05-10';
  const [ride] = await t.db.db
    .insert(rides)
    .values({
      authorId,
      title: 'Paris',
      text: '',
      startDate: start,
      endDate: addDays(start, 1),
      type: 'public',
    })
    .returning({ id: rides.id });
  const rideId = ride!.id;
  const places: [string, GeoPoint][] = [
    ['Louvre', LOUVRE],
    ['Eiffel Tower', EIFFEL],
    ['Notre-Dame', NOTRE_DAME],
    ['Somewhere unknown', { lat: 0, lng: 0 }],
    ['Orsay', ORSAY],
    ['Panthéon', PANTHEON],
  ];
  const ids: Record<string, number> = {};
  const at: Record<number, GeoPoint | null> = {};
  for (const [i, [title, p]] of places.entries()) {
    const [a] = await t.db.db
      .insert(attractions)
      .values({ authorId, title, text: '', lat: p.lat, lng: p.lng })
      .returning({ id: attractions.id });
    ids[title] = a!.id;
    at[a!.id] = p.lat === 0 ? null : p;
    await t.db.db.insert(rideAttractions).values({
      rideId,
      attractionId: a!.id,
      plannedDate: start,
      position: i,
      timeOfDay: timed.includes(title) ? '11:00:00' : null,
    });
  }
  await t.db.db.insert(accommodations).values({
    rideId,
    name: 'Hotel du Marais',
    lat: HOTEL.lat,
    lng: HOTEL.lng,
    checkInDate: start,
    checkOutDate: addDays(start, 2),
    status: 'booked',
    orderedByUser: true,
  });
  const order = places.map(([title]) => ids[title]!);
  /** Day 1's travel by the estimate in an order of ids: the first morning has no stay, the night the hotel. */
  const travel = (ids: number[], mode: LegMode) =>
    dayTravel(
      ids.map((id) => ({ id, lat: at[id]?.lat ?? null, lng: at[id]?.lng ?? null })),
      (a, b) => estimateLeg(a, b, mode).durationS,
      null,
      HOTEL,
    );
  return { rideId, ids, order, travel };
}

describe('a better order for a day', () => {
  it('the zigzag day reordered, the minutes saved its own travel before and after, nothing written', async () => {
    const paris = await parisTrip(w.people.owner.id);
    const pageBefore = (await send(t, 'GET', `/api/ride_attractions_api/${paris.rideId}`, {})).body;
    const answer = await suggested(paris.rideId, 0, 'mode=walk', w.people.owner.headers);
    expect(answer).toMatchObject({ ServerMassageCode: 'success', dayId: 0, mode: 'walk' });
    expect([...answer.order].sort()).toEqual([...paris.order].sort());
    expect(answer.order).not.toEqual(paris.order);
    // The place without coordinates stays fourth, and is said.
    expect(answer.order[3]).toBe(paris.ids['Somewhere unknown']);
    expect(answer.skipped).toEqual([paris.ids['Somewhere unknown']]);
    // The Eiffel Tower is the far end of the day: not between the Louvre and Notre-Dame any more.
    expect(answer.order[1]).not.toBe(paris.ids['Eiffel Tower']);
    expect(answer.beforeS).toBe(paris.travel(paris.order, 'walk'));
    expect(answer.afterS).toBe(paris.travel(answer.order, 'walk'));
    expect(answer.savedS).toBe(answer.beforeS - answer.afterS);
    // Walking to the Eiffel Tower and back across the centre twice: more than half an hour saved.
    expect(answer.savedS / 60).toBeGreaterThan(30);
    // Nothing written: the trip reads as before.
    expect((await send(t, 'GET', `/api/ride_attractions_api/${paris.rideId}`, {})).body).toBe(pageBefore);
  });

  it('the suggested order asked again: nothing better, the same order and 0 saved', async () => {
    const paris = await parisTrip(w.people.owner.id);
    const first = await suggested(paris.rideId, 0, 'mode=drive', w.people.owner.headers);
    // Apply it as the screen would: the activities' positions in the suggested order.
    for (const [position, id] of first.order.entries())
      await t.db.db.update(rideAttractions).set({ position }).where(eq(rideAttractions.attractionId, id));
    t.app.rides.invalidateTrip(paris.rideId);
    const again = await suggested(paris.rideId, 0, 'mode=drive', w.people.owner.headers);
    expect(again).toMatchObject({ order: first.order, savedS: 0, beforeS: first.afterS });
  });

  it('a timed activity keeps its position; pinned first and last stay', async () => {
    const paris = await parisTrip(w.people.owner.id, ['Notre-Dame']);
    const answer = await suggested(paris.rideId, 0, 'mode=walk', w.people.owner.headers);
    expect(answer.order[2]).toBe(paris.ids['Notre-Dame']);
    expect(answer.savedS).toBeGreaterThan(0);
    const pinned = await suggested(
      paris.rideId,
      0,
      'mode=walk&pinFirst=true&pinLast=true',
      w.people.owner.headers,
    );
    expect(pinned.order[0]).toBe(paris.ids.Louvre);
    expect(pinned.order[5]).toBe(paris.ids['Panthéon']);
    expect(pinned.order[2]).toBe(paris.ids['Notre-Dame']);
    expect(pinned.savedS).toBeLessThanOrEqual(answer.savedS);
  });

  it('an editor of the trip gets the same order as its owner', async () => {
    const paris = await parisTrip(w.people.owner.id);
    await addMember(t, paris.rideId, w.people.editor.id, 'editor');
    const byOwner = await suggested(paris.rideId, 0, 'mode=bike', w.people.owner.headers);
    expect(await suggested(paris.rideId, 0, 'mode=bike', w.people.editor.headers)).toEqual(byOwner);
  });

  it('a day without activities: no order, nothing saved', async () => {
    const paris = await parisTrip(w.people.owner.id);
    expect(await suggested(paris.rideId, 1, 'mode=walk', w.people.owner.headers)).toMatchObject({
      order: [],
      savedS: 0,
    });
  });
});

describe('who may ask: whoever may edit the trip', () => {
  const NOT_EDITOR = '403 uesr_is_not_authorize_to_edit_this_ride';
  const PRIVATE = '403 user_does_not_have_permission_to_this_private_ride';
  const MATRIX: Record<Who, [string, string]> = {
    visitor: ['401 user_is_not_authorized', PRIVATE],
    user: [NOT_EDITOR, PRIVATE],
    viewer: [NOT_EDITOR, NOT_EDITOR],
    commenter: [NOT_EDITOR, NOT_EDITOR],
    editor: ['✓', '✓'],
    owner: ['✓', '✓'],
    planner: [NOT_EDITOR, NOT_EDITOR],
    'another planner': [NOT_EDITOR, PRIVATE],
  };
  for (const who of EVERYONE) {
    it(who, async () => {
      const got: string[] = [];
      for (const trip of [w.trips.public, w.trips.private])
        got.push(outcome(await suggest(trip.rideId, 0, 'mode=walk', w.headersOf(who))));
      expect(got).toEqual(MATRIX[who]);
    });
  }

  it('a locked trip: nobody, its owner included', async () => {
    const paris = await parisTrip(w.people.owner.id);
    await t.db.db.update(rides).set({ isLocked: true }).where(eq(rides.id, paris.rideId));
    t.app.rides.invalidateTrip(paris.rideId);
    expect(outcome(await suggest(paris.rideId, 0, 'mode=walk', w.people.owner.headers))).toBe(NOT_EDITOR);
  });
});

describe('bad input', () => {
  it('a day the trip does not have: 400 day_not_in_trip_range, as the editing calls answer a bad dayIndex', async () => {
    const rideId = w.trips.public.rideId;
    const owner = w.people.owner.headers;
    expect(outcome(await suggest(rideId, 3, 'mode=walk', owner))).toBe('400 day_not_in_trip_range');
    expect(outcome(await send(t, 'GET', `/api/add_day_to_ride_api/${rideId}/3`, owner))).toBe(
      '400 day_not_in_trip_range',
    );
    expect(outcome(await suggest(rideId, 9999, 'mode=walk', owner))).toBe('400 day_not_in_trip_range');
    expect(outcome(await suggest(rideId, -1, 'mode=walk', owner))).toBe('400 bad_request');
    expect(outcome(await suggest(rideId, 'x', 'mode=walk', owner))).toBe('400 bad_request');
  });

  it('another trip’s day: the day index is of the trip asked, so one it does not have is out of range', async () => {
    // The owner's Paris trip has 2 days; the world's trips 3: day 2 is theirs, not Paris's.
    const paris = await parisTrip(w.people.owner.id);
    expect(outcome(await suggest(paris.rideId, 2, 'mode=walk', w.people.owner.headers))).toBe(
      '400 day_not_in_trip_range',
    );
    // And someone else's trip is refused whatever the day.
    expect(outcome(await suggest(paris.rideId, 0, 'mode=walk', w.people.user.headers))).toBe(
      '403 uesr_is_not_authorize_to_edit_this_ride',
    );
  });

  it('an unknown or missing mode: 400 unknown_travel_mode; an unknown trip 404', async () => {
    const rideId = w.trips.public.rideId;
    for (const mode of ['fly', 'WALK', ''])
      expect(outcome(await suggest(rideId, 0, `mode=${mode}`, w.people.owner.headers)), mode).toBe(
        '400 unknown_travel_mode',
      );
    expect(outcome(await suggest(rideId, 0, '', w.people.owner.headers))).toBe('400 unknown_travel_mode');
    expect(outcome(await suggest(2_000_000_000, 0, 'mode=walk', w.people.owner.headers))).toBe(
      '404 not_found',
    );
  });
});
