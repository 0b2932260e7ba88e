import { describe, expect, it } from 'vitest';
import {
  hoursDuring,
  hoursOnDay,
  openingHoursProblem,
  withoutHolidaySelectors,
} from '../../src/modules/day-checks/opening-hours.js';

/**
 * Opening hours (OpenStreetMap syntax) evaluated at the place's wall clock on real dates (issue 36, decision 0070).
 * No database. The weekdays are the calendar's: 15 June 2026 is a Monday, 19 June a Friday.
 */
const jerusalemMuseum = { lat: 31.7725, lng: 35.2042 };
const jerusalemMarket = { lat: 31.7853, lng: 35.2125 };
const parisBar = { lat: 48.8566, lng: 2.3522 };
const telAvivBar = { lat: 32.0853, lng: 34.7818 };
const tokyoPark = { lat: 35.6717, lng: 139.6949 };

describe('a museum "Tu-Su 10:00-18:00"', () => {
  const hours = 'Tu-Su 10:00-18:00';

  it('is closed on a Monday: closed when the visit starts, opening Tuesday at 10:00; closed all that day', () => {
    expect(hoursDuring(hours, jerusalemMuseum, { date: '2026-06-15', time: '11:00', minutes: 120 })).toEqual({
      result: 'closed_at_start',
      opensAt: { date: '2026-06-16', time: '10:00' },
    });
    expect(hoursOnDay(hours, jerusalemMuseum, '2026-06-15')).toEqual({ result: 'closed_all_day' });
  });

  it('is open for a Tuesday visit inside its hours, to its closing minute', () => {
    expect(hoursDuring(hours, jerusalemMuseum, { date: '2026-06-16', time: '11:00', minutes: 120 })).toEqual({ result: 'open' });
    expect(hoursDuring(hours, jerusalemMuseum, { date: '2026-06-16', time: '16:00', minutes: 120 })).toEqual({ result: 'open' });
    expect(hoursOnDay(hours, jerusalemMuseum, '2026-06-16')).toEqual({
      result: 'open',
      spans: [{ from: { date: '2026-06-16', time: '10:00' }, to: { date: '2026-06-16', time: '18:00' } }],
    });
  });

  it('closes before the end of a late visit, and is closed before it opens', () => {
    expect(hoursDuring(hours, jerusalemMuseum, { date: '2026-06-16', time: '17:00', minutes: 90 })).toEqual({
      result: 'closes_before_end',
      closesAt: { date: '2026-06-16', time: '18:00' },
    });
    expect(hoursDuring(hours, jerusalemMuseum, { date: '2026-06-16', time: '09:00', minutes: 90 })).toEqual({
      result: 'closed_at_start',
      opensAt: { date: '2026-06-16', time: '10:00' },
    });
  });
});

describe('a market "Mo-Th 08:00-20:00; Fr 08:00-14:00"', () => {
  const hours = 'Mo-Th 08:00-20:00; Fr 08:00-14:00';

  it('closes early on Friday: a noon visit of three hours ends after it closes at 14:00', () => {
    expect(hoursDuring(hours, jerusalemMarket, { date: '2026-06-19', time: '12:00', minutes: 180 })).toEqual({
      result: 'closes_before_end',
      closesAt: { date: '2026-06-19', time: '14:00' },
    });
  });

  it('the same visit on Thursday is fine; on Saturday it is closed until Monday 08:00', () => {
    expect(hoursDuring(hours, jerusalemMarket, { date: '2026-06-18', time: '12:00', minutes: 180 })).toEqual({ result: 'open' });
    expect(hoursDuring(hours, jerusalemMarket, { date: '2026-06-20', time: '12:00', minutes: 180 })).toEqual({
      result: 'closed_at_start',
      opensAt: { date: '2026-06-22', time: '08:00' },
    });
  });
});

describe('across a daylight-saving change, in the place\'s own zone', () => {
  it('Jerusalem, Friday 27 March 2026 (02:00 -> 03:00): three real hours from 00:30 end at 04:30, after a 04:00 closing', () => {
    const bar = 'Th 20:00-04:00';
    // Thursday night's opening runs into Friday. Naive wall arithmetic would end the visit at 03:30, inside the hours.
    expect(hoursDuring(bar, telAvivBar, { date: '2026-03-27', time: '00:30', minutes: 180 })).toEqual({
      result: 'closes_before_end',
      closesAt: { date: '2026-03-27', time: '04:00' },
    });
    // Two and a half real hours end at 04:00 sharp: open throughout.
    expect(hoursDuring(bar, telAvivBar, { date: '2026-03-27', time: '00:30', minutes: 150 })).toEqual({ result: 'open' });
  });

  it('Paris, Sunday 29 March 2026 (02:00 -> 03:00): the missing hour is skipped, not asked about', () => {
    expect(hoursDuring('Su 00:00-04:00', parisBar, { date: '2026-03-29', time: '01:30', minutes: 120 })).toEqual({
      result: 'closes_before_end',
      closesAt: { date: '2026-03-29', time: '04:00' },
    });
    expect(hoursDuring('Su 00:00-05:00', parisBar, { date: '2026-03-29', time: '01:30', minutes: 120 })).toEqual({ result: 'open' });
    // Open only during the hour that does not exist that night: closed when the clocks move on.
    expect(hoursDuring('Su 00:00-02:30', parisBar, { date: '2026-03-29', time: '01:30', minutes: 60 })).toEqual({
      result: 'closes_before_end',
      closesAt: { date: '2026-03-29', time: '03:00' },
    });
  });

  it('Paris, Sunday 25 October 2026 (03:00 -> 02:00): two real hours from 01:30 end at the second 02:30', () => {
    expect(hoursDuring('Su 00:00-03:00', parisBar, { date: '2026-10-25', time: '01:30', minutes: 120 })).toEqual({ result: 'open' });
  });
});

