import type { ExpenseOffer } from '@rides/contract';
import { describe, expect, it } from 'vitest';
import { newDraft, toWire } from '../src/features/trip/costs/draft';
import { offerDraft, offersLeft } from '../src/features/trip/costs/offers';

/** A booking's price offered as an expense (issue 35): the new-expense form filled from it, and sent from there. */
const PEOPLE = [{ userId: 7 }, { userId: 9 }, { userId: -2 }];
const base = newDraft({
  homeCurrency: 'ILS',
  today: '2031-05-11',
  days: ['2031-05-10', '2031-05-11', '2031-05-12'],
  me: 9,
  people: PEOPLE,
});
const hotel: ExpenseOffer = {
  bookingId: 3,
  title: 'Hotel Schweizerhof',
  amount: '736.00',
  currency: 'EUR',
  date: '2031-05-10',
  category: 'lodging',
  stayId: 41,
};
const flight: ExpenseOffer = {
  bookingId: 4,
  title: 'טיסה LY 347: TLV → ZRH',
  amount: '1234.50',
  currency: 'ILS',
  date: '2031-05-10',
  category: 'transport',
  activityId: 88,
};

describe("a booking's offer in the expense form", () => {
  it('takes its amount, currency, day, category, title as the note and its stay; the rest stays the defaults', () => {
    expect(offerDraft(base, hotel)).toEqual({
      ...base,
      amount: '736.00',
      currency: 'EUR',
      date: '2031-05-10',
      category: 'lodging',
      note: 'Hotel Schweizerhof',
      rate: '',
      stayId: 41,
    });
  });

  it('sends its stay or its activity with the expense (paid by me, shared equally by everyone)', () => {
    const stay = toWire(offerDraft(base, hotel), 'ILS', 'client-1234');
    expect(stay.ok && stay.body).toEqual({
      clientId: 'client-1234',
      amount: '736.00',
      currency: 'EUR',
      date: '2031-05-10',
      category: 'lodging',
      paidBy: [{ userId: 9, amount: '736.00' }],
      split: { mode: 'equal', among: [7, 9, -2] },
      note: 'Hotel Schweizerhof',
      stayId: 41,
    });
    const trip = toWire(offerDraft(base, flight), 'ILS', 'client-5678');
    expect(trip.ok && trip.body).toMatchObject({ amount: '1234.50', category: 'transport', activityId: 88 });
    expect(trip.ok && 'stayId' in trip.body).toBe(false);
  });

  it('a second offer replaces the first one’s stay or activity; a plain draft sends neither', () => {
    expect(offerDraft(offerDraft(base, hotel), flight)).not.toHaveProperty('stayId');
    const plain = toWire({ ...base, amount: '12' }, 'ILS', 'client-0000');
    expect(plain.ok && Object.keys(plain.body)).not.toEqual(expect.arrayContaining(['stayId']));
    expect(plain.ok && Object.keys(plain.body)).not.toEqual(expect.arrayContaining(['activityId']));
  });

  it('an offer an expense kept on the phone is already for is not offered again', () => {
    expect(offersLeft([hotel, flight], [])).toEqual([hotel, flight]);
    expect(offersLeft([hotel, flight], [{ stayId: 41 }])).toEqual([flight]);
    expect(offersLeft([hotel, flight], [{ activityId: 88 }, { stayId: 5 }])).toEqual([hotel]);
  });
});
