import i18next, { type TFunction } from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  estimateTripLegs,
  type AccommodationWire,
  type LegMode,
  type RideAttractionWire,
  type TripDay,
} from '@rides/contract';
import en from '../src/locales/en.json';
import he from '../src/locales/he.json';
import { LEGS_MODE_KEY, legsKeys, legsQuery } from '../src/features/trip/legs/api';
import { formatDayTotal, formatDistance, formatDuration, formatLeg } from '../src/features/trip/legs/format';
import { placeLegs } from '../src/features/trip/legs/place';
import { tripAttractionsKeys } from '../src/lib/trip-keys';

/** The legs' words and numbers as a reader sees them (issue 36 point 1), with the app's own texts in both languages. */
const texts: Record<'he' | 'en', TFunction> = {} as Record<'he' | 'en', TFunction>;
beforeAll(async () => {
  for (const [lng, resources] of [
    ['he', he],
    ['en', en],
  ] as const) {
    const instance = i18next.createInstance();
    await instance.init({
      lng,
      resources: { [lng]: { translation: resources } },
      interpolation: { escapeValue: false },
      showSupportNotice: false,
    });
    texts[lng] = instance.t;
  }
});

/** Without the direction marks Intl may put around numbers. */
const plain = (s: string) => s.replace(/[\u200e\u200f\u2066-\u2069]/g, '');

describe('a leg in words', () => {
  it('times: under a minute, minutes, hours and minutes, whole hours', () => {
    const t = texts.en;
    expect(formatDuration(0, t, 'en')).toBe('under a minute');
    expect(formatDuration(29, t, 'en')).toBe('under a minute');
    expect(formatDuration(31, t, 'en')).toBe('1 min');
    expect(formatDuration(12 * 60 + 10, t, 'en')).toBe('12 min');
    expect(formatDuration(59 * 60 + 29, t, 'en')).toBe('59 min');
    expect(formatDuration(59 * 60 + 31, t, 'en')).toBe('1 h');
    expect(formatDuration(88 * 60, t, 'en')).toBe('1 h 28 min');
    expect(formatDuration(11_255, t, 'en')).toBe('3 h 8 min');
    expect(formatDuration(-5, t, 'en')).toBe('under a minute');
    expect(formatDuration(12 * 60, texts.he, 'he')).toBe('12 דק׳');
    expect(formatDuration(88 * 60, texts.he, 'he')).toBe('1 שע׳ 28 דק׳');
    expect(formatDuration(2 * 3600, texts.he, 'he')).toBe('2 שע׳');
    expect(formatDuration(10, texts.he, 'he')).toBe('פחות מדקה');
  });

  it('distances: metres to 10 m under a kilometre, tenths to 10 km, then whole kilometres with grouping', () => {
    const t = texts.en;
    expect(formatDistance(0, t, 'en')).toBe('0 m');
    expect(formatDistance(17, t, 'en')).toBe('20 m');
    expect(formatDistance(904, t, 'en')).toBe('900 m');
    expect(formatDistance(994, t, 'en')).toBe('990 m');
    expect(formatDistance(996, t, 'en')).toBe('1 km');
    expect(formatDistance(2_949, t, 'en')).toBe('2.9 km');
    expect(formatDistance(9_949, t, 'en')).toBe('9.9 km');
    expect(formatDistance(9_951, t, 'en')).toBe('10 km');
    expect(formatDistance(91_884, t, 'en')).toBe('92 km');
    expect(formatDistance(1_250_400, t, 'en')).toBe('1,250 km');
    expect(formatDistance(900, texts.he, 'he')).toBe('900 מ׳');
    expect(plain(formatDistance(2_949, texts.he, 'he'))).toBe('2.9 ק״מ');
    expect(plain(formatDistance(1_250_400, texts.he, 'he'))).toBe('1,250 ק״מ');
  });

  it('a line per mode: "12 min walk · 900 m" and its Hebrew', () => {
    const leg = { durationS: 12 * 60, distanceM: 900 };
    expect(formatLeg(leg, 'walk', texts.en, 'en')).toBe('12 min walk · 900 m');
    expect(formatLeg(leg, 'drive', texts.en, 'en')).toBe('12 min drive · 900 m');
    expect(formatLeg(leg, 'bike', texts.en, 'en')).toBe('12 min by bike · 900 m');
    expect(formatLeg(leg, 'transit', texts.en, 'en')).toBe('12 min by public transport · 900 m');
    expect(formatLeg(leg, 'walk', texts.he, 'he')).toBe('12 דק׳ הליכה · 900 מ׳');
    expect(formatLeg(leg, 'drive', texts.he, 'he')).toBe('12 דק׳ נסיעה · 900 מ׳');
    expect(formatLeg(leg, 'transit', texts.he, 'he')).toBe('12 דק׳ בתחבורה ציבורית · 900 מ׳');
  });

  it("a day's total names the mode", () => {
    const totals = { durationS: 5281, distanceM: 91_884 };
    expect(formatDayTotal(totals, 'drive', texts.en, 'en')).toBe('Driving time: 1 h 28 min · 92 km');
    expect(formatDayTotal(totals, 'walk', texts.en, 'en')).toBe('Walking time: 1 h 28 min · 92 km');
    expect(formatDayTotal(totals, 'drive', texts.he, 'he')).toBe('זמן נסיעה: 1 שע׳ 28 דק׳ · 92 ק״מ');
  });

  it('the stops left out, counted in both languages', () => {
    expect(texts.en('legs.skipped', { count: 1 })).toBe('One stop without a place on the map is left out');
    expect(texts.en('legs.skipped', { count: 2 })).toBe('2 stops without a place on the map are left out');
    expect(texts.he('legs.skipped', { count: 2 })).toBe('2 תחנות בלי מקום על המפה לא נכללות');
    expect(texts.he('legs.skipped', { count: 5 })).toBe('5 תחנות בלי מקום על המפה לא נכללות');
  });
});

