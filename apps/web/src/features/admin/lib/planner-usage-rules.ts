import { monthOf, monthsUpTo, type MonthlyUse } from '@rides/contract';
import { ApiError } from '../../../lib/api';

/**
 * The pure rules of the billing and one-time usage screens (002 §2.4, §2.5, §8; decision 0038): which message an
 * error shows, the month choices, the chart's scale and the from-date's check. The CSV and the summary figures are the
 * server's (decision 0038).
 */

/** Codes that say nothing about what went wrong: the screen shows its own fallback instead (002 §8). */
const GENERIC = new Set(['api_call_failed', 'unknown_error', 'bad_request']);

/**
 * 002 §8: "show the server message if present, otherwise the fallbacks": the translation key to show for a failed
 * read, the server's code when it tells something, else the screen's fallback key.
 */
export function failureKey(error: unknown, fallbackKey: string): string {
  return error instanceof ApiError && !GENERIC.has(error.code) ? error.code : fallbackKey;
}

/** The months the picker offers: this month and the `count - 1` before it, newest first. */
export function monthChoices(now: Date, count = 24): string[] {
  return monthsUpTo(monthOf(now.getTime()), count).reverse();
}

/** The chart's top: the largest monthly figure, at least 1 so an idle planner's chart draws empty bars. */
export const chartMax = (monthly: readonly MonthlyUse[]): number =>
  Math.max(1, ...monthly.flatMap((m) => [m.total_rides, m.total_shares, m.total_pdf_exports]));

/** A day from the from-date input is usable when it is a full date not after today (the server's rule, 400 else). */
export function usableStartDate(value: string, today: string): boolean {
  return /^\d{4}-\d{2}-\d{2}$/.test(value) && value <= today;
}

/** What a use of a one-time link records (access-keys.service.ts, client-opens.repository.ts): ours to name. */
const USE_EVENTS = new Set(['opened', 'joined', 'copied']);

/**
 * The text to show for a use's message (issue 30: the screen showed raw codes): a use's own event (opened, joined,
 * copied) is `admin.usage.events.<event>`, a refusal's server code is that code's own text (when the locale has one);
 * `null` for anything else (an old free text, shown as written).
 */
export function accessMessageKey(message: string, hasText: (key: string) => boolean): string | null {
  if (USE_EVENTS.has(message)) return `admin.usage.events.${message}`;
  return /^[A-Za-z0-9_]+$/.test(message) && hasText(message) ? message : null;
}
