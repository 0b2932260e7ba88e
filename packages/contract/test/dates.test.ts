import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isCalendarIsoDate, isoToRideDate, rideDateToIso } from '../src/dates.js';

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
        expect(isCalendarIsoDate(iso)).toBe(rideDateToIso(wire) !== null);
        if (isCalendarIsoDate(iso)) expect(isoToRideDate(iso)).toBe(wire);
      }),
    );
  });
});
