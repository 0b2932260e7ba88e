import type { Reservation } from '@rides/contract';
import { describe, expect, it } from 'vitest';
import { tripHomeCurrency, type HomeCurrencyFacts } from '../../src/modules/money/home-currency.js';
import { offerCategory, offersOf } from '../../src/modules/money/money-rules.js';
import type { PricedBookingRow } from '../../src/modules/money/money.repository.js';

/** Rule 88: a trip's home currency; and its priced bookings offered as expenses (issue 35). */
describe("a trip's home currency", () => {
  const none: HomeCurrencyFacts = { chosen: null, keptIn: null, ownerChoice: null, tripLanguage: 'english' };

  it.each<[string, Partial<HomeCurrencyFacts>, string]>([
    ['nothing chosen, in English: US dollars', {}, 'USD'],
    ['nothing chosen, in Hebrew: shekels', { tripLanguage: 'hebrew' }, 'ILS'],
    ['a language unknown: US dollars', { tripLanguage: null }, 'USD'],
    ["its owner's choice, in Hebrew too", { ownerChoice: 'EUR', tripLanguage: 'hebrew' }, 'EUR'],
    ["what it is kept in, before its owner's choice", { keptIn: 'GBP', ownerChoice: 'EUR' }, 'GBP'],
    ['its own choice, before all', { chosen: 'CHF', keptIn: 'GBP', ownerChoice: 'EUR' }, 'CHF'],
  ])('%s', (_name, facts, want) => {
    expect(tripHomeCurrency({ ...none, ...facts })).toBe(want);
  });
});

describe("a booking's price offered as an expense", () => {
  const reservation = (over: Partial<Reservation>): Reservation => ({
    id: 'r1',
    type: 'lodging',
    travellers: [],
    start: { date: '2031-05-10' },
    end: { date: '2031-05-13' },
    price: { amountMinor: 73_600, currency: 'EUR' },
    source: { kind: 'schema.org', confidence: 1 },
    ...over,
  });
  const booking = (over: Partial<PricedBookingRow> & { reservation: Reservation }): PricedBookingRow => ({
    id: 1,
    stayId: null,
    stayName: null,
    activityIds: [],
    activityId: null,
    activityTitle: null,
    ...over,
  });
  const hotel = booking({ id: 1, stayId: 7, stayName: 'Hotel X', reservation: reservation({}) });
  const car = booking({
    id: 2,
    activityIds: [30, 31],
    activityId: 30,
    activityTitle: 'Car pick-up: Avis',
    reservation: reservation({
      type: 'car',
      start: { date: '2031-05-11', dateTime: '2031-05-11T09:00' },
      price: { amountMinor: 12_000, currency: 'JPY' },
    }),
  });

  it('a stay, a car: amount in its currency, the first day, a category, the stay or activity', () => {
    expect(offersOf([hotel, car], [])).toEqual([
      {
        bookingId: 1,
        title: 'Hotel X',
        amount: '736.00',
        currency: 'EUR',
        date: '2031-05-10',
        category: 'lodging',
        stayId: 7,
      },
      {
        bookingId: 2,
        title: 'Car pick-up: Avis',
        amount: '12000',
        currency: 'JPY',
        date: '2031-05-11',
        category: 'transport',
        activityId: 30,
      },
    ]);
  });

  it('not once an expense is on its stay or any of its activities', () => {
    expect(offersOf([hotel, car], [{ stayId: 7, activityId: null }]).map((o) => o.bookingId)).toEqual([2]);
    expect(offersOf([hotel, car], [{ stayId: null, activityId: 31 }]).map((o) => o.bookingId)).toEqual([1]);
    expect(offersOf([hotel, car], [{ stayId: 8, activityId: 32 }]).map((o) => o.bookingId)).toEqual([1, 2]);
  });

  it('not when it is no longer on the trip, has no day, no price, a zero one or a currency the ledger does not know', () => {
    const offered = (over: Partial<Reservation>, placed: Partial<PricedBookingRow> = { stayId: 7 }) =>
      offersOf([booking({ ...placed, reservation: reservation(over) })], []).length;
    expect(offered({}, { stayId: null, activityIds: [30], activityId: null })).toBe(0);
    expect(offered({ start: undefined, end: undefined })).toBe(0);
    expect(offered({ price: undefined })).toBe(0);
    expect(offered({ price: { amountMinor: 0, currency: 'EUR' } })).toBe(0);
    expect(offered({ price: { amountMinor: 100, currency: 'XYZ' } })).toBe(0);
    expect(offered({})).toBe(1);
  });

  it.each([
    ['lodging', 'lodging'],
    ['flight', 'transport'],
    ['train', 'transport'],
    ['bus', 'transport'],
    ['ferry', 'transport'],
    ['car', 'transport'],
    ['event', 'activities'],
    ['restaurant', 'activities'],
  ] as const)('a %s is %s', (type, category) => {
    expect(offerCategory(type)).toBe(category);
  });
});
