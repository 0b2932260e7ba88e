import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { dateRangeProblem, isCalendarIsoDate, isoToTripDate, tripDateToIso } from '../src/dates.js';

describe('isCalendarIsoDate', () => {
  it('takes real days, leap days included, and nothing else', () => {
    expect(isCalendarIsoDate('2028-02-29')).toBe(true);
    expect(isCalendarIsoDate('2026-02-29')).toBe(false);
    expect(isCalendarIsoDate('2026-02-30')).toBe(false);
    expect(isCalendarIsoDate('2026-13-01')).toBe(false);
    expect(isCalendarIsoDate('01-05-2026')).toBe(false);
    expect(isCalendarIsoDate('2026-5-1')).toBe(false);
  });

  it('agrees with the wire reader on every DD-MM-YYYY text of digits', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 39 }), fc.integer({ min: 0, max: 14 }), fc.integer({ min: 1900, max: 2200 }), (d, m, y) => {
        const wire = `${String(d).padStart(2, '0')}-${String(m).padStart(2, '0')}-${y}`;
        const iso = `${y}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
        expect(isCalendarIsoDate(iso)).toBe(tripDateToIso(wire) !== null);
        if (isCalendarIsoDate(iso)) expect(isoToTripDate(iso)).toBe(wire);
      }),
    );
  });
});

describe('dateRangeProblem: the one date-range rule', () => {
  const trip = { startDate: '2027-06-10', endDate: '2027-06-20' };
  it('says a reversed range is reversed before anything else (not "outside the trip")', () => {
    expect(dateRangeProblem('2027-06-15', '2027-06-12', { sameDay: true })).toBe('end_before_start');
    // Reversed and outside the trip and too long at once: the order is what the person fixes first.
    expect(dateRangeProblem('2027-09-01', '2027-06-01', { sameDay: false, within: trip, maxDays: 2 })).toBe('end_before_start');
  });
  it('lets a trip end on its first day, not a stay', () => {
    expect(dateRangeProblem('2027-06-12', '2027-06-12', { sameDay: true })).toBeNull();
    expect(dateRangeProblem('2027-06-12', '2027-06-12', { sameDay: false })).toBe('end_before_start');
  });
  it('then checks the limits: inside the trip, then at most maxDays days counted inclusively', () => {
    expect(dateRangeProblem('2027-06-09', '2027-06-12', { sameDay: false, within: trip })).toBe('date_are_not_in_range');
    expect(dateRangeProblem('2027-06-19', '2027-06-21', { sameDay: false, within: trip })).toBe('date_are_not_in_range');
    expect(dateRangeProblem('2027-06-10', '2027-06-20', { sameDay: false, within: trip })).toBeNull();
    expect(dateRangeProblem('2027-01-01', '2027-03-02', { sameDay: true, maxDays: 60 })).toBe('limiting_the_trip_duration');
    expect(dateRangeProblem('2027-01-01', '2027-03-02', { sameDay: true, maxDays: 61 })).toBeNull();
  });
});