// ------------------------------------------------------------------------------------------- where the legs show

const PLACES = {
  hotel: { lat: 48.8566, lng: 2.3522 },
  louvre: { lat: 48.8606, lng: 2.3376 },
  orsay: { lat: 48.86, lng: 2.3266 },
  eiffel: { lat: 48.8584, lng: 2.2945 },
  versailles: { lat: 48.8049, lng: 2.1204 },
};
const activity = (id: number, at: { lat: number; lng: number } | null) =>
  ({
    id,
    title: `Place ${id}`,
    address: null,
    lat: at?.lat ?? null,
    lng: at?.lng ?? null,
  }) as RideAttractionWire;
const stay = (id: number, at: { lat: number; lng: number } | null) =>
  ({
    id,
    name: `Hotel ${id}`,
    address: null,
    latitude: at?.lat ?? 0,
    longtitude: at?.lng ?? 0,
  }) as AccommodationWire;
/** What the server answers with no routing service. */
const estimatedLegs = (days: TripDay[], mode: LegMode) => ({ mode, days: estimateTripLegs(days, mode) });
const day = (activities: RideAttractionWire[], night: AccommodationWire | null = null) =>
  ({
    dateTime: null,
    daily_attractions: activities,
    accommodation: night,
    base_trip_accommodation: null,
  }) as TripDay;

