import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  dayTravel,
  isRearrangementOf,
  sameOrder,
  suggestDayOrder,
  type GeoPoint,
  type OrderStop,
} from '../src/index.js';
import { bestTravelExhaustive, estimateCost, shuffledDays } from './day-order-cases.js';

/**
 * The suggested order of a day (issue 36 point 4): a permutation of the day's activities that keeps the timed ones, the
 * pinned first and last and those without coordinates where they are, never more travel than the current order, and
 * within 10 % of the best order on shuffled 10-stop days.
 */

const walk = estimateCost('walk');
const drive = estimateCost('drive');

// Tel Aviv: a hotel on the beach front and places along a north-south line, given in a zigzag.
const HOTEL = { lat: 32.0809, lng: 34.7686 };
const at = (km: number): GeoPoint => ({ lat: 32.0809 + km / 111.32, lng: 34.7706 });
const stop = (id: number, km: number, fixed = false): OrderStop => ({ id, ...at(km), fixed });

describe('a better order for a day', () => {
  it('a zigzag along a street becomes the walk up it and back, with the minutes saved', () => {
    // 1 km, 3 km, 2 km, 4 km north of the hotel: better 1, 2, 3, 4 (or the other way round; the same walk).
    const stops = [stop(11, 1), stop(13, 3), stop(12, 2), stop(14, 4)];
    const result = suggestDayOrder({ stops, start: HOTEL, end: HOTEL, cost: walk });
    expect([
      [11, 12, 13, 14],
      [14, 13, 12, 11],
    ]).toContainEqual(result.order);
    expect(result.beforeS).toBe(dayTravel(stops, walk, HOTEL, HOTEL));
    expect(result.afterS).toBeLessThan(result.beforeS);
    expect(result.savedS).toBe(Math.round(result.beforeS - result.afterS));
    // Two km of backtracking saved on foot: about half an hour.
    expect(result.savedS / 60).toBeGreaterThan(20);
  });

  it('a day already in its best order: the same order, nothing saved', () => {
    const stops = [stop(1, 1), stop(2, 2), stop(3, 3)];
    expect(suggestDayOrder({ stops, start: at(0), end: at(4), cost: walk })).toMatchObject({
      order: [1, 2, 3],
      savedS: 0,
    });
  });

  it('a timed stop keeps its position; the others move around it', () => {
    // Stop 13 is timed at position 1: whatever is better, it stays second.
    const stops = [stop(11, 3), stop(13, 4, true), stop(12, 1), stop(14, 2)];
    const result = suggestDayOrder({ stops, start: at(0), end: at(0), cost: walk });
    expect(result.order[1]).toBe(13);
    expect(result.order).toEqual([12, 13, 11, 14]);
    expect(result.savedS).toBeGreaterThan(0);
  });

  it('pinned first and last stay first and last', () => {
    const stops = [stop(1, 4), stop(2, 1), stop(3, 3), stop(4, 2), stop(5, 0.5)];
    // From the hotel to a stay 5 km up the street: free, the walk goes up it once.
    const free = suggestDayOrder({ stops, start: at(0), end: at(5), cost: walk });
    expect(free.order).toEqual([5, 2, 4, 3, 1]);
    const pinned = suggestDayOrder({
      stops,
      start: at(0),
      end: at(5),
      pinFirst: true,
      pinLast: true,
      cost: walk,
    });
    expect(pinned.order[0]).toBe(1);
    expect(pinned.order[4]).toBe(5);
    // From 4 km, down the street to 0.5 km: 3, 2, 1 km between.
    expect(pinned.order).toEqual([1, 3, 4, 2, 5]);
    expect(pinned.savedS).toBeLessThan(free.savedS);
  });

  it('a stop without coordinates stays where it was and is said; the legs join its neighbours', () => {
    const stops = [stop(1, 3), { id: 9, lat: null, lng: null }, stop(2, 1), stop(3, 2)];
    const result = suggestDayOrder({ stops, start: at(0), end: at(0), cost: walk });
    expect(result.order[1]).toBe(9);
    expect(result.skipped).toEqual([9]);
    expect(result.savedS).toBeGreaterThan(0);
  });

  it('no start or end: the day begins at whichever stop comes first', () => {
    const stops = [stop(1, 2), stop(2, 0), stop(3, 3), stop(4, 1)];
    const result = suggestDayOrder({ stops, cost: drive });
    expect([
      [2, 4, 1, 3],
      [3, 1, 4, 2],
    ]).toContainEqual(result.order);
  });

  it('fewer than two stops that may move: the same order', () => {
    expect(suggestDayOrder({ stops: [], cost: walk })).toMatchObject({ order: [], savedS: 0 });
    const stops = [stop(1, 3), stop(2, 1, true), stop(3, 2)];
    expect(suggestDayOrder({ stops, start: HOTEL, pinFirst: true, cost: walk })).toMatchObject({
      order: [1, 2, 3],
      savedS: 0,
    });
  });

  it('a day of 300 activities: the search stops at its work bound with an order still a permutation, and shorter', () => {
    const [day] = shuffledDays(11, 1, 300);
    const result = suggestDayOrder({ stops: day!.stops, start: day!.start, end: day!.end, cost: walk });
    expect([...result.order].sort((a, b) => a - b)).toEqual(day!.stops.map((s) => s.id));
    // Random points across a city: the first tour of the day is several times the order found.
    expect(result.afterS * 3).toBeLessThan(result.beforeS);
  });

  it('the same day gives the same order every time', () => {
    const [day] = shuffledDays(7, 1, 10);
    const input = { stops: day!.stops, start: day!.start, end: day!.end, cost: walk };
    expect(suggestDayOrder(input)).toEqual(suggestDayOrder(input));
  });
});

