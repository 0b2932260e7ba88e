import { setDayOrderResponse, tripVersionEtag } from '@rides/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rideAttractions, rides } from '../../src/db/schema/index.js';
import { tripChangesSince } from '../../src/modules/trip-events/trip-events.repository.js';
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
import { dayTitles, makeTrip, readTrip, snapshot, START, type Trip } from './trip-editing-fixtures.js';

/**
 * PUT /api/trips/{rideId}/days/{dayId}/order (issue 36 point 4, decision 0074): a day's activities in a new order, as
 * one edit of the trip. The owner (or an editor member) applies an order and the trip's read shows it; the same call
 * with `order` and `before` swapped undoes it; an order that is not the day's activities rearranged is 400
 * day_order_mismatch, a `before` that is not the day's order now 409 day_changed_meanwhile, and neither writes
 * anything; everyone else is refused as every editing call refuses them.
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

const setOrder = (rideId: number, dayId: number | string, body: unknown, headers: Record<string, string>) =>
  send(t, 'PUT', `/api/trips/${rideId}/days/${dayId}/order`, headers, body);

/** A trip of the world's owner: day 1 the activities A, B, C, D in that order, day 2 E and F. */
async function fourStops(): Promise<Trip & { day1: number[]; day2: number[] }> {
  const trip = await makeTrip(t, {
    authorId: w.people.owner.id,
    days: 2,
    perDay: [
      ['A', 'B', 'C', 'D'],
      ['E', 'F'],
    ],
  });
  const id = (title: string) => trip.ids.get(title) as number;
  return { ...trip, day1: ['A', 'B', 'C', 'D'].map(id), day2: ['E', 'F'].map(id) };
}

const titlesOf = async (rideId: number) => dayTitles(await readTrip(t, rideId, w.people.owner.headers));

describe("setting a day's order", () => {
  it('the owner applies an order: the trip reads it, its version moves on, the change names the day; undo puts it back', async () => {
    const trip = await fourStops();
    const versionBefore = (await send(t, 'GET', `/api/ride_attractions_api/${trip.rideId}`, {})).headers.etag;
    const [a, b, c, d] = trip.day1 as [number, number, number, number];
    const order = [c, a, d, b];
    const res = await setOrder(trip.rideId, 0, { order, before: trip.day1 }, w.people.owner.headers);
    expect(res.statusCode, res.body).toBe(200);
    expect(setDayOrderResponse.parse(res.json())).toEqual({ ServerMassageCode: 'success', dayId: 0, order });
    // The trip page's read shows the new order (the cached view was dropped by the edit); the other day is as it was.
    expect(await titlesOf(trip.rideId)).toEqual([
      ['C', 'A', 'D', 'B'],
      ['E', 'F'],
    ]);
    // One edit: the version moved on by one, the answer carries it, and the change is the day and its activities.
    const [row] = await t.db.db
      .select({ version: rides.version })
      .from(rides)
      .where(eq(rides.id, trip.rideId));
    expect(res.headers.etag).toBe(tripVersionEtag(row!.version));
    expect(versionBefore).toBe(tripVersionEtag(row!.version - 1));
    const [change] = await t.db.db.transaction((tx) => tripChangesSince(tx, trip.rideId, row!.version - 1));
    expect(change).toMatchObject({ type: 'activities', target: { days: [START], placements: trip.day1 } });

    // Undo: the same call with order and before swapped.
    const undo = await setOrder(trip.rideId, 0, { order: trip.day1, before: order }, w.people.owner.headers);
    expect(undo.statusCode, undo.body).toBe(200);
    expect(await titlesOf(trip.rideId)).toEqual([
      ['A', 'B', 'C', 'D'],
      ['E', 'F'],
    ]);
  });

  it('a day whose activities share a position (read by id then) takes the order as sent', async () => {
    const trip = await fourStops();
    await t.db.db.update(rideAttractions).set({ position: 0 }).where(eq(rideAttractions.rideId, trip.rideId));
    t.app.rides.invalidateTrip(trip.rideId);
    expect((await titlesOf(trip.rideId))[0]).toEqual(['A', 'B', 'C', 'D']);
    const reversed = [...trip.day1].reverse();
    const res = await setOrder(
      trip.rideId,
      0,
      { order: reversed, before: trip.day1 },
      w.people.owner.headers,
    );
    expect(res.statusCode, res.body).toBe(200);
    expect((await titlesOf(trip.rideId))[0]).toEqual(['D', 'C', 'B', 'A']);
  });

  it('an editor member applies an order too', async () => {
    const trip = await fourStops();
    await addMember(t, trip.rideId, w.people.editor.id, 'editor');
    const order = [...trip.day2].reverse();
    const res = await setOrder(trip.rideId, 1, { order, before: trip.day2 }, w.people.editor.headers);
    expect(res.statusCode, res.body).toBe(200);
    expect((await titlesOf(trip.rideId))[1]).toEqual(['F', 'E']);
  });
});

