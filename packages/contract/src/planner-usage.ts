import { z } from 'zod';
import { isCalendarIsoDate } from './dates.js';
import { envelope } from './envelope.js';
import { orderParam, paging, pageInfo } from './admin-paging.js';

/**
 * What planners used, for the platform admin (002 §2.4, §2.5, §3, §7; issue 21 points 3, 4, 5; decision 0038):
 * ride_manager_billing_api, pdf_export_info_api[/{id}] and one_time_access_usage_by_manager. The wire keeps the spec's
 * names; a planner is the trip's ride manager, else its author, when that user's role is manager.
 */

/** A billing month, YYYY-MM (months 01 to 12). */
const MONTH = /^(\d{4})-(0[1-9]|1[0-2])$/;

export const isBillingMonth = (value: string): boolean => MONTH.test(value);

/** The month (YYYY-MM, UTC) of a moment. */
export function monthOf(ms: number): string {
  return new Date(ms).toISOString().slice(0, 7);
}

/** A month's first moment and the next month's (UTC): billing counts what happened from `from` to before `to`. */
export function monthRange(month: string): { from: Date; to: Date } {
  const m = MONTH.exec(month);
  if (!m) throw new Error(`not a month: ${month}`);
  const y = Number(m[1]);
  const mo = Number(m[2]);
  return { from: new Date(Date.UTC(y, mo - 1, 1)), to: new Date(Date.UTC(y, mo, 1)) };
}

/** The `count` months up to and including `month`, oldest first (the planner's chart). */
export function monthsUpTo(month: string, count: number): string[] {
  const { from } = monthRange(month);
  return Array.from({ length: count }, (_, i) =>
    monthOf(Date.UTC(from.getUTCFullYear(), from.getUTCMonth() - (count - 1 - i), 1)),
  );
}

/** How many months of use the planner's chart shows. */
export const USAGE_CHART_MONTHS = 6;

/** The one-time usage's default period when no start_date is given (decision 0038). */
export const DEFAULT_USAGE_DAYS_BACK = 30;

/**
 * Why a start_date is refused, or null when it is fine: a calendar date YYYY-MM-DD, not after today (UTC). `today`
 * is YYYY-MM-DD.
 */
export function startDateProblem(
  value: string,
  today: string,
): 'invalid_start_date' | 'start_date_in_future' | null {
  if (!isCalendarIsoDate(value)) return 'invalid_start_date';
  return value > today ? 'start_date_in_future' : null;
}

const id = z.coerce.number().int().min(1).max(2_147_483_647);

/** The billing table's sortable columns; the default is the busiest first (total_rides, descending). */
export const BILLING_SORTS = [
  'username',
  'email',
  'total_rides',
  'total_shares',
  'total_days',
  'total_pdf_exports',
  'first_ride',
  'last_ride',
] as const;
export type BillingSort = (typeof BILLING_SORTS)[number];

/** The one-time usage summary's sortable columns; the default is the most accesses first. */
export const USAGE_SORTS = ['manager_username', 'manager_email', 'total_rides', 'total_accesses'] as const;
export type UsageSort = (typeof USAGE_SORTS)[number];

/** The CSV's column names: the reader's language (`lang`), Hebrew first. */
export const CSV_LANGUAGES = ['he', 'en'] as const;

const billingListing = {
  month: z.string().refine(isBillingMonth, { message: 'invalid_month' }).optional(),
  ...paging,
  sort: z.enum(BILLING_SORTS, { message: 'invalid_sort' }).optional(),
  order: orderParam.optional(),
};

/**
 * GET ride_manager_billing_api?month=YYYY-MM (default this month)&manager_id (one planner with their trips), and the
 * listing's page, page_size, sort, order and q.
 */
export const billingQuery = z.strictObject({ ...billingListing, manager_id: id.optional() });
export type BillingQuery = z.infer<typeof billingQuery>;

