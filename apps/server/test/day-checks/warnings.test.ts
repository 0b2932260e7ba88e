import {
  addDays,
  tripLegPlan,
  tripLegs,
  type LegMode,
  type TripCheckWarning,
  type TripDay,
} from '@rides/contract';
import { describe, expect, it } from 'vitest';
import { planDay } from '../../src/modules/day-checks/day-plan.js';
import { tripWarnings } from '../../src/modules/day-checks/warnings.js';

/**
 * The day's warnings (issue 36 point 3, decision 0073, rules 103-109), rule by rule, on real dates and places. No
 * database: a trip is built as ride_attractions_api answers it, its legs as the legs call makes them (the contract's
 * tripLegs), with the leg times a test needs given outright (as a routing service's answers would be).
 */

const PARIS_MUSEUM = { lat: 48.8606, lng: 2.3376 }; // the Louvre
const PARIS_MARKET = { lat: 48.8627, lng: 2.3625 }; // the Marché des Enfants Rouges
const PARIS_HOTEL = { lat: 48.8566, lng: 2.3522 };
const WESTERN_WALL = { lat: 31.7767, lng: 35.2345 };
const ISRAEL_MUSEUM = { lat: 31.7724, lng: 35.2044 };
const JERUSALEM_HOTEL = { lat: 31.7784, lng: 35.2226 };
const TEL_AVIV_MUSEUM = { lat: 32.0776, lng: 34.7868 };
const EILAT_BEACH = { lat: 29.557, lng: 34.952 };
const AQABA_BEACH = { lat: 29.53, lng: 35.0 };
const TABA = { lat: 29.49, lng: 34.89 };

interface StopSpec {
  id: number;
  at: { lat: number; lng: number };
  /** 'HH:MM' (24 h), or none. */
  time?: string;
  hours?: string;
}

/** 'HH:MM' -> the wire's 'hh:mm:ss A'. */
function wireTime(hhmm: string): string {
  const [h, m] = hhmm.split(':').map(Number) as [number, number];
  const hh = h % 12 === 0 ? 12 : h % 12;
  return `${String(hh).padStart(2, '0')}:${String(m).padStart(2, '0')}:00 ${h < 12 ? 'AM' : 'PM'}`;
}

/** 'YYYY-MM-DD' -> the wire's plannedDate 'M/D/YYYY'. */
const pickerDate = (iso: string) =>
  `${Number(iso.slice(5, 7))}/${Number(iso.slice(8, 10))}/${iso.slice(0, 4)}`;

function activity(s: StopSpec, date: string | null) {
  return {
    id: s.id,
    title: `Stop ${s.id}`,
    address: null,
    text: '',
    link: null,
    rate: null,
    lat: s.at.lat,
    lng: s.at.lng,
    latitude: s.at.lat,
    longtitude: s.at.lng,
    image: null,
    placeId: null,
    category_id: null,
    subcategory_id: null,
    authorId: 1,
    imageHtmlAttributions: [],
    openingHours: null,
    osmOpeningHours: s.hours ?? null,
    reviews: [],
    googleImage: null,
    affiliate: null,
    imageUrl: null,
    plannedDate: date && pickerDate(date),
    dateTime: s.time ? wireTime(s.time) : null,
  };
}

function stay(id: number, at: { lat: number; lng: number }) {
  return {
    id,
    name: `Hotel ${id}`,
    cuntry_and_city: null,
    address: null,
    link: null,
    text: '',
    image: null,
    rate: null,
    latitude: at.lat,
    longtitude: at.lng,
    navigation_address: null,
    check_in_date: null,
    check_out_date: null,
    booking_confirmation: null,
    status: 'booked' as const,
    firestDayAtThisAccommodation: false,
    ordered_by_user: true,
    paralel_ride_accommodation: null,
    hotelAffiliate: null,
  };
}

interface DaySpec {
  stops: StopSpec[];
  /** That night's stay. */
  night?: { id: number; at: { lat: number; lng: number } };
}

/** A trip's attractionsByDay from its first date (null: dates hidden, as the view answers them then). */
function trip(start: string | null, days: DaySpec[]): TripDay[] {
  return days.map((d, i) => {
    const date = start && addDays(start, i);
    return {
      dateTime: date && `${date.slice(8, 10)}/${date.slice(5, 7)}/${date.slice(0, 4)} 00:00`,
      daily_attractions: d.stops.map((s) => activity(s, date)),
      accommodation: d.night ? stay(d.night.id, d.night.at) : null,
      base_trip_accommodation: null,
    };
  });
}