describe('nothing is written when the day is not as the caller saw it', () => {
  it('a stale before (someone changed the order meanwhile): 409 day_changed_meanwhile, the day as the other left it', async () => {
    const trip = await fourStops();
    const [a, b, c, d] = trip.day1 as [number, number, number, number];
    // Someone else applies an order first.
    expect(
      (await setOrder(trip.rideId, 0, { order: [b, a, c, d], before: trip.day1 }, w.people.owner.headers))
        .statusCode,
    ).toBe(200);
    const meanwhile = await snapshot(t, trip.rideId);
    const res = await setOrder(
      trip.rideId,
      0,
      { order: [d, c, b, a], before: trip.day1 },
      w.people.owner.headers,
    );
    expect(outcome(res)).toBe('409 day_changed_meanwhile');
    expect(await snapshot(t, trip.rideId)).toEqual(meanwhile);
    expect((await titlesOf(trip.rideId))[0]).toEqual(['B', 'A', 'C', 'D']);
  });

  it('an activity added to the day meanwhile: 409, nothing written', async () => {
    const trip = await fourStops();
    const other = await makeTrip(t, { authorId: w.people.owner.id, days: 1, perDay: [['G']] });
    const g = other.ids.get('G') as number;
    const added = await send(
      t,
      'POST',
      `/api/add_attraction_to_ride_api/${trip.rideId}/${g}`,
      w.people.owner.headers,
      {
        date: `${Number(START.slice(5, 7))}/${Number(START.slice(8, 10))}/${START.slice(0, 4)}`,
      },
    );
    expect(added.statusCode, added.body).toBe(200);
    const before = await snapshot(t, trip.rideId);
    const res = await setOrder(
      trip.rideId,
      0,
      { order: [...trip.day1].reverse(), before: trip.day1 },
      w.people.owner.headers,
    );
    expect(outcome(res)).toBe('409 day_changed_meanwhile');
    expect(await snapshot(t, trip.rideId)).toEqual(before);
  });

  it('an order that is not the day rearranged: 400 day_order_mismatch, nothing written', async () => {
    const trip = await fourStops();
    const [a, b, c, d] = trip.day1 as [number, number, number, number];
    const [e] = trip.day2 as [number];
    const before = await snapshot(t, trip.rideId);
    const wrong: [string, number[]][] = [
      ['one missing', [d, c, b]],
      ['one of another day', [d, c, b, e]],
      ['one twice', [d, c, b, b]],
      ['one more', [d, c, b, a, e]],
      ['none', []],
    ];
    for (const [what, order] of wrong)
      expect(
        outcome(await setOrder(trip.rideId, 0, { order, before: trip.day1 }, w.people.owner.headers)),
        what,
      ).toBe('400 day_order_mismatch');
    // A `before` that is not the day (an id twice) with an order of the same ids: still not a rearrangement of the day.
    expect(
      outcome(
        await setOrder(trip.rideId, 0, { order: [a, a, b, c], before: [a, a, b, c] }, w.people.owner.headers),
      ),
    ).toBe('400 day_order_mismatch');
    expect(await snapshot(t, trip.rideId)).toEqual(before);
  });

  it('a day the trip does not have: 400 day_not_in_trip_range; a malformed body or day: 400 bad_request', async () => {
    const trip = await fourStops();
    const owner = w.people.owner.headers;
    const body = { order: [...trip.day1].reverse(), before: trip.day1 };
    expect(outcome(await setOrder(trip.rideId, 2, body, owner))).toBe('400 day_not_in_trip_range');
    expect(outcome(await setOrder(trip.rideId, 9999, body, owner))).toBe('400 day_not_in_trip_range');
    expect(outcome(await setOrder(trip.rideId, -1, body, owner))).toBe('400 bad_request');
    for (const bad of [
      { order: body.order },
      { order: ['1'], before: ['1'] },
      { order: [1.5], before: [1.5] },
      {},
    ])
      expect(outcome(await setOrder(trip.rideId, 0, bad, owner)), JSON.stringify(bad)).toBe(
        '400 bad_request',
      );
    expect(outcome(await setOrder(2_000_000_000, 0, body, owner))).toBe('404 not_found');
  });
});