describe('where each leg shows', () => {
  it("on the card of the stop it reaches: the first day's first stop has none, the night's stay its own", () => {
    const days = [
      day([activity(1, PLACES.louvre), activity(2, PLACES.orsay)], stay(9, PLACES.hotel)),
      day([activity(3, PLACES.eiffel)], stay(9, PLACES.hotel)),
    ];
    const placed = placeLegs(days, estimatedLegs(days, 'walk'));
    const first = placed.get(0)!;
    expect([...first.toActivity.keys()]).toEqual([1]);
    expect(first.toActivity.get(1)).toMatchObject({
      from: 'Place 1',
      leg: { fromId: 1, toId: 2, mode: 'walk' },
    });
    expect(first.toNight).toMatchObject({ stayId: 9, stayName: 'Hotel 9', from: 'Place 2' });
    expect(first.legCount).toBe(2);
    expect(first.estimate).toBe(true);
    // The second day starts at the hotel: its first activity has the way from there.
    const second = placed.get(1)!;
    expect(second.toActivity.get(0)).toMatchObject({ from: 'Hotel 9', leg: { fromKind: 'stay', toId: 3 } });
    expect(second.toNight?.from).toBe('Place 3');
    expect(second.totals.durationS).toBe(
      (second.toActivity.get(0)?.leg.durationS ?? 0) + (second.toNight?.leg.durationS ?? 0),
    );
  });

  it('an activity twice in a day: each visit its own leg; a stop without a place: no line, its neighbours joined', () => {
    const days = [
      day([
        activity(1, PLACES.louvre),
        activity(2, null),
        activity(3, PLACES.eiffel),
        activity(1, PLACES.louvre),
        activity(4, PLACES.versailles),
      ]),
    ];
    const placed = placeLegs(days, estimatedLegs(days, 'drive')).get(0)!;
    expect([...placed.toActivity.keys()].sort()).toEqual([2, 3, 4]);
    expect(placed.toActivity.get(2)?.leg).toMatchObject({ fromId: 1, toId: 3 });
    expect(placed.toActivity.get(3)?.leg).toMatchObject({ fromId: 3, toId: 1 });
    expect(placed.toActivity.get(4)?.leg).toMatchObject({ fromId: 1, toId: 4 });
    expect(placed.skipped).toBe(1);
    expect(placed.toNight).toBeNull();
  });

  it("the answer's figures for the same two stops; an answer read before the trip changed: the estimate for the rest", () => {
    const before = [day([activity(1, PLACES.louvre), activity(2, PLACES.orsay), activity(3, PLACES.eiffel)])];
    const routed = estimatedLegs(before, 'walk');
    for (const leg of routed.days[0]!.legs) Object.assign(leg, { source: 'routed', durationS: 600 });
    expect(placeLegs(before, routed).get(0)).toMatchObject({ estimate: false, totals: { durationS: 1200 } });
    // Place 2 removed: its two legs reach no card; 1 > 3 was never asked, and shows the estimate until it is.
    const after = [day([activity(1, PLACES.louvre), activity(3, PLACES.eiffel)])];
    const placed = placeLegs(after, routed).get(0)!;
    expect([...placed.toActivity.keys()]).toEqual([1]);
    expect(placed.toActivity.get(1)?.leg).toMatchObject({ fromId: 1, toId: 3, source: 'estimate' });
    expect(placed.toActivity.get(1)?.leg).toEqual(estimatedLegs(after, 'walk').days[0]!.legs[0]);
    expect(placed.estimate).toBe(true);
    // No answer yet: every leg the estimate, the same as the server's with no routing service.
    const none = placeLegs(before, { mode: 'walk', days: [] }).get(0)!;
    expect(none.toActivity.get(2)?.leg).toEqual(estimatedLegs(before, 'walk').days[0]!.legs[1]);
  });
});

describe('the query', () => {
  it("is under the trip's own key, so every change of the trip reads the legs again; one entry per mode", () => {
    expect(legsQuery(7, 'walk').queryKey.slice(0, 2)).toEqual([...tripAttractionsKeys.of(7)]);
    expect(legsQuery(7, 'walk').queryKey).toEqual(legsKeys.of(7, 'walk'));
    expect(legsQuery(7, 'walk').queryKey).not.toEqual(legsQuery(7, 'drive').queryKey);
    expect(legsQuery(8, 'walk').queryKey.slice(0, 2)).not.toEqual([...tripAttractionsKeys.of(7)]);
    expect(LEGS_MODE_KEY).toMatch(/^rides\./);
  });
});