/** Leg times given outright: "a>b" (attraction ids; "s5" a stay) -> minutes; the others the contract's estimate. */
type Given = Record<string, number>;

function warningsOf(
  days: TripDay[],
  given: Given = {},
  opts: { datesHidden?: boolean; limitS?: number; mode?: LegMode } = {},
): TripCheckWarning[] {
  const name = (s: { kind: string; id: number }) => (s.kind === 'stay' ? `s${s.id}` : String(s.id));
  const legs = tripLegs(tripLegPlan(days), opts.mode ?? 'walk', (leg) => {
    const minutes = given[`${name(leg.from)}>${name(leg.to)}`];
    return minutes === undefined ? undefined : { distanceM: 1000, durationS: minutes * 60, source: 'routed' };
  });
  return tripWarnings({ days, legs, datesHidden: opts.datesHidden ?? false, limitS: opts.limitS });
}

const codes = (ws: TripCheckWarning[]) => ws.map((w) => `${w.code}@${w.dayId}:${w.activityId ?? '-'}`);

describe('closed_at_planned_time and closes_before_planned_end: the place’s hours on the real date', () => {
  it('a museum "Tu-Su 10:00-18:00" planned on a Monday: closed, opening on Tuesday at 10:00', () => {
    // Monday 15 June 2026 in Paris: once at 11:00, once without a time.
    const days = trip('2026-06-15', [
      {
        stops: [
          { id: 1, at: PARIS_MUSEUM, time: '11:00', hours: 'Tu-Su 10:00-18:00' },
          { id: 2, at: PARIS_MUSEUM, hours: 'Tu-Su 10:00-18:00' },
        ],
      },
    ]);
    expect(warningsOf(days)).toEqual([
      {
        code: 'closed_at_planned_time',
        dayId: 0,
        activityId: 1,
        details: { date: '2026-06-15', at: '11:00', opensDate: '2026-06-16', opensAt: '10:00' },
      },
      {
        code: 'closed_at_planned_time',
        dayId: 0,
        activityId: 2,
        details: { date: '2026-06-15', at: null, opensDate: '2026-06-16', opensAt: '10:00' },
      },
    ]);
    // The next day, Tuesday, nothing.
    const tuesday = trip('2026-06-16', [
      {
        stops: [
          { id: 1, at: PARIS_MUSEUM, time: '11:00', hours: 'Tu-Su 10:00-18:00' },
          { id: 2, at: PARIS_MUSEUM, hours: 'Tu-Su 10:00-18:00' },
        ],
      },
    ]);
    expect(warningsOf(tuesday)).toEqual([]);
  });

  it('a market "Mo-Fr 08:00-14:00; Sa off" on Friday at 13:00 for the default 90 minutes: closes at 14:00, before 14:30', () => {
    const days = trip('2026-06-19', [
      { stops: [{ id: 7, at: PARIS_MARKET, time: '13:00', hours: 'Mo-Fr 08:00-14:00; Sa off' }] },
    ]);
    expect(warningsOf(days)).toEqual([
      {
        code: 'closes_before_planned_end',
        dayId: 0,
        activityId: 7,
        details: { date: '2026-06-19', at: '13:00', plannedEnd: '14:30', closesAt: '14:00' },
      },
    ]);
    // At 12:00 the visit ends at 13:30: open all along. On Saturday, closed.
    expect(
      warningsOf(
        trip('2026-06-19', [
          { stops: [{ id: 7, at: PARIS_MARKET, time: '12:00', hours: 'Mo-Fr 08:00-14:00; Sa off' }] },
        ]),
      ),
    ).toEqual([]);
    expect(
      codes(
        warningsOf(
          trip('2026-06-20', [{ stops: [{ id: 7, at: PARIS_MARKET, hours: 'Mo-Fr 08:00-14:00; Sa off' }] }]),
        ),
      ),
    ).toEqual(['closed_at_planned_time@0:7']);
  });

  it('a timed visit ends where the next timed one must be left for: 10:00 then 11:00, 10 minutes apart, is 50 minutes', () => {
    const hours = 'Mo-Su 09:00-10:45';
    const days = trip('2026-06-17', [
      {
        stops: [
          { id: 1, at: PARIS_MUSEUM, time: '10:00', hours },
          { id: 2, at: PARIS_MARKET, time: '11:00' },
        ],
      },
    ]);
    expect(warningsOf(days, { '1>2': 10 })).toEqual([
      {
        code: 'closes_before_planned_end',
        dayId: 0,
        activityId: 1,
        details: { date: '2026-06-17', at: '10:00', plannedEnd: '10:50', closesAt: '10:45' },
      },
    ]);
    const plan = planDay(
      days,
      0,
      tripLegs(tripLegPlan(days), 'walk', () => ({ distanceM: 900, durationS: 600, source: 'routed' }))[0],
      false,
    );
    expect(plan.activities.map((a) => a.lengthS / 60)).toEqual([50, 90]);
    // Never below the shortest visit: 10:00 then 10:20, 10 minutes apart, leaves the first its 15 minutes.
    const tight = trip('2026-06-17', [
      {
        stops: [
          { id: 1, at: PARIS_MUSEUM, time: '10:00' },
          { id: 2, at: PARIS_MARKET, time: '10:20' },
        ],
      },
    ]);
    const tightPlan = planDay(
      tight,
      0,
      tripLegs(tripLegPlan(tight), 'walk', () => ({ distanceM: 900, durationS: 600, source: 'routed' }))[0],
      false,
    );
    expect(tightPlan.activities.map((a) => a.lengthS / 60)).toEqual([15, 90]);
  });

  it('across the spring clock change (Paris, Sunday 29 March 2026): 90 minutes from 01:30 end at 04:00', () => {
    const days = trip('2026-03-29', [
      { stops: [{ id: 3, at: PARIS_MUSEUM, time: '01:30', hours: 'Mo-Su 00:00-03:00' }] },
    ]);
    // Open until 02:00 winter time, when the clocks jump to 03:00, when it closes: the hour between never happened.
    expect(warningsOf(days)).toEqual([
      {
        code: 'closes_before_planned_end',
        dayId: 0,
        activityId: 3,
        details: { date: '2026-03-29', at: '01:30', plannedEnd: '04:00', closesAt: '03:00' },
      },
    ]);
  });
});

