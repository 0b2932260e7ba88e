import {
  accountSettingsResponse,
  addDays,
  tripChecksResponse,
  type LegMode,
  type TripChecksResponse,
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
  person,
  send,
  type TogetherWorld,
  type Who,
} from './together-fixtures.js';

/**
 * GET /api/trips/{rideId}/checks (issue 36 point 3, decision 0073): whoever may view the trip reads its day's
 * warnings, exactly as its page (the private rule both ways); the warnings are of the trip as it is now (an edit, read
 * again at once, changes them); hidden dates hide every warning that needs one; an unknown mode is coded; a day is too
 * long against the reader's own limit (their account's settings, else 12 hours). The rules themselves are
 * day-checks/warnings.test.ts's.
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

describe('the reader’s own longest day (rule 107): GET/PUT /api/account/settings dayLimitHours', () => {
  const HOUR = 3600;
  const settings = (headers: Record<string, string>, body?: Record<string, unknown>) =>
    body === undefined
      ? send(t, 'GET', '/api/account/settings', headers)
      : send(t, 'PUT', '/api/account/settings', headers, body);
  const read = async (headers: Record<string, string>) => {
    const res = await settings(headers);
    expect(res.statusCode, res.body).toBe(200);
    return accountSettingsResponse.parse(res.json());
  };
  const setLimit = async (headers: Record<string, string>, dayLimitHours: number | null) => {
    const res = await settings(headers, { dayLimitHours });
    expect(res.statusCode, res.body).toBe(200);
    expect(accountSettingsResponse.parse(res.json()).dayLimitHours).toBe(dayLimitHours);
  };
  const tooLong = (answer: TripChecksResponse) => answer.warnings.filter((x) => x.code === 'day_too_long');

  /**
   * One day in Jerusalem, Tuesday 23 September 2031, no stay: five stops without a time (7.5 hours of visits) a walk
   * apart, so about 9 hours of stops and travel on foot: over 8 hours, well under 12.
   */
  async function longDay(authorId: number, type: 'public' | 'private' = 'public') {
    const start = '2031-09-23';
    const [ride] = await t.db.db
      .insert(rides)
      .values({ authorId, title: 'A long day', text: '', startDate: start, endDate: start, type })
      .returning({ id: rides.id });
    const rideId = ride!.id;
    const stops = [MACHANE_YEHUDA, ISRAEL_MUSEUM, HOTEL, WESTERN_WALL, MACHANE_YEHUDA];
    for (const [i, at] of stops.entries()) {
      const [a] = await t.db.db
        .insert(attractions)
        .values({ authorId, title: `Stop ${i + 1}`, text: '', lat: at.lat, lng: at.lng })
        .returning({ id: attractions.id });
      await t.db.db
        .insert(rideAttractions)
        .values({ rideId, attractionId: a!.id, plannedDate: start, position: i, timeOfDay: null });
    }
    return rideId;
  }

  it('a 9-hour day warns a traveller whose day is 8 hours, and not one with the default 12', async () => {
    const owner = await person(t, 'Owner of a long day');
    const rideId = await longDay(owner.id);
    // Nobody chose: the visitor and the owner read it against 12 hours, and nothing is too long.
    for (const headers of [{}, owner.headers]) {
      const answer = await checks(rideId, 'walk', headers);
      expect(answer.limitS).toBe(12 * HOUR);
      expect(tooLong(answer)).toEqual([]);
    }
    expect((await read(owner.headers)).dayLimitHours).toBeNull();

    await setLimit(owner.headers, 8);
    const answer = await checks(rideId, 'walk', owner.headers);
    expect(answer.limitS).toBe(8 * HOUR);
    const [warning] = tooLong(answer);
    expect(tooLong(answer)).toHaveLength(1);
    expect(warning).toMatchObject({ dayId: 0, details: { limitS: 8 * HOUR, activitiesS: 5 * 90 * 60 } });
    expect(warning?.activityId).toBeUndefined();
    const { totalS, travelS, activitiesS } = warning!.details as {
      totalS: number;
      travelS: number;
      activitiesS: number;
    };
    expect(totalS).toBe(activitiesS + travelS);
    expect(totalS).toBeGreaterThan(8 * HOUR);
    expect(totalS).toBeLessThan(12 * HOUR);
    // The same trip to a signed-out reader, at once: 12 hours, nothing too long.
    const visitor = await checks(rideId, 'walk');
    expect([visitor.limitS, tooLong(visitor)]).toEqual([12 * HOUR, []]);
  });

  it('another user’s limit never applies to me: each reader of one trip against their own', async () => {
    const owner = await person(t, 'Owner of a short day');
    const member = await person(t, 'Member of a short day');
    const stranger = await person(t, 'Stranger to a short day');
    const rideId = await longDay(owner.id, 'private');
    await addMember(t, rideId, member.id, 'viewer');
    await setLimit(owner.headers, 6);
    await setLimit(stranger.headers, 4);
    // The owner's 6 hours are the owner's; the member chose none: 12.
    expect(tooLong(await checks(rideId, 'walk', owner.headers))).toHaveLength(1);
    const memberAnswer = await checks(rideId, 'walk', member.headers);
    expect([memberAnswer.limitS, tooLong(memberAnswer)]).toEqual([12 * HOUR, []]);
    // The member's own 20 hours change nothing for the owner.
    await setLimit(member.headers, 20);
    expect((await checks(rideId, 'walk', member.headers)).limitS).toBe(20 * HOUR);
    expect((await checks(rideId, 'walk', owner.headers)).limitS).toBe(6 * HOUR);
    // A stranger to the private trip: the private 403 whatever their own limit, and nothing of the trip.
    const refused = await checksOf(rideId, 'walk', stranger.headers);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({
      ServerMassageCode: 'user_does_not_have_permission_to_this_private_ride',
    });
  });

  it('null clears it back to 12 hours; a field left out keeps its value', async () => {
    const owner = await person(t, 'Owner who clears');
    const rideId = await longDay(owner.id);
    await setLimit(owner.headers, 8);
    // The home currency alone: the day's limit stays; the day's limit alone: the currency stays.
    let res = await settings(owner.headers, { homeCurrency: 'EUR' });
    expect(accountSettingsResponse.parse(res.json())).toEqual({
      ServerMassageCode: 'success',
      homeCurrency: 'EUR',
      dayLimitHours: 8,
    });
    res = await settings(owner.headers, { dayLimitHours: 10 });
    expect(accountSettingsResponse.parse(res.json())).toMatchObject({
      homeCurrency: 'EUR',
      dayLimitHours: 10,
    });
    // Nothing given: nothing changes.
    expect(accountSettingsResponse.parse((await settings(owner.headers, {})).json())).toMatchObject({
      homeCurrency: 'EUR',
      dayLimitHours: 10,
    });
    await setLimit(owner.headers, 8);
    expect(tooLong(await checks(rideId, 'walk', owner.headers))).toHaveLength(1);
    await setLimit(owner.headers, null);
    expect(await read(owner.headers)).toMatchObject({ homeCurrency: 'EUR', dayLimitHours: null });
    const answer = await checks(rideId, 'walk', owner.headers);
    expect([answer.limitS, tooLong(answer)]).toEqual([12 * HOUR, []]);
  });

  it('a limit that is not a whole number of hours from 4 to 20 is 400 bad_day_limit and writes nothing', async () => {
    const owner = await person(t, 'Owner who mistypes');
    await setLimit(owner.headers, 9);
    for (const bad of [3, 21, 0, -8, 8.5, '8', true, 1e9]) {
      const res = await settings(owner.headers, { dayLimitHours: bad });
      expect(res.statusCode, String(bad)).toBe(400);
      expect(res.json(), String(bad)).toEqual({
        ServerMassageCode: 'bad_day_limit',
        errors: [{ field: 'dayLimitHours', code: 'bad_day_limit' }],
      });
    }
    // With a good currency beside it: nothing of either is written.
    expect(outcome(await settings(owner.headers, { homeCurrency: 'EUR', dayLimitHours: 24 }))).toBe(
      '400 bad_day_limit',
    );
    expect(await read(owner.headers)).toMatchObject({ homeCurrency: null, dayLimitHours: 9 });
    // The edges are allowed.
    await setLimit(owner.headers, 4);
    await setLimit(owner.headers, 20);
    // Signed out: sign in first; the call names no one else.
    expect(outcome(await settings({}, { dayLimitHours: 8 }))).toBe('401 user_is_not_authorized');
    expect(outcome(await settings(owner.headers, { dayLimitHours: 8, userId: 1 }))).toBe('400 bad_request');
    expect((await read(owner.headers)).dayLimitHours).toBe(20);
  });
});
