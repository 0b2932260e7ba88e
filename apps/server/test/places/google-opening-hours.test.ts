import { describe, expect, it } from 'vitest';
import { hoursDuring, openingHoursProblem } from '../../src/modules/day-checks/opening-hours.js';
import { osmHoursFromGoogle, type GooglePeriod } from '../../src/providers/places/google/opening-hours.js';

/**
 * Google's opening periods as an OpenStreetMap opening_hours text (issue 36 point 2): what an attraction added from
 * Google keeps for the day's checks. Each answer is read back by the same library the checks use.
 */
const at = (day: number, hour: number, minute = 0) => ({ day, hour, minute });
const period = (
  openDay: number,
  open: [number, number],
  closeDay: number,
  close: [number, number],
): GooglePeriod => ({
  open: at(openDay, ...open),
  close: at(closeDay, ...close),
});
const PARIS = { lat: 48.8606, lng: 2.3376 };
const JERUSALEM = { lat: 31.7767, lng: 35.2345 };

describe("Google's periods as opening_hours", () => {
  it('a museum closed on Mondays: Tuesday to Sunday joined into one range, Monday left out (closed)', () => {
    const periods = [0, 2, 3, 4, 5, 6].map((d) => period(d, [9, 0], d, [18, 0]));
    const text = osmHoursFromGoogle(periods);
    expect(text).toBe('Tu-Su 09:00-18:00');
    expect(openingHoursProblem(text, PARIS)).toBeNull();
    // Monday 14 September 2026 at 11:00 it is closed; Tuesday it is open.
    expect(hoursDuring(text, PARIS, { date: '2026-09-14', time: '11:00', minutes: 60 }).result).toBe(
      'closed_at_start',
    );
    expect(hoursDuring(text, PARIS, { date: '2026-09-15', time: '11:00', minutes: 60 }).result).toBe('open');
  });

  it("Israel's week: Sunday to Thursday, a short Friday, Saturday closed; a lunch break", () => {
    const periods = [
      ...[0, 1, 2, 3, 4].flatMap((d) => [period(d, [8, 0], d, [13, 0]), period(d, [14, 0], d, [17, 30])]),
      period(5, [8, 0], 5, [13, 0]),
    ];
    const text = osmHoursFromGoogle(periods);
    expect(text).toBe('Mo-Th 08:00-13:00,14:00-17:30; Fr 08:00-13:00; Su 08:00-13:00,14:00-17:30');
    expect(openingHoursProblem(text, JERUSALEM)).toBeNull();
    // Friday 27 March 2026 at 12:30 for an hour: closes before the end, at 13:00.
    expect(hoursDuring(text, JERUSALEM, { date: '2026-03-27', time: '12:30', minutes: 60 })).toEqual({
      result: 'closes_before_end',
      closesAt: { date: '2026-03-27', time: '13:00' },
    });
  });

  it('past midnight on the opening day; the week wrapping from Saturday to Sunday', () => {
    const text = osmHoursFromGoogle([period(5, [20, 0], 6, [2, 0]), period(6, [20, 0], 0, [3, 30])]);
    expect(text).toBe('Fr 20:00-02:00; Sa 20:00-03:30');
    expect(openingHoursProblem(text, PARIS)).toBeNull();
    // Saturday night at 01:00 (Sunday's date) it is still open from Saturday; Sunday at 05:00 it is closed.
    expect(hoursDuring(text, PARIS, { date: '2026-09-20', time: '01:00', minutes: 60 }).result).toBe('open');
    expect(hoursDuring(text, PARIS, { date: '2026-09-20', time: '05:00', minutes: 60 }).result).toBe(
      'closed_at_start',
    );
  });

  it('open around the clock: a period without a close is 24/7; whole days open are 00:00-24:00', () => {
    expect(osmHoursFromGoogle([{ open: at(0, 0) }])).toBe('24/7');
    const text = osmHoursFromGoogle([period(5, [8, 0], 0, [18, 0])]);
    expect(text).toBe('Fr 08:00-24:00; Sa 00:00-24:00; Su 00:00-18:00');
    expect(openingHoursProblem(text, PARIS)).toBeNull();
  });

  it('nothing to say: no periods, or none usable', () => {
    expect(osmHoursFromGoogle(undefined)).toBeNull();
    expect(osmHoursFromGoogle([])).toBeNull();
    expect(osmHoursFromGoogle([{ open: { day: 9, hour: 8 }, close: { day: 9, hour: 9 } }])).toBeNull();
  });
});
