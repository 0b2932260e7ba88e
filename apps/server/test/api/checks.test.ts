import { addDays, tripChecksResponse, type LegMode, type TripChecksResponse } from '@rides/contract';
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
 * GET /api/trips/{rideId}/checks (issue 36 point 3, decision 0073): whoever may view the trip reads its day's
 * warnings, exactly as its page (the private rule both ways); the warnings are of the trip as it is now (an edit, read
 * again at once, changes them); hidden dates hide every warning that needs one; an unknown mode is coded. The rules
 * themselves are day-checks/warnings.test.ts's.
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

const checksOf = (rideId: number, mode: string, headers: Record<string, string> = {}) =>
  send(t, 'GET', `/api/trips/${rideId}/checks?mode=${mode}`, headers);

async function checks(rideId: number, mode: LegMode, headers: Record<string, string> = {}) {
  const res = await checksOf(rideId, mode, headers);
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['cache-control']).toBe('private, no-store');
  return tripChecksResponse.parse(res.json());
}

const codes = (answer: TripChecksResponse) =>
  answer.warnings.map((x) => `${x.code}@${x.dayId}:${x.activityId ?? '-'}`);

const WESTERN_WALL = { lat: 31.7767, lng: 35.2345 };
const ISRAEL_MUSEUM = { lat: 31.7724, lng: 35.2044 };
const MACHANE_YEHUDA = { lat: 31.7847, lng: 35.2122 };
const TEL_AVIV_MUSEUM = { lat: 32.0776, lng: 34.7868 };
const HOTEL = { lat: 31.7784, lng: 35.2226 };

interface Stop {
  title: string;
  at: { lat: number; lng: number };
  day: number;
  /** 'HH:MM:SS'. */
  time?: string;
  hours?: string;
}

/**
 * A trip in Jerusalem from Wednesday 24 September 2031: its day 4 (Saturday 27 September) is Yom Kippur, its day 6 a
 * Monday when the museum is closed. One hotel every night.
 */
async function jerusalemTrip(authorId: number, type: 'public' | 'private', start = '2031-09-24') {
  const [ride] = await t.db.db
    .insert(rides)
    .values({ authorId, title: 'Jerusalem', text: '', startDate: start, endDate: addDays(start, 5), type })
    .returning({ id: rides.id });
  const rideId = ride!.id;
  const stops: Stop[] = [
    { title: 'Market', at: MACHANE_YEHUDA, day: 1, time: '10:00:00' },
    { title: 'Tel Aviv Museum', at: TEL_AVIV_MUSEUM, day: 1 },
    { title: 'Western Wall', at: WESTERN_WALL, day: 3 },
    { title: 'Israel Museum', at: ISRAEL_MUSEUM, day: 5, time: '11:00:00', hours: 'Tu-Su 10:00-18:00' },
  ];
  const ids: Record<string, number> = {};
  for (const [i, s] of stops.entries()) {
    const [a] = await t.db.db
      .insert(attractions)
      .values({
        authorId,
        title: s.title,
        text: '',
        lat: s.at.lat,
        lng: s.at.lng,
        osmOpeningHours: s.hours ?? null,
      })
      .returning({ id: attractions.id });
    ids[s.title] = a!.id;
    await t.db.db.insert(rideAttractions).values({
      rideId,
      attractionId: a!.id,
      plannedDate: addDays(start, s.day),
      position: i,
      timeOfDay: s.time ?? null,
    });
  }
  await t.db.db.insert(accommodations).values({
    rideId,
    name: 'Jerusalem hotel',
    lat: HOTEL.lat,
    lng: HOTEL.lng,
    checkInDate: start,
    checkOutDate: addDays(start, 6),
    status: 'booked',
    orderedByUser: true,
  });
  return { rideId, ids, start };
}

describe('who may read a trip’s warnings: exactly who may read the trip', () => {
  const VIEW: Record<Who, [string, string]> = {
    visitor: ['✓', '403 user_does_not_have_permission_to_this_private_ride'],
    user: ['✓', '403 user_does_not_have_permission_to_this_private_ride'],
    viewer: ['✓', '✓'],
    commenter: ['✓', '✓'],
    editor: ['✓', '✓'],
    owner: ['✓', '✓'],
    planner: ['✓', '✓'],
    'another planner': ['✓', '403 user_does_not_have_permission_to_this_private_ride'],
  };
  for (const who of EVERYONE) {
    it(who, async () => {
      const got: string[] = [];
      const page: string[] = [];
      for (const trip of [w.trips.public, w.trips.private]) {
        got.push(outcome(await checksOf(trip.rideId, 'walk', w.headersOf(who))));
        page.push(
          outcome(await send(t, 'GET', `/api/ride_attractions_api/${trip.rideId}`, w.headersOf(who))),
        );
      }
      expect(got).toEqual(VIEW[who]);
      expect(got).toEqual(page);
    });
  }

  it('a private trip’s warnings to its people; to a stranger the 403 and nothing else', async () => {
    const trip = await jerusalemTrip(w.people.owner.id, 'private');
    await addMember(t, trip.rideId, w.people.viewer.id, 'viewer');
    const answer = await checks(trip.rideId, 'walk', w.people.viewer.headers);
    expect(answer.warnings.length).toBeGreaterThan(0);
    for (const who of ['visitor', 'user', 'another planner'] as const) {
      const res = await checksOf(trip.rideId, 'walk', w.headersOf(who));
      expect(res.statusCode, who).toBe(403);
      expect(res.json(), who).toEqual({
        ServerMassageCode: 'user_does_not_have_permission_to_this_private_ride',
      });
    }
  });

  it('an unknown trip: 404 not_found; a malformed id: 400 bad_request', async () => {
    expect(outcome(await checksOf(2_000_000_000, 'walk'))).toBe('404 not_found');
    expect(outcome(await send(t, 'GET', '/api/trips/abc/checks?mode=walk', {}))).toBe('400 bad_request');
  });

  it('an unknown or missing mode: 400 unknown_travel_mode', async () => {
    const rideId = w.trips.public.rideId;
    for (const mode of ['fly', 'WALK', 'driving', '']) {
      expect(outcome(await checksOf(rideId, mode)), mode).toBe('400 unknown_travel_mode');
    }
    expect(outcome(await send(t, 'GET', `/api/trips/${rideId}/checks`, {}))).toBe('400 unknown_travel_mode');
  });
});

