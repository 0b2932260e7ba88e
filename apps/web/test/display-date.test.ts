import { describe, expect, it } from 'vitest';
import { toDisplayMoment } from '../src/lib/display-date';
import { toDisplayDate } from '../src/lib/format';

/** The one display-date helper: every screen (trip, search results, all trips, offline copy, stays) shows wire dates through it. */
describe('toDisplayDate', () => {
  it.each([
    ['01-05-2024', '01/05/2024'], // the wire's DD-MM-YYYY (search results, all trips, trip header)
    ['2024-05-01', '01/05/2024'], // YYYY-MM-DD (stay form values)
    ['2024-05-01T00:00:00', '01/05/2024'], // a day's date-time
    ['01/05/2024 00:00', '01/05/2024'], // the offline copy's day date-time
    [' 31.12.2025 ', '31/12/2025'],
  ])('shows %j as %j', (wire, shown) => {
    expect(toDisplayDate(wire)).toBe(shown);
  });

  it.each([null, undefined, '', 'soon', '1-5-2024', '2024/05/01x'])('answers null for %j', (value) => {
    expect(toDisplayDate(value)).toBeNull();
  });
});

/** Moments (sign-ins, joins, a saved offline copy) in the same format, with the time when asked. */
describe('toDisplayMoment', () => {
  it('writes a moment day first, as the trip dates are, with HH:mm when asked', () => {
    const at = new Date(2027, 5, 10, 9, 5);
    expect(toDisplayMoment(at)).toBe('10/06/2027');
    expect(toDisplayMoment(at, { time: true })).toBe('10/06/2027 09:05');
    expect(toDisplayMoment(at.toISOString(), { time: true })).toBe('10/06/2027 09:05');
  });
  it('keeps a calendar date its own day in every time zone', () => {
    expect(toDisplayMoment('2027-06-10', { time: true })).toBe('10/06/2027');
  });
  it.each([null, undefined, '', 'soon'])('answers null for %j', (value) => {
    expect(toDisplayMoment(value)).toBeNull();
  });
});
