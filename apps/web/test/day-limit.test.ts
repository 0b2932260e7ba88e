import { describe, expect, it } from 'vitest';
import { accountSettingsBody } from '@rides/contract';
import { dayLimitText, readDayLimit } from '../src/features/trip/costs/day-limit';

/** The settings' "longest day" field (issue 36 point 3): read as the call's dayLimitHours, exactly as the call takes it. */
describe('the longest day typed in the settings', () => {
  it('empty is none (the default); a whole number of hours from 4 to 20 is that number', () => {
    expect(readDayLimit('')).toEqual({ ok: true, hours: null });
    expect(readDayLimit('  ')).toEqual({ ok: true, hours: null });
    expect(readDayLimit('4')).toEqual({ ok: true, hours: 4 });
    expect(readDayLimit(' 8 ')).toEqual({ ok: true, hours: 8 });
    expect(readDayLimit('20')).toEqual({ ok: true, hours: 20 });
  });

  it('anything else is the server’s own code, before anything is sent', () => {
    for (const typed of ['3', '21', '0', '-8', '8.5', '8,5', '1e1', 'eight', '08:00', '100'])
      expect(readDayLimit(typed), typed).toEqual({ ok: false, code: 'bad_day_limit' });
  });

  it('what it accepts the call accepts, and what it refuses the call refuses', () => {
    for (const typed of ['', '3', '4', '12', '20', '21', '8.5', '0'] as const) {
      const read = readDayLimit(typed);
      const sent = accountSettingsBody.safeParse({ dayLimitHours: read.ok ? read.hours : Number(typed) });
      expect(sent.success, typed).toBe(read.ok);
    }
  });

  it('shows the account’s value, or nothing for none', () => {
    expect([dayLimitText(null), dayLimitText(undefined), dayLimitText(9)]).toEqual(['', '', '9']);
  });
});