describe('sunrise and sunset are the place\'s, not the server\'s', () => {
  it('a park open "sunrise-sunset" in Tokyo opens at 04:25 on 21 June 2026 (the published sunrise)', () => {
    const verdict = hoursDuring('sunrise-sunset', tokyoPark, { date: '2026-06-21', time: '04:00', minutes: 60 });
    expect(verdict.result).toBe('closed_at_start');
    const opens = verdict.result === 'closed_at_start' ? verdict.opensAt : null;
    expect(opens?.date).toBe('2026-06-21');
    expect(['04:24', '04:25', '04:26']).toContain(opens?.time);
    expect(hoursDuring('sunrise-sunset', tokyoPark, { date: '2026-06-21', time: '12:00', minutes: 60 })).toEqual({ result: 'open' });
  });
});

describe('texts the library cannot read, or that say nothing', () => {
  it('an unreadable text is unknown on the trip, and the editor is told once', () => {
    const text = 'open when we feel like it';
    expect(hoursDuring(text, jerusalemMuseum, { date: '2026-06-16', time: '11:00', minutes: 60 })).toEqual({
      result: 'unknown',
      reason: 'unreadable',
    });
    expect(openingHoursProblem(text, jerusalemMuseum)).toBe('opening_hours_unreadable');
    expect(openingHoursProblem('Mo-Fr 09:00-17:00; PH offf', jerusalemMuseum)).toBe('opening_hours_unreadable');
  });

  it('no hours, or blank ones, say nothing and are no problem', () => {
    expect(hoursDuring(null, jerusalemMuseum, { date: '2026-06-16', time: '11:00', minutes: 60 })).toEqual({
      result: 'unknown',
      reason: 'no_hours',
    });
    expect(hoursDuring('  ', jerusalemMuseum, { date: '2026-06-16', time: '11:00', minutes: 60 })).toEqual({
      result: 'unknown',
      reason: 'no_hours',
    });
    expect(openingHoursProblem(null, jerusalemMuseum)).toBeNull();
    expect(openingHoursProblem('Tu-Su 10:00-18:00', jerusalemMuseum)).toBeNull();
  });

  it('hours that say "unknown", an open end or "by appointment" are unknown, not open', () => {
    const visit = { date: '2026-06-16', time: '11:00', minutes: 60 };
    expect(hoursDuring('Mo-Fr 10:00+', jerusalemMuseum, visit)).toEqual({ result: 'unknown', reason: 'unknown_hours' });
    expect(hoursDuring('Tu 10:00-12:00 "by appointment"', jerusalemMuseum, visit)).toEqual({
      result: 'unknown',
      reason: 'unknown_hours',
    });
  });

  it('public holidays where the library knows none (Israel): readable, weekdays evaluated, the holidays set aside', () => {
    const hours = 'Su-Th 08:00-17:00; Fr 08:00-13:00; PH off';
    expect(openingHoursProblem(hours, jerusalemMuseum)).toBeNull();
    expect(hoursDuring(hours, jerusalemMuseum, { date: '2026-06-19', time: '12:00', minutes: 120 })).toEqual({
      result: 'closes_before_end',
      closesAt: { date: '2026-06-19', time: '13:00' },
    });
    expect(hoursDuring('Mo-Fr,PH 09:00-17:00', jerusalemMuseum, { date: '2026-06-16', time: '10:00', minutes: 60 })).toEqual({
      result: 'open',
    });
  });

  it("where the library knows the holidays (France), they count: Bastille Day's 'PH off'", () => {
    const louvre = { lat: 48.8606, lng: 2.3376 };
    // Tuesday 14 July 2026.
    expect(hoursDuring('Mo-Fr 09:00-17:00; PH off', louvre, { date: '2026-07-14', time: '10:00', minutes: 60 }).result).toBe(
      'closed_at_start',
    );
    expect(hoursDuring('Mo-Fr 09:00-17:00; PH off', louvre, { date: '2026-07-15', time: '10:00', minutes: 60 })).toEqual({
      result: 'open',
    });
  });

  it('sets aside holiday selectors outside quoted comments only', () => {
    expect(withoutHolidaySelectors('Mo-Fr,PH 09:00-17:00; PH off; Sa 10:00-12:00 "PH too"')).toBe(
      'Mo-Fr 09:00-17:00; Sa 10:00-12:00 "PH too"',
    );
    expect(withoutHolidaySelectors('PH off')).toBeNull();
    expect(withoutHolidaySelectors('Mo-Fr 09:00-17:00 || SH Mo-Fr 10:00-12:00')).toBe('Mo-Fr 09:00-17:00');
  });
});
