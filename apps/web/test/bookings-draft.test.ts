import type { PreviewReservation } from '@rides/contract';
import { describe, expect, it } from 'vitest';
import {
  bookingTitle,
  endText,
  extendedDates,
  fromDraft,
  groupByType,
  isOutside,
  needsChecking,
  toConfirmed,
  toDraft,
} from '../src/features/trip/bookings/lib/draft';

/** The bookings preview's editing (issue 34): a card's fields back into the reservation, and what a card shows. */
const flight: PreviewReservation = {
  id: 'leg1',
  type: 'flight',
  reservationNumber: 'X7K2LM',
  provider: 'El Al',
  travellers: ['LEVI/NOA MS'],
  number: 'LY 315',
  carrier: 'El Al',
  start: {
    date: '2027-03-10',
    dateTime: '2027-03-10T06:15',
    timeZone: 'Asia/Jerusalem',
    place: { name: 'Ben Gurion Airport', iata: 'TLV', lat: 32, lng: 34.87 },
  },
  end: {
    date: '2027-03-10',
    dateTime: '2027-03-10T09:05',
    timeZone: 'Europe/Zurich',
    place: { name: 'Zurich Airport', iata: 'ZRH', lat: 47.45, lng: 8.56 },
  },
  price: { amountMinor: 123450, currency: 'ILS' },
  source: { kind: 'template', confidence: 0.8 },
  documentId: 4,
  outsideTrip: false,
  match: null,
};

const stay: PreviewReservation = {
  id: 'stay1',
  type: 'lodging',
  reservationNumber: '3321.447.120',
  provider: 'Booking.com',
  travellers: [],
  name: 'מלון דן כרמל',
  start: { date: '2027-03-10', dateTime: '2027-03-10T15:00', place: { name: 'מלון דן כרמל', address: 'שדרות הנשיא 85, חיפה' } },
  // The check-out's time was not in the confirmation.
  end: { date: '2027-03-13' },
  source: { kind: 'schema.org', confidence: 1 },
  outsideTrip: false,
  match: null,
};

describe('a preview card: fields back into the reservation', () => {
  it('an untouched card sends the reservation as read, with its id and document', () => {
    expect(fromDraft(flight, toDraft(flight))).toEqual(flight);
    expect(fromDraft(stay, toDraft(stay))).toEqual(stay);
    const sent = toConfirmed(fromDraft(flight, toDraft(flight)));
    expect(sent).not.toHaveProperty('outsideTrip');
    expect(sent).not.toHaveProperty('match');
    expect(sent).toMatchObject({ id: 'leg1', documentId: 4 });
  });

  it('a corrected time keeps the day, the zone and the airport', () => {
    const draft = toDraft(flight);
    const out = fromDraft(flight, { ...draft, start: { ...draft.start, time: '07:15' } });
    expect(out.start).toEqual({ ...flight.start, dateTime: '2027-03-10T07:15' });
    expect(out.end).toEqual(flight.end);
  });

  it('a corrected date moves the time with it; an emptied date takes the time too (never a time without its day)', () => {
    const draft = toDraft(flight);
    expect(fromDraft(flight, { ...draft, start: { ...draft.start, date: '2027-03-11' } }).start).toMatchObject({
      date: '2027-03-11',
      dateTime: '2027-03-11T06:15',
    });
    const emptied = fromDraft(flight, { ...draft, start: { ...draft.start, date: '' } }).start;
    expect(emptied).not.toHaveProperty('date');
    expect(emptied).not.toHaveProperty('dateTime');
  });

  it('an emptied time is no time, not midnight', () => {
    const draft = toDraft(flight);
    const out = fromDraft(flight, { ...draft, end: { ...draft.end, time: '' } });
    expect(out.end).not.toHaveProperty('dateTime');
    expect(out.end?.date).toBe('2027-03-10');
  });

  it('a changed place is a new place: the old coordinates, code and zone go; an airport code is a code', () => {
    const draft = toDraft(flight);
    const other = fromDraft(flight, { ...draft, end: { ...draft.end, place: 'Geneva' } }).end;
    expect(other).toEqual({ date: '2027-03-10', dateTime: '2027-03-10T09:05', place: { name: 'Geneva' } });
    expect(fromDraft(flight, { ...draft, end: { ...draft.end, place: 'gva' } }).end?.place).toEqual({ iata: 'GVA' });
    // The same airport in small letters is the same airport.
    expect(fromDraft(flight, { ...draft, end: { ...draft.end, place: 'zrh' } }).end).toEqual(flight.end);
  });

  it('texts are trimmed, and an emptied one is absent', () => {
    const draft = toDraft(flight);
    const out = fromDraft(flight, { ...draft, number: ' LY 316 ', reservationNumber: '  ' });
    expect(out.number).toBe('LY 316');
    expect(out).not.toHaveProperty('reservationNumber');
  });

  it("a stay's new name renames its place; its address is kept until it is changed", () => {
    const draft = toDraft(stay);
    const out = fromDraft(stay, { ...draft, name: 'Dan Carmel Haifa' });
    expect(out.name).toBe('Dan Carmel Haifa');
    expect(out.start?.place).toEqual({ name: 'Dan Carmel Haifa', address: 'שדרות הנשיא 85, חיפה' });
    const moved = fromDraft(stay, { ...draft, start: { ...draft.start, address: 'Hanassi 85, Haifa' } });
    expect(moved.start?.place).toEqual({ name: 'מלון דן כרמל', address: 'Hanassi 85, Haifa' });
  });

  it('a changed kind keeps everything else', () => {
    const out = fromDraft(flight, { ...toDraft(flight), type: 'train' });
    expect(out).toEqual({ ...flight, type: 'train' });
  });
});