describe('closed_on_holiday: Shabbat and Israel’s holidays, at the place, for places in Israel', () => {
  it('Yom Kippur 2026 (Monday 21 September) on day 4 in Jerusalem: from the eve’s candle lighting to nightfall', () => {
    // A trip from Friday 18 September 2026: day 3 the eve, day 4 Yom Kippur itself.
    const days = trip('2026-09-18', [
      { stops: [] },
      { stops: [] },
      {
        stops: [
          { id: 30, at: WESTERN_WALL, time: '10:00' },
          { id: 31, at: ISRAEL_MUSEUM, time: '17:30' },
        ],
      },
      {
        stops: [
          { id: 40, at: ISRAEL_MUSEUM, time: '10:00', hours: 'Mo-Su 08:00-22:00' },
          { id: 41, at: WESTERN_WALL },
        ],
      },
    ]);
    const closure = { fromDate: '2026-09-20', fromAt: '17:58', toDate: '2026-09-21', toAt: '19:13' };
    expect(warningsOf(days)).toEqual([
      // The eve: the morning is fine, a visit from 17:30 meets candle lighting at 17:58.
      {
        code: 'closed_on_holiday',
        dayId: 2,
        activityId: 31,
        details: { date: '2026-09-20', occasion: 'yom_kippur', kind: 'holiday', ...closure },
      },
      // The day itself: closed, whatever weekday hours say, with a time or without.
      {
        code: 'closed_on_holiday',
        dayId: 3,
        activityId: 40,
        details: { date: '2026-09-21', occasion: 'yom_kippur', kind: 'holiday', ...closure },
      },
      {
        code: 'closed_on_holiday',
        dayId: 3,
        activityId: 41,
        details: { date: '2026-09-21', occasion: 'yom_kippur', kind: 'holiday', ...closure },
      },
    ]);
  });

  it('Shabbat in Jerusalem: Friday 27 March 2026 from 18:15 to Saturday 19:32', () => {
    const shabbat = {
      occasion: 'shabbat',
      kind: 'shabbat',
      fromDate: '2026-03-27',
      fromAt: '18:15',
      toDate: '2026-03-28',
      toAt: '19:32',
    };
    // Friday: 16:00 for 90 minutes ends at 17:30 (fine); 18:00 for 90 minutes meets candle lighting. The night's stay
    // is next door, so no other warning.
    const friday = trip('2026-03-27', [
      {
        stops: [
          { id: 1, at: WESTERN_WALL, time: '16:00' },
          { id: 2, at: WESTERN_WALL, time: '18:00' },
        ],
      },
    ]);
    expect(warningsOf(friday)).toEqual([
      { code: 'closed_on_holiday', dayId: 0, activityId: 2, details: { date: '2026-03-27', ...shabbat } },
    ]);
    // Saturday: 19:00 is before havdalah (19:32), 19:45 after it; a stop without a time is on Shabbat all day.
    const saturday = trip('2026-03-28', [
      {
        stops: [
          { id: 3, at: ISRAEL_MUSEUM },
          { id: 4, at: WESTERN_WALL, time: '19:00' },
          { id: 5, at: JERUSALEM_HOTEL, time: '19:45' },
        ],
      },
    ]);
    expect(warningsOf(saturday)).toEqual([
      { code: 'closed_on_holiday', dayId: 0, activityId: 3, details: { date: '2026-03-28', ...shabbat } },
      { code: 'closed_on_holiday', dayId: 0, activityId: 4, details: { date: '2026-03-28', ...shabbat } },
    ]);
    // Friday without a time: the day is open until the evening.
    expect(warningsOf(trip('2026-03-27', [{ stops: [{ id: 6, at: WESTERN_WALL }] }]))).toEqual([]);
  });

  it('on Shabbat the place’s own hours win when they say it is open; closed by its hours, Shabbat is the one warning', () => {
    const saturday = trip('2026-03-28', [
      {
        stops: [
          // Tel Aviv's museum opens on Saturday: its hours say so.
          { id: 1, at: TEL_AVIV_MUSEUM, time: '11:00', hours: 'Mo-Sa 10:00-18:00' },
          { id: 2, at: TEL_AVIV_MUSEUM, hours: 'Mo-Sa 10:00-18:00' },
          // Closed on Saturday by its hours too: said once, as Shabbat.
          { id: 3, at: ISRAEL_MUSEUM, time: '15:00', hours: 'Su-Th 10:00-17:00; Fr 10:00-14:00' },
          { id: 4, at: ISRAEL_MUSEUM, hours: 'Su-Th 10:00-17:00; Fr 10:00-14:00' },
        ],
      },
    ]);
    expect(codes(warningsOf(saturday, { '2>3': 60 }))).toEqual([
      'closed_on_holiday@0:3',
      'closed_on_holiday@0:4',
    ]);
  });

  it('Yom HaAtzmaut (Wednesday 22 April 2026) is warned as a national holiday (the screen says it softly)', () => {
    const days = trip('2026-04-22', [{ stops: [{ id: 9, at: TEL_AVIV_MUSEUM }] }]);
    expect(warningsOf(days)).toEqual([
      {
        code: 'closed_on_holiday',
        dayId: 0,
        activityId: 9,
        details: {
          date: '2026-04-22',
          occasion: 'yom_haatzmaut',
          kind: 'national',
          fromDate: '2026-04-21',
          fromAt: '19:14',
          toDate: '2026-04-22',
          toAt: '19:52',
        },
      },
    ]);
  });

  it('the same Saturday across the border: Eilat’s beach is in Israel, Aqaba’s and Taba are not', () => {
    const days = trip('2026-03-28', [
      {
        stops: [
          { id: 1, at: EILAT_BEACH, time: '12:00' },
          { id: 2, at: AQABA_BEACH, time: '14:00' },
          { id: 3, at: TABA, time: '17:00' },
          { id: 4, at: AQABA_BEACH },
        ],
      },
    ]);
    expect(codes(warningsOf(days, { '1>2': 20, '2>3': 40, '3>4': 40 }))).toEqual(['closed_on_holiday@0:1']);
  });
});

