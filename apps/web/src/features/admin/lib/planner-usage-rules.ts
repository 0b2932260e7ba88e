import { monthOf, monthsUpTo, type BillingManager, type MonthlyUse } from '@rides/contract';
import { ApiError } from '../../../lib/api';

/**
 * The pure rules of the billing and one-time usage screens (002 §2.4, §2.5, §8; decision 0038): which message an
 * error shows, the month choices, the CSV of the billing table, the summary figures and the chart's scale.
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

/** The summary cards of the billing screen (002 §2.4): planners, trips, shares, PDF exports. */
export function billingTotals(rows: readonly BillingManager[]) {
  return rows.reduce(
    (sum, r) => ({
      managers: sum.managers + 1,
      rides: sum.rides + r.total_rides,
      shares: sum.shares + r.total_shares,
      pdfExports: sum.pdfExports + r.total_pdf_exports,
    }),
    { managers: 0, rides: 0, shares: 0, pdfExports: 0 },
  );
}

/**
 * One CSV field (RFC 4180): quoted when it holds a comma, a quote or a line break. A text that a spreadsheet would run
 * as a formula (= + - @ first) is prefixed with an apostrophe (OWASP "CSV injection"): a planner's name is theirs to
 * choose.
 */
export function csvField(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return String(value);
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/**
 * The billing table as CSV: a header line of the reader's column names, then one line per planner; CRLF line ends
 * and a byte-order mark, so a spreadsheet opens Hebrew names as Hebrew.
 */
export function billingCsv(rows: readonly BillingManager[], headers: readonly string[]): string {
  const lines = [
    headers.map(csvField).join(','),
    ...rows.map((r) =>
      [
        r.manager_id,
        r.username,
        r.email,
        r.total_rides,
        r.total_shares,
        r.total_days,
        r.total_pdf_exports,
        r.first_ride,
        r.last_ride,
      ]
        .map(csvField)
        .join(','),
    ),
  ];
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}

/** The CSV's columns, in billingCsv's order (their names are the reader's language). */
export const CSV_COLUMNS = [
  'managerId',
  'manager',
  'email',
  'rides',
  'shares',
  'days',
  'pdfExports',
  'firstRide',
  'lastRide',
] as const;

/** The download's file name: billing-2026-03.csv. */
export const billingFileName = (month: string): string => `billing-${month}.csv`;

/** The chart's top: the largest monthly figure, at least 1 so an idle planner's chart draws empty bars. */
export const chartMax = (monthly: readonly MonthlyUse[]): number =>
  Math.max(1, ...monthly.flatMap((m) => [m.total_rides, m.total_shares, m.total_pdf_exports]));

/** A day from the from-date input is usable when it is a full date not after today (the server's rule, 400 else). */
export function usableStartDate(value: string, today: string): boolean {
  return /^\d{4}-\d{2}-\d{2}$/.test(value) && value <= today;
}
