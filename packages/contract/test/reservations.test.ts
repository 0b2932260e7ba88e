import { describe, expect, it } from 'vitest';
import {
  reservation,
  reservationChanges,
  reservationDays,
  reservationKey,
  toMinorUnits,
  type Reservation,
} from '../src/index.js';

/** The rules of a booking read from a confirmation (issue 34, decision 0068), used by the server and the web alike. */
const flight = (over: Partial<Reservation> = {}): Reservation => ({
  id: 'a1',
  type: 'flight',
  reservationNumber: 'X7K2LM',
  provider: 'El Al',
  number: 'LY 315',
  travellers: ['Noa Levi'],
  start: { date: '2027-03-10', dateTime: '2027-03-10T06:15', timeZone: 'Asia/Jerusalem', place: { iata: 'TLV' } },
  end: { place: { iata: 'ZRH' } },
  source: { kind: 'schema.org', confidence: 1 },
  ...over,
});

describe('reservationKey: the same booking across confirmations', () => {
  it('ignores spaces, dashes and case in the number and provider', () => {
    expect(reservationKey(flight({ reservationNumber: 'x7k-2lm', provider: 'EL AL' }))).toBe(reservationKey(flight()));
  });
  it('a round trip is one number and two legs: two bookings', () => {
    expect(reservationKey(flight({ number: 'LY 346' }))).not.toBe(reservationKey(flight()));
  });
  it('a new time of the same leg is the same booking; a stay is its number, whatever its dates', () => {
    expect(reservationKey(flight({ start: { date: '2027-03-11', dateTime: '2027-03-11T07:00' } }))).toBe(
      reservationKey(flight()),
    );
    const stay = { type: 'lodging' as const, reservationNumber: '3321', provider: 'Booking.com', name: 'Hotel A' };
    expect(reservationKey({ ...stay, start: { date: '2027-03-10' } })).toBe(
      reservationKey({ ...stay, name: 'Hotel A (renamed)', start: { date: '2027-03-11' } }),
    );
  });
  it('without a number: the flight number or the name, and the first day', () => {
    const a = reservationKey({ type: 'event', name: 'Concert', start: { date: '2027-03-10' } });
    expect(a).toBe(reservationKey({ type: 'event', name: 'concert', start: { date: '2027-03-10' } }));
    expect(a).not.toBe(reservationKey({ type: 'event', name: 'Concert', start: { date: '2027-03-11' } }));
  });
});

describe('reservationChanges: what a new confirmation changes', () => {
  it('lists each field that differs with both values; nothing for the same', () => {
    expect(reservationChanges(flight(), flight({ id: 'other' }))).toEqual([]);
    expect(
      reservationChanges(flight(), flight({ start: { date: '2027-03-10', dateTime: '2027-03-10T07:40' }, travellers: [] })),
    ).toEqual([
      { field: 'start.time', before: '06:15', after: '07:40' },
      { field: 'start.place', before: 'TLV', after: null },
      { field: 'travellers', before: 'Noa Levi', after: null },
    ]);
  });
});

describe('reservationDays: the trip days it takes', () => {
  it('a stay from check-in to check-out, a car from pick-up to return, a flight its departure day', () => {
    expect(reservationDays({ type: 'lodging', start: { date: '2027-03-10' }, end: { date: '2027-03-13' } })).toEqual({
      first: '2027-03-10',
      last: '2027-03-13',
    });
    expect(reservationDays({ type: 'car', start: { date: '2027-03-10' }, end: { date: '2027-03-12' } })).toEqual({
      first: '2027-03-10',
      last: '2027-03-12',
    });
    expect(reservationDays(flight({ end: { date: '2027-03-11' } }))).toEqual({ first: '2027-03-10', last: '2027-03-10' });
    expect(reservationDays({ type: 'event' })).toBeNull();
  });
});

describe('the reservation shape', () => {
  it('an end may name its place without its day, never a time without its day', () => {
    expect(reservation.safeParse(flight()).success).toBe(true);
    expect(reservation.safeParse(flight({ end: { dateTime: '2027-03-10T09:05' } })).success).toBe(false);
    expect(reservation.safeParse(flight({ end: { date: '2027-03-11', dateTime: '2027-03-10T09:05' } })).success).toBe(
      false,
    );
    expect(reservation.safeParse(flight({ end: { place: { iata: 'zrh' } } })).success).toBe(false);
    expect(reservation.safeParse({ ...flight(), start: { date: '2027-03-10', seat: '31C' } }).success).toBe(false);
  });
  it('money in minor units', () => {
    expect(toMinorUnits('1,234.50', 'ILS')).toBe(123450);
    expect(toMinorUnits(320, 'EUR')).toBe(32000);
    expect(toMinorUnits('1500', 'JPY')).toBe(1500);
    expect(toMinorUnits('-3', 'USD')).toBeNull();
  });
});