describe('times_overlap and not_enough_time_to_get_there: consecutive timed stops', () => {
  const day = (stops: StopSpec[]) => trip('2026-06-17', [{ stops }]);

  it('the same time, an earlier time, or within 15 minutes of the one before: overlap, on the later one', () => {
    const same = day([
      { id: 1, at: PARIS_MUSEUM, time: '10:00' },
      { id: 2, at: PARIS_MARKET, time: '10:00' },
    ]);
    expect(warningsOf(same)).toEqual([
      {
        code: 'times_overlap',
        dayId: 0,
        activityId: 2,
        details: { otherActivityId: 1, at: '10:00', otherAt: '10:00', otherEnd: '10:15' },
      },
    ]);
    const backwards = day([
      { id: 1, at: PARIS_MUSEUM, time: '14:00' },
      { id: 2, at: PARIS_MARKET, time: '09:30' },
    ]);
    expect(warningsOf(backwards)[0]).toMatchObject({
      code: 'times_overlap',
      activityId: 2,
      details: { at: '09:30', otherAt: '14:00' },
    });
    const close = day([
      { id: 1, at: PARIS_MUSEUM, time: '10:00' },
      { id: 2, at: PARIS_MUSEUM, time: '10:10' },
    ]);
    expect(codes(warningsOf(close))).toEqual(['times_overlap@0:2']);
    // Untimed stops between are no part of it; a quarter of an hour after is no overlap.
    const fine = day([
      { id: 1, at: PARIS_MUSEUM, time: '10:00' },
      { id: 5, at: PARIS_MARKET },
      { id: 2, at: PARIS_MUSEUM, time: '12:00' },
      { id: 3, at: PARIS_MUSEUM, time: '12:15' },
    ]);
    expect(warningsOf(fine, { '1>5': 20, '5>2': 20 })).toEqual([]);
  });

  it('two timed stops 30 minutes apart with a 2-hour drive: not enough time', () => {
    const days = day([
      { id: 1, at: PARIS_MUSEUM, time: '10:00' },
      { id: 2, at: PARIS_MARKET, time: '10:30' },
    ]);
    expect(warningsOf(days, { '1>2': 120 }, { mode: 'drive' })).toEqual([
      {
        code: 'not_enough_time_to_get_there',
        dayId: 0,
        activityId: 2,
        details: { fromId: 1, fromKind: 'attraction', legS: 7200, gapS: 900, stopsBetween: 0 },
      },
    ]);
    // 15 minutes of a 30-minute gap are left for the way: a 15-minute drive fits, 16 do not.
    expect(warningsOf(days, { '1>2': 15 })).toEqual([]);
    expect(codes(warningsOf(days, { '1>2': 16 }))).toEqual(['not_enough_time_to_get_there@0:2']);
  });

  it('through an untimed stop: its legs and its shortest visit count', () => {
    const days = day([
      { id: 1, at: PARIS_MUSEUM, time: '10:00' },
      { id: 5, at: PARIS_MARKET },
      { id: 2, at: PARIS_MUSEUM, time: '13:00' },
    ]);
    // 180 minutes less 15 at each of the two stops: 150 for the way.
    expect(warningsOf(days, { '1>5': 75, '5>2': 75 })).toEqual([]);
    expect(warningsOf(days, { '1>5': 80, '5>2': 75 })).toEqual([
      {
        code: 'not_enough_time_to_get_there',
        dayId: 0,
        activityId: 2,
        details: { fromId: 1, fromKind: 'attraction', legS: 155 * 60, gapS: 150 * 60, stopsBetween: 1 },
      },
    ]);
  });

  it('across the spring clock change: 01:30 to 03:15 in Paris is 45 real minutes, not 105', () => {
    const days = trip('2026-03-29', [
      {
        stops: [
          { id: 1, at: PARIS_MUSEUM, time: '01:30' },
          { id: 2, at: PARIS_MARKET, time: '03:15' },
        ],
      },
    ]);
    expect(warningsOf(days, { '1>2': 35 })).toEqual([
      {
        code: 'not_enough_time_to_get_there',
        dayId: 0,
        activityId: 2,
        details: { fromId: 1, fromKind: 'attraction', legS: 2100, gapS: 1800, stopsBetween: 0 },
      },
    ]);
    // The day before, the same clock times are 105 minutes apart: time enough.
    expect(
      warningsOf(
        trip('2026-03-28', [
          {
            stops: [
              { id: 1, at: PARIS_MUSEUM, time: '01:30' },
              { id: 2, at: PARIS_MARKET, time: '03:15' },
            ],
          },
        ]),
        { '1>2': 35 },
      ),
    ).toEqual([]);
  });
});