describe('a trip’s warnings', () => {
  it('Yom Kippur on day 4 and the museum closed on Monday, to a visitor of the public trip', async () => {
    const trip = await jerusalemTrip(w.people.owner.id, 'public');
    const answer = await checks(trip.rideId, 'drive');
    expect(answer.mode).toBe('drive');
    expect(answer.warnings).toEqual([
      {
        code: 'closed_on_holiday',
        dayId: 3,
        activityId: trip.ids['Western Wall'],
        details: {
          date: '2031-09-27',
          occasion: 'yom_kippur',
          kind: 'holiday',
          // Candle lighting in Jerusalem on the eve (sunset less 40 minutes), nightfall at its end.
          fromDate: '2031-09-26',
          fromAt: '17:51',
          toDate: '2031-09-27',
          toAt: '19:05',
        },
      },
      {
        code: 'closed_at_planned_time',
        dayId: 5,
        activityId: trip.ids['Israel Museum'],
        details: { date: '2031-09-29', at: '11:00', opensDate: '2031-09-30', opensAt: '10:00' },
      },
    ]);
  });

  it('change the moment the trip changes: a time set, read again at once', async () => {
    const trip = await jerusalemTrip(w.people.owner.id, 'public');
    const tlv = trip.ids['Tel Aviv Museum'] as number;
    const setTime = async (time: string | null) => {
      const res = await send(t, 'GET', `/api/update_attraction_ride_time_api/${trip.rideId}/${tlv}`, {
        ...w.people.owner.headers,
        data: JSON.stringify({ date: '9/25/2031', time }),
      });
      expect(res.statusCode, res.body).toBe(200);
    };
    // Day 2: the market at 10:00, then Tel Aviv's museum without a time: nothing to say of the way.
    expect(codes(await checks(trip.rideId, 'drive'))).not.toContain(`not_enough_time_to_get_there@1:${tlv}`);
    // At 10:30, an hour's drive away: not enough time.
    await setTime('10:30:00 AM');
    const tight = await checks(trip.rideId, 'drive');
    const warning = tight.warnings.find((x) => x.code === 'not_enough_time_to_get_there');
    expect(warning).toMatchObject({
      dayId: 1,
      activityId: tlv,
      details: { fromId: trip.ids.Market, fromKind: 'attraction', gapS: 15 * 60, stopsBetween: 0 },
    });
    // The same figures as the legs call's.
    const legs = (await send(t, 'GET', `/api/trips/${trip.rideId}/legs?mode=drive`, {})).json<{
      days: { legs: { fromId: number; toId: number; durationS: number }[] }[];
    }>();
    const leg = legs.days[1]!.legs.find((l) => l.fromId === trip.ids.Market && l.toId === tlv);
    expect(warning?.details).toMatchObject({ legS: leg?.durationS });
    // At 10:00, the same time as the market: they overlap. At 14:00: nothing.
    await setTime('10:00:00 AM');
    expect(codes(await checks(trip.rideId, 'drive'))).toContain(`times_overlap@1:${tlv}`);
    await setTime('02:00:00 PM');
    const fine = codes(await checks(trip.rideId, 'drive'));
    expect(fine.filter((c) => c.endsWith(`@1:${tlv}`))).toEqual([]);
  });

  it('dates hidden from the viewer (a private trip that has ended): none that needs a date, the others still', async () => {
    // A private trip of September 2026, ended: its viewer member reads it without dates, its owner with them.
    // From Friday 18 September 2026: its day 2 is Shabbat, its day 4 Yom Kippur.
    const trip = await jerusalemTrip(w.people.owner.id, 'private', '2026-09-18');
    await addMember(t, trip.rideId, w.people.viewer.id, 'viewer');
    // Two stops at the same time on its second day: an overlap, dates or not.
    await t.db.db
      .update(rideAttractions)
      .set({ timeOfDay: '10:00:00' })
      .where(eq(rideAttractions.attractionId, trip.ids['Tel Aviv Museum'] as number));
    t.app.rides.invalidateTrip(trip.rideId);
    const owner = await checks(trip.rideId, 'drive', w.people.owner.headers);
    const viewer = await checks(trip.rideId, 'drive', w.people.viewer.headers);
    const dated = ['closed_on_holiday', 'closed_at_planned_time', 'closes_before_planned_end'];
    expect(owner.warnings.some((x) => dated.includes(x.code))).toBe(true);
    expect(viewer.warnings.some((x) => dated.includes(x.code))).toBe(false);
    expect(codes(viewer)).toContain(`times_overlap@1:${trip.ids['Tel Aviv Museum']}`);
    expect(codes(viewer)).toEqual(codes(owner).filter((c) => !dated.some((d) => c.startsWith(`${d}@`))));
  });
});
