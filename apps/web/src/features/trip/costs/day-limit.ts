import { DAY_LIMIT_HOURS_MAX, DAY_LIMIT_HOURS_MIN } from '@rides/contract';

/**
 * The settings' "longest day" field (issue 36 point 3): what was typed, read as the call's `dayLimitHours`. Empty is
 * none (the default, 12 hours); a whole number of hours from 4 to 20 is that; anything else is the server's own code,
 * said on the field before anything is sent.
 */
export type DayLimitInput = { ok: true; hours: number | null } | { ok: false; code: 'bad_day_limit' };

export function readDayLimit(typed: string): DayLimitInput {
  const text = typed.trim();
  if (text === '') return { ok: true, hours: null };
  if (!/^\d{1,2}$/.test(text)) return { ok: false, code: 'bad_day_limit' };
  const hours = Number(text);
  return hours >= DAY_LIMIT_HOURS_MIN && hours <= DAY_LIMIT_HOURS_MAX
    ? { ok: true, hours }
    : { ok: false, code: 'bad_day_limit' };
}

/** The field's text for the account's value (null: empty, the default). */
export const dayLimitText = (hours: number | null | undefined): string =>
  hours == null ? '' : String(hours);