describe('day_too_long and far_from_nights_stay', () => {
  const near = (i: number) => ({ lat: PARIS_MUSEUM.lat + i * 0.001, lng: PARIS_MUSEUM.lng });

  it('the activities’ planned lengths and the day’s travel over the limit (12 hours unless chosen)', () => {
    const stops = (n: number) => Array.from({ length: n }, (_, i) => ({ id: i + 1, at: near(i) }));
    // Seven untimed stops: 10.5 hours and a few minutes' walk between them. Eight: 12 hours and the walks.
    expect(warningsOf(trip('2026-06-17', [{ stops: stops(7) }]))).toEqual([]);
    const eight = trip('2026-06-17', [{ stops: stops(8), night: { id: 50, at: PARIS_HOTEL } }]);
    const [warning] = warningsOf(eight);
    expect(warning).toMatchObject({
      code: 'day_too_long',
      dayId: 0,
      details: { activitiesS: 8 * 90 * 60, limitS: 12 * 3600 },
    });
    expect(warning?.activityId).toBeUndefined();
    const d = warning?.details as { totalS: number; activitiesS: number; travelS: number };
    expect(d.travelS).toBeGreaterThan(0);
    expect(d.totalS).toBe(d.activitiesS + d.travelS);
    // The traveller's own limit.
    expect(codes(warningsOf(trip('2026-06-17', [{ stops: stops(7) }]), {}, { limitS: 10 * 3600 }))).toEqual([
      'day_too_long@0:-',
    ]);
    // Timed stops count their shortened length: 10:00, 10:30 and 11:00 next door are 30 + 30 + 90 minutes.
    const timed = trip('2026-06-17', [
      {
        stops: [
          { id: 1, at: near(0), time: '10:00' },
          { id: 2, at: near(0), time: '10:30' },
          { id: 3, at: near(0), time: '11:00' },
        ],
      },
    ]);
    expect(warningsOf(timed, {}, { limitS: 149 * 60 })).toEqual([
      {
        code: 'day_too_long',
        dayId: 0,
        details: { totalS: 150 * 60, activitiesS: 150 * 60, travelS: 0, limitS: 149 * 60 },
      },
    ]);
  });

  it('the last activity over 90 minutes from that night’s stay, in the mode: on its card', () => {
    const days = trip('2026-06-17', [
      {
        stops: [
          { id: 1, at: PARIS_MUSEUM },
          { id: 2, at: PARIS_MARKET },
        ],
        night: { id: 60, at: PARIS_HOTEL },
      },
      { stops: [{ id: 3, at: PARIS_MUSEUM }], night: { id: 60, at: PARIS_HOTEL } },
    ]);
    expect(warningsOf(days, { '2>s60': 120 })).toEqual([
      {
        code: 'far_from_nights_stay',
        dayId: 0,
        activityId: 2,
        details: { stayId: 60, legS: 7200, limitS: 5400 },
      },
    ]);
    expect(warningsOf(days, { '2>s60': 90 })).toEqual([]);
    // The first leg of a day (from the morning's stay) is not this warning.
    expect(warningsOf(days, { 's60>3': 120 })).toEqual([]);
  });
});

