import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseWireDate, parseWireTime } from '../src/calls/editing.js';

/** The wire date and time readers of the editing calls (M/D/YYYY, DD-MM-YYYY, ISO; hh:mm:ss A or 24-hour). */
describe('parseWireDate', () => {
  it.each([
    ['3/16/2026', '2026-03-16'],
    ['03/06/2026', '2026-03-06'],
    ['3/16/2026, 11:59:00 PM', '2026-03-16'],
    ['16-03-2026', '2026-03-16'],
    ['2026-03-16', '2026-03-16'],
    ['2026-03-16T23:59:00', '2026-03-16'],
    ['2/29/2028', '2028-02-29'],
    // EXIF's date taken and 001 §9's Y:m:d of photo accommodations (decision 0037)
    ['2019:08:21 10:57:23', '2019-08-21'],
    ['2031:05:10', '2031-05-10'],
  ])('%s -> %s', (input, iso) => expect(parseWireDate(input)).toBe(iso));

  it.each(['2/29/2027', '13/1/2026', '0/1/2026', '16/03/2026x', '3-16-2026', '2027:02:29', '2026:13:01', '2026/03/16', '', 'tomorrow', '1-1-2026'])('%s is not a date', (input) =>
    expect(parseWireDate(input)).toBeNull(),
  );

  it('reads back every real date in all three formats', () => {
    fc.assert(
      fc.property(fc.date({ min: new Date(Date.UTC(1900, 0, 1)), max: new Date(Date.UTC(2199, 11, 31)), noInvalidDate: true }), (d) => {
        const iso = d.toISOString().slice(0, 10);
        const [y, m, day] = iso.split('-');
        expect(parseWireDate(iso)).toBe(iso);
        expect(parseWireDate(`${day}-${m}-${y}`)).toBe(iso);
        expect(parseWireDate(`${Number(m)}/${Number(day)}/${y}`)).toBe(iso);
      }),
    );
  });
});

describe('parseWireTime', () => {
  it.each([
    ['09:30:00 AM', '09:30:00'],
    ['12:00:00 AM', '00:00:00'],
    ['12:15:00 PM', '12:15:00'],
    ['1:05 pm', '13:05:00'],
    ['11:59:59 P.M.', '23:59:59'],
    ['23:10', '23:10:00'],
    ['00:00:00', '00:00:00'],
  ])('%s -> %s', (input, out) => expect(parseWireTime(input)).toBe(out));

  it.each(['25:61', '25:61:00 PM', '13:00:00 PM', '0:30 AM', '10:60:00 AM', '10:00:61', '10', 'noon', ''])('%s is not a time', (input) =>
    expect(parseWireTime(input)).toBeNull(),
  );
});