describe('what a card shows', () => {
  it('an unknown time shows empty, never 00:00', () => {
    expect(toDraft(stay).end.time).toBe('');
    expect(endText(stay.end)).toBe('13/03/2027');
    expect(endText({ date: '2027-03-13', place: { iata: 'TLV' } })).toBe('13/03/2027 TLV');
    expect(endText(stay.end)).not.toContain('00:00');
  });

  it('a time with its place and zone: "06:15 TLV (Asia/Jerusalem)"', () => {
    expect(endText(flight.start)).toBe('10/03/2027 06:15 TLV (Asia/Jerusalem)');
    expect(endText(stay.start)).toBe('10/03/2027 15:00 מלון דן כרמל');
    expect(endText(undefined)).toBeNull();
    expect(endText({})).toBeNull();
  });

  it('a title for every kind', () => {
    expect(bookingTitle(flight)).toBe('LY 315 TLV → ZRH');
    expect(bookingTitle(stay)).toBe('מלון דן כרמל');
    expect(bookingTitle({ ...flight, number: undefined, start: undefined, end: undefined })).toBe('El Al');
  });

  it('"check this": a model\'s reading or a weak one', () => {
    expect(needsChecking(flight)).toBe(false);
    expect(needsChecking({ source: { kind: 'llm', confidence: 0.9 } })).toBe(true);
    expect(needsChecking({ source: { kind: 'template', confidence: 0.5 } })).toBe(true);
  });

  it('outside the trip, and the days an extension gives', () => {
    const trip = { startDate: '2027-03-11', endDate: '2027-03-12' };
    expect(isOutside(flight, trip)).toBe(true);
    expect(isOutside(flight, { startDate: '2027-03-10', endDate: '2027-03-10' })).toBe(false);
    // A stay takes its check-out day.
    expect(isOutside(stay, { startDate: '2027-03-10', endDate: '2027-03-12' })).toBe(true);
    expect(extendedDates([flight, stay], trip)).toEqual({ startDate: '2027-03-10', endDate: '2027-03-13' });
  });

  it('groups by kind in the order of a trip: flights, stays, then the rest', () => {
    const groups = groupByType([stay, flight, { ...flight, id: 'x', type: 'restaurant' as const }]);
    expect(groups.map(([type, list]) => [type, list.length])).toEqual([
      ['flight', 1],
      ['lodging', 1],
      ['restaurant', 1],
    ]);
  });
});