/** GET ride_manager_billing_csv?month&sort&order&q&lang: every row of the month's table (no paging). */
export const billingCsvQuery = z.strictObject({
  month: billingListing.month,
  q: paging.q,
  sort: billingListing.sort,
  order: billingListing.order,
  lang: z.enum(CSV_LANGUAGES, { message: 'bad_request' }).optional(),
});
export type BillingCsvQuery = z.infer<typeof billingCsvQuery>;

/** The CSV's columns, in order: the billing record's fields (their names: the locale group `billingCsv`). */
export const BILLING_CSV_COLUMNS = [
  'manager_id',
  'username',
  'email',
  'total_rides',
  'total_shares',
  'total_days',
  'total_pdf_exports',
  'first_ride',
  'last_ride',
] as const;

/** The download's file name: billing-2026-03.csv. */
export const billingCsvFileName = (month: string): string => `billing-${month}.csv`;

/** One trip of a planner in the month (002 §3 "Ride record"). Dates are ISO times, null when it was not shared. */
export const billingTrip = z.object({
  manager_id: z.number().int(),
  ride_id: z.number().int(),
  title: z.string(),
  number_of_days: z.number().int(),
  number_of_shares: z.number().int(),
  number_of_pdf_exports: z.number().int(),
  first_shared_date: z.string().nullable(),
  last_shared_date: z.string().nullable(),
});
export type BillingTrip = z.infer<typeof billingTrip>;

/** One month of a planner's use (the chart). */
export const monthlyUse = z.object({
  month: z.string(),
  total_rides: z.number().int(),
  total_shares: z.number().int(),
  total_pdf_exports: z.number().int(),
});
export type MonthlyUse = z.infer<typeof monthlyUse>;

/**
 * A planner's month (002 §3 "Billing manager record"): the trips they used (shared or exported in the month), their
 * shares, days and PDF exports. first_ride / last_ride: the month's first and last use.
 */
export const billingManager = z.object({
  manager_id: z.number().int(),
  username: z.string(),
  email: z.string().nullable(),
  total_rides: z.number().int(),
  total_shares: z.number().int(),
  total_days: z.number().int(),
  total_pdf_exports: z.number().int(),
  first_ride: z.string().nullable(),
  last_ride: z.string().nullable(),
});
export type BillingManager = z.infer<typeof billingManager>;

/** The billing summary cards: the month's totals over every planner (not a page's sum, not the search's). */
export const billingTotals = z.object({
  managers: z.number().int(),
  rides: z.number().int(),
  shares: z.number().int(),
  days: z.number().int(),
  pdf_exports: z.number().int(),
});
export type BillingTotals = z.infer<typeof billingTotals>;

export const billingResponse = envelope({
  month: z.string(),
  /** The listing: one page of planners (see `page`, `page_size`, `total_count`); with manager_id: that planner. */
  billing_data: z.array(billingManager),
  ...pageInfo,
  /** The listing's summary cards; absent with manager_id. */
  totals: billingTotals.optional(),
  /** The trips of the planner asked for (manager_id), tagged with manager_id; empty for the listing. */
  rides: z.array(billingTrip),
  /** The planner's last USAGE_CHART_MONTHS months, oldest first; with manager_id only. */
  monthly: z.array(monthlyUse),
  message: z.string(),
});
export type BillingResponse = z.infer<typeof billingResponse>;

/** GET pdf_export_info_api?month (default this month)&page&page_size&q: a page of planners, most exports first. */
export const pdfExportInfoQuery = z.strictObject({ month: billingListing.month, ...paging });
/** GET pdf_export_info_api/{id}?month: one planner (nothing to page). */
export const pdfExportInfoOneQuery = z.strictObject({ month: billingListing.month });
export const managerIdParams = z.strictObject({ id });

export const pdfExportRecord = z.object({
  id: z.number().int(),
  ride_title: z.string(),
  ride_start_date: z.string(),
  ride_end_date: z.string(),
  created_at: z.string(),
});
export type PdfExportRecord = z.infer<typeof pdfExportRecord>;