/** A day of up to 9 stops around Tel Aviv, some timed, some without coordinates, and its options. */
const dayArb = fc.record({
  stops: fc.array(
    fc.record({
      lat: fc.option(fc.double({ min: 32.0, max: 32.15, noNaN: true }), { freq: 8 }),
      lng: fc.double({ min: 34.74, max: 34.85, noNaN: true }),
      fixed: fc.boolean(),
    }),
    { maxLength: 9 },
  ),
  start: fc.option(
    fc.record({ lat: fc.double({ min: 32.0, max: 32.15, noNaN: true }), lng: fc.constant(34.78) }),
  ),
  end: fc.option(
    fc.record({ lat: fc.double({ min: 32.0, max: 32.15, noNaN: true }), lng: fc.constant(34.8) }),
  ),
  pinFirst: fc.boolean(),
  pinLast: fc.boolean(),
  mode: fc.constantFrom('walk', 'drive', 'bike', 'transit' as const),
});

describe('properties of the suggested order', () => {
  it('a permutation; fixed, pinned and unlocated stops in place; never more travel; savedS its gain', () => {
    fc.assert(
      fc.property(dayArb, (d) => {
        const stops: OrderStop[] = d.stops.map((s, i) => ({
          id: 100 + i,
          lat: s.lat,
          lng: s.lat === null ? null : s.lng,
          fixed: s.fixed,
        }));
        const cost = estimateCost(d.mode);
        const result = suggestDayOrder({ ...d, stops, cost });
        expect([...result.order].sort()).toEqual(stops.map((s) => s.id).sort());
        stops.forEach((s, i) => {
          const stays =
            s.fixed || s.lat === null || (d.pinFirst && i === 0) || (d.pinLast && i === stops.length - 1);
          if (stays) expect(result.order[i]).toBe(s.id);
        });
        const byId = new Map(stops.map((s) => [s.id, s]));
        const after = dayTravel(
          result.order.map((id) => byId.get(id)!),
          cost,
          d.start,
          d.end,
        );
        expect(after).toBe(result.afterS);
        expect(result.beforeS).toBe(dayTravel(stops, cost, d.start, d.end));
        expect(after).toBeLessThanOrEqual(result.beforeS);
        expect(result.savedS).toBe(Math.round(result.beforeS - result.afterS));
        if (result.savedS === 0) expect(result.order).toEqual(stops.map((s) => s.id));
      }),
      { numRuns: 300, seed: 36 },
    );
  });
});

describe('quality against the best order (the issue’s bar: at most 10 % more travel)', () => {
  it('40 shuffled 10-stop days in five cities, hotel morning and night, on foot: within 10 % on every day', () => {
    const ratios = shuffledDays(3604, 40, 10).map((day) => {
      const got = suggestDayOrder({ stops: day.stops, start: day.start, end: day.end, cost: walk });
      return got.afterS / bestTravelExhaustive(day, walk);
    });
    expect(Math.max(...ratios)).toBeLessThanOrEqual(1.1);
    // Most days are the best order itself.
    expect(ratios.filter((r) => r <= 1.000001).length).toBeGreaterThan(25);
  });

  it('with two timed stops and driving: within 10 % of the best order that keeps them', () => {
    for (const day of shuffledDays(3605, 20, 10, 2)) {
      const got = suggestDayOrder({ stops: day.stops, start: day.start, end: day.end, cost: drive });
      expect(got.afterS / bestTravelExhaustive(day, drive)).toBeLessThanOrEqual(1.1);
    }
  });
});

describe('an order applied is the day rearranged (decision 0074)', () => {
  it.each([
    ['the same order', [1, 2, 3], [1, 2, 3], true],
    ['another order', [3, 1, 2], [1, 2, 3], true],
    ['none of none', [], [], true],
    ['one missing', [3, 1], [1, 2, 3], false],
    ['one more', [3, 1, 2, 4], [1, 2, 3], false],
    ['one of elsewhere', [3, 1, 4], [1, 2, 3], false],
    ['one twice', [3, 1, 1], [1, 2, 3], false],
    ['a day with one twice is no day', [1, 1, 2], [1, 2, 1], false],
  ])('%s', (_what, order, of, expected) => {
    expect(isRearrangementOf(order, of)).toBe(expected);
  });

  it('sameOrder: the same ids in the same places', () => {
    expect(sameOrder([1, 2, 3], [1, 2, 3])).toBe(true);
    expect(sameOrder([1, 2, 3], [1, 3, 2])).toBe(false);
    expect(sameOrder([1, 2], [1, 2, 3])).toBe(false);
    expect(sameOrder([], [])).toBe(true);
  });
});
