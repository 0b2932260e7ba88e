import fc from 'fast-check';
import { parseWireDate, parseWireTime } from '@rides/contract';
import { describe, expect, it } from 'vitest';
import { amPmToClock, clockToAmPm, isoToPickerDate, pickerDateToIso } from '../src/features/trip/data/wire';

describe('editing wire formats (the web side of decision 0015)', () => {
  it('writes M/D/YYYY the server reads back as the same day', () => {
    expect(isoToPickerDate('2027-05-09')).toBe('5/9/2027');
    fc.assert(
      fc.property(fc.date({ min: new Date('2000-01-01T00:00:00Z'), max: new Date('2099-12-31T00:00:00Z'), noInvalidDate: true }), (d) => {
        const iso = d.toISOString().slice(0, 10);
        expect(parseWireDate(isoToPickerDate(iso))).toBe(iso);
        expect(pickerDateToIso(isoToPickerDate(iso))).toBe(iso);
      }),
    );
  });

  it('writes hh:mm:ss A the server reads back as the same clock time, and reads it back', () => {
    expect(clockToAmPm('00:05')).toBe('12:05:00 AM');
    expect(clockToAmPm('12:30')).toBe('12:30:00 PM');
    expect(clockToAmPm('23:59')).toBe('11:59:00 PM');
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 23 }), fc.integer({ min: 0, max: 59 }), (h, m) => {
        const clock = `${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}`;
        const wire = clockToAmPm(clock) as string;
        expect(parseWireTime(wire)).toBe(`${clock}:00`);
        expect(amPmToClock(wire)).toBe(clock);
      }),
    );
  });

  it('refuses what is not a time or a date', () => {
    expect(clockToAmPm('25:61')).toBeNull();
    expect(clockToAmPm('')).toBeNull();
    expect(amPmToClock('13:00 PM')).toBeNull();
    expect(amPmToClock(null)).toBeNull();
    expect(pickerDateToIso('2027-05-09')).toBeNull();
    expect(() => isoToPickerDate('9/5/2027')).toThrow();
  });
});