export const pdfExportTrip = z.object({
  ride_id: z.number().int(),
  title: z.string(),
  number_of_days: z.number().int(),
  number_of_shares: z.number().int(),
  start_date: z.string(),
  end_date: z.string(),
  number_of_pdf_exports: z.number().int(),
  first_pdf_export_date: z.string(),
  last_pdf_export_date: z.string(),
  /** Every export of the trip in the month, newest first; with a manager id only (the listing leaves it out). */
  pdf_exports: z.array(pdfExportRecord).optional(),
});
export type PdfExportTrip = z.infer<typeof pdfExportTrip>;

export const pdfExportManager = z.object({
  manager_id: z.number().int(),
  username: z.string(),
  total_pdf_exports: z.number().int(),
  total_rides: z.number().int(),
  rides: z.array(pdfExportTrip),
});
export type PdfExportManager = z.infer<typeof pdfExportManager>;

/** The month's PDF export totals over every planner. */
export const pdfExportTotals = z.object({
  managers: z.number().int(),
  rides: z.number().int(),
  pdf_exports: z.number().int(),
});
export type PdfExportTotals = z.infer<typeof pdfExportTotals>;

export const pdfExportInfoResponse = envelope({
  month: z.string(),
  pdf_export_info: z.array(pdfExportManager),
  ...pageInfo,
  totals: pdfExportTotals.optional(),
  message: z.string(),
});
export type PdfExportInfoResponse = z.infer<typeof pdfExportInfoResponse>;

/**
 * GET or POST one_time_access_usage_by_manager, start_date YYYY-MM-DD (optional; not after today), and the listing's
 * page, page_size, sort, order and q (in the query for GET, in the body for POST).
 */
export const oneTimeUsageInput = z.strictObject({
  start_date: z
    .string()
    .refine((v) => isCalendarIsoDate(v), { message: 'invalid_start_date' })
    .optional(),
  ...paging,
  sort: z.enum(USAGE_SORTS, { message: 'invalid_sort' }).optional(),
  order: orderParam.optional(),
});
export type OneTimeUsageInput = z.infer<typeof oneTimeUsageInput>;

export const oneTimeAccess = z.object({
  usage_id: z.number().int(),
  /** Empty when the link was opened by someone not signed in (or whose account is gone). */
  user_id: z.number().int().nullable(),
  /** Ours (issue 30): the user's name, so the screen names people rather than numbers; null with user_id. */
  user_name: z.string().nullable(),
  /** What happened: opened, joined, copied, or the server code of a refusal (the screen translates it). */
  message: z.string().nullable(),
  created_time: z.string(),
});
export type OneTimeAccess = z.infer<typeof oneTimeAccess>;

export const oneTimeUsageTrip = z.object({
  ride_id: z.number().int(),
  ride_title: z.string(),
  duration_days: z.number().int(),
  ride_start_date: z.string(),
  ride_end_date: z.string(),
  users: z.array(oneTimeAccess),
});
export type OneTimeUsageTrip = z.infer<typeof oneTimeUsageTrip>;

export const oneTimeUsageManager = z.object({
  manager_id: z.number().int(),
  manager_username: z.string(),
  manager_email: z.string().nullable(),
  total_rides: z.number().int(),
  total_accesses: z.number().int(),
  rides: z.array(oneTimeUsageTrip),
});
export type OneTimeUsageManager = z.infer<typeof oneTimeUsageManager>;

/** The one-time usage cards: every planner's since the date (not a page's sum, not the search's). */
export const usageTotals = z.object({
  managers: z.number().int(),
  rides: z.number().int(),
  accesses: z.number().int(),
});
export type UsageTotals = z.infer<typeof usageTotals>;

export const oneTimeUsageResponse = envelope({
  start_date: z.string(),
  usage_data: z.array(oneTimeUsageManager),
  ...pageInfo,
  totals: usageTotals,
  message: z.string(),
});
export type OneTimeUsageResponse = z.infer<typeof oneTimeUsageResponse>;

/** The POST's body: the same field; no body at all is the default period. */
export const oneTimeUsageBody = z.preprocess((v) => v ?? {}, oneTimeUsageInput);