describe('who may set it: whoever may edit the trip', () => {
  const NOT_EDITOR = '403 uesr_is_not_authorize_to_edit_this_ride';
  const MATRIX: Record<Who, string> = {
    visitor: '401 user_is_not_authorized',
    user: NOT_EDITOR,
    viewer: NOT_EDITOR,
    commenter: NOT_EDITOR,
    editor: '✓',
    owner: '✓',
    planner: NOT_EDITOR,
    'another planner': NOT_EDITOR,
  };

  for (const who of EVERYONE) {
    it(`${who}: ${MATRIX[who]}`, async () => {
      const trip = await fourStops();
      for (const member of ['viewer', 'commenter', 'editor'] as const)
        await addMember(t, trip.rideId, w.people[member].id, member);
      const before = await snapshot(t, trip.rideId);
      const got = outcome(
        await setOrder(
          trip.rideId,
          0,
          { order: [...trip.day1].reverse(), before: trip.day1 },
          w.headersOf(who),
        ),
      );
      expect(got).toBe(MATRIX[who]);
      if (got !== '✓') expect(await snapshot(t, trip.rideId)).toEqual(before);
    });
  }

  it('the private trip: its planner and strangers refused, its editor member goes through', async () => {
    const rideId = w.trips.private.rideId;
    const day = (
      await readTrip(t, rideId, w.people.owner.headers)
    ).attractionsByDay[0]!.daily_attractions.map((a) => a.id);
    for (const who of ['visitor', 'user', 'viewer', 'planner', 'another planner'] as const)
      expect(outcome(await setOrder(rideId, 0, { order: day, before: day }, w.headersOf(who))), who).not.toBe(
        '✓',
      );
    expect(outcome(await setOrder(rideId, 0, { order: day, before: day }, w.people.editor.headers))).toBe(
      '✓',
    );
  });

  it('a locked trip: nobody, its owner included; nothing written', async () => {
    const trip = await fourStops();
    await t.db.db.update(rides).set({ isLocked: true }).where(eq(rides.id, trip.rideId));
    t.app.rides.invalidateTrip(trip.rideId);
    const before = await snapshot(t, trip.rideId);
    expect(
      outcome(
        await setOrder(
          trip.rideId,
          0,
          { order: [...trip.day1].reverse(), before: trip.day1 },
          w.people.owner.headers,
        ),
      ),
    ).toBe(NOT_EDITOR);
    expect(await snapshot(t, trip.rideId)).toEqual(before);
  });
});