describe('dates hidden from the viewer', () => {
  it('says nothing that needs a date (hours, holidays); the times, the way and the day’s length still', () => {
    const spec: DaySpec[] = [
      {
        stops: [
          { id: 1, at: PARIS_MUSEUM, time: '11:00', hours: 'Tu-Su 10:00-18:00' },
          { id: 2, at: PARIS_MARKET, time: '11:00' },
          { id: 3, at: WESTERN_WALL },
        ],
        night: { id: 70, at: PARIS_HOTEL },
      },
    ];
    const given = { '2>3': 300, '3>s70': 300 };
    // Monday 15 June 2026: the museum is closed; a Saturday in Jerusalem would be Shabbat (28 March 2026).
    const shown = warningsOf(trip('2026-06-15', spec), given);
    expect(codes(shown)).toEqual([
      'closed_at_planned_time@0:1',
      'times_overlap@0:2',
      'far_from_nights_stay@0:3',
      'day_too_long@0:-',
    ]);
    expect(codes(warningsOf(trip('2026-03-28', spec), given))).toContain('closed_on_holiday@0:3');
    const hidden = trip(null, spec);
    expect(codes(warningsOf(hidden, given, { datesHidden: true }))).toEqual([
      'times_overlap@0:2',
      'far_from_nights_stay@0:3',
      'day_too_long@0:-',
    ]);
    // Even were a date left in the view, hidden means none is read.
    expect(codes(warningsOf(trip('2026-03-28', spec), given, { datesHidden: true }))).toEqual([
      'times_overlap@0:2',
      'far_from_nights_stay@0:3',
      'day_too_long@0:-',
    ]);
  });
});
