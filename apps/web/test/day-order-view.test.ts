import i18next, { type TFunction } from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import type { AccommodationWire, RideAttractionWire, TripDay } from '@rides/contract';
import en from '../src/locales/en.json';
import he from '../src/locales/he.json';
import { suggestOrderKeys, suggestOrderQuery } from '../src/features/trip/day-order/api';
import {
  dayEnds,
  dayIds,
  orderedStops,
  orderPoints,
  orderSummary,
} from '../src/features/trip/day-order/order-view';
import { tripAttractionsKeys } from '../src/lib/trip-keys';

/**
 * What the "suggest an order" dialog shows of a day (issue 36 point 4, decision 0074): each order's stops (the moved
 * ones marked, the timed ones with their time, the ones without a place said), its points for the trip map (numbered in
 * that order, the stays lettered), and the summary in both languages with the app's own texts.
 */
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

const activity = (id: number, at: { lat: number; lng: number } | null, dateTime: string | null = null) =>
  ({
    id,
    title: `Place ${id}`,
    address: null,
    lat: at?.lat ?? 0,
    lng: at?.lng ?? 0,
    dateTime,
  }) as RideAttractionWire;
const stay = (id: number, at: { lat: number; lng: number }) =>
  ({ id, name: `Hotel ${id}`, address: null, latitude: at.lat, longtitude: at.lng }) as AccommodationWire;
const day = (activities: RideAttractionWire[], night: AccommodationWire | null = null) =>
  ({
    dateTime: null,
    daily_attractions: activities,
    accommodation: night,
    base_trip_accommodation: null,
  }) as TripDay;

const P = {
  a: { lat: 48.86, lng: 2.33 },
  b: { lat: 48.85, lng: 2.35 },
  c: { lat: 48.86, lng: 2.29 },
  h: { lat: 48.857, lng: 2.352 },
};

describe("a day's stops in an order", () => {
  const today = day(
    [activity(1, P.a), activity(2, P.b, '02:30:00 PM'), activity(3, null), activity(4, P.c)],
    stay(9, P.h),
  );

  it('lists the activities in the order given, marks those not where they are now, with times and missing places', () => {
    expect(dayIds(today)).toEqual([1, 2, 3, 4]);
    const stops = orderedStops(today, [4, 2, 3, 1], [1, 2, 3, 4]);
    expect(stops.map((s) => [s.id, s.moved])).toEqual([
      [4, true],
      [2, false],
      [3, false],
      [1, true],
    ]);
    expect(stops[1]).toMatchObject({ title: 'Place 2', time: '14:30', unplaced: false });
    expect(stops[2]).toMatchObject({ time: null, unplaced: true });
    // The current order against itself: nothing moved; an id the day does not have is left out.
    expect(orderedStops(today, [1, 2, 3, 4, 77]).map((s) => s.moved)).toEqual([false, false, false, false]);
  });

  it("the map's points: the placed activities numbered by their place in the order, the stays once, lettered", () => {
    const days = [day([activity(5, P.a)], stay(8, P.b)), today];
    const points = orderPoints(days, 1, [4, 2, 3, 1], 'after');
    expect(points.filter((p) => p.kind === 'attraction').map((p) => [p.id, p.order])).toEqual([
      ['after-a-4', 1],
      ['after-a-2', 2],
      // 3 has no place: not on the map, and the one after it keeps its number in the day.
      ['after-a-1', 4],
    ]);
    expect(points.filter((p) => p.kind === 'accommodation').map((p) => [p.label, p.order])).toEqual([
      ['Hotel 8', 1],
      ['Hotel 9', 2],
    ]);
    expect(points.every((p) => p.day === 1)).toBe(true);
    // The same stay morning and night is one pin.
    expect(
      orderPoints([day([], stay(9, P.h)), today], 1, [1, 2, 3, 4], 'now').filter(
        (p) => p.kind === 'accommodation',
      ),
    ).toHaveLength(1);
    expect(dayEnds(days, 1)).toEqual({ start: 'Hotel 8', end: 'Hotel 9' });
    expect(dayEnds(days, 0)).toEqual({ start: null, end: 'Hotel 8' });
  });
});

describe("the dialog's summary", () => {
  it('minutes saved in the mode, before and after, in English and Hebrew', () => {
    const answer = { savedS: 42 * 60, beforeS: 90 * 60, afterS: 48 * 60 };
    expect(orderSummary(answer, 'walk', texts.en, 'en')).toEqual({
      better: true,
      headline: 'Saves 42 min of walking',
      detail: '1 h 30 min between the stops now, 48 min in the suggested order',
    });
    expect(orderSummary(answer, 'drive', texts.he, 'he')).toEqual({
      better: true,
      headline: 'חוסך 42 דק׳ נסיעה',
      detail: '1 שע׳ 30 דק׳ בין התחנות עכשיו, 48 דק׳ בסדר המוצע',
    });
  });

  it('nothing saved: the order is already the best, with the day’s travel', () => {
    const answer = { savedS: 0, beforeS: 25 * 60, afterS: 25 * 60 };
    expect(orderSummary(answer, 'bike', texts.en, 'en')).toEqual({
      better: false,
      headline: 'This order is already the best',
      detail: '25 min between the stops',
    });
    expect(orderSummary(answer, 'transit', texts.he, 'he').headline).toBe('הסדר הזה כבר הטוב ביותר');
  });
});

describe('the calls', () => {
  it("the suggestion is under the trip's read: every read of the trip again asks for it again", () => {
    const key = suggestOrderQuery(7, 2, 'walk').queryKey;
    expect(key).toEqual(suggestOrderKeys.of(7, 2, 'walk'));
    expect(key.slice(0, tripAttractionsKeys.of(7).length)).toEqual([...tripAttractionsKeys.of(7)]);
    expect(suggestOrderKeys.of(7, 2, 'walk')).not.toEqual(suggestOrderKeys.of(7, 2, 'drive'));
  });
});
