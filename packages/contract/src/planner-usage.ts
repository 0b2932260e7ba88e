import { z } from 'zod';
import { isCalendarIsoDate } from './dates.js';
import { envelope } from './envelope.js';

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

/** GET ride_manager_billing_api?month=YYYY-MM (default this month)&manager_id (one planner with their trips). */
export const billingQuery = z.strictObject({
  month: z.string().refine(isBillingMonth, { message: 'invalid_month' }).optional(),
  manager_id: id.optional(),
});

/** One trip of a planner in the month (002 §3 "Ride record"). Dates are ISO times, null when it was not shared. */
export const billingRide = z.object({
  manager_id: z.number().int(),
  ride_id: z.number().int(),
  title: z.string(),
  number_of_days: z.number().int(),
  number_of_shares: z.number().int(),
  number_of_pdf_exports: z.number().int(),
  first_shared_date: z.string().nullable(),
  last_shared_date: z.string().nullable(),
});
export type BillingRide = z.infer<typeof billingRide>;

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

export const billingResponse = envelope({
  month: z.string(),
  billing_data: z.array(billingManager),
  /** The trips of the planner asked for (manager_id), tagged with manager_id; empty for the listing. */
  rides: z.array(billingRide),
  /** The planner's last USAGE_CHART_MONTHS months, oldest first; with manager_id only. */
  monthly: z.array(monthlyUse),
  message: z.string(),
});
export type BillingResponse = z.infer<typeof billingResponse>;

/** GET pdf_export_info_api[/{id}]?month (default this month). */
export const pdfExportInfoQuery = z.strictObject({
  month: z.string().refine(isBillingMonth, { message: 'invalid_month' }).optional(),
});
export const managerIdParams = z.strictObject({ id });

export const pdfExportRecord = z.object({
  id: z.number().int(),
  ride_title: z.string(),
  ride_start_date: z.string(),
  ride_end_date: z.string(),
  created_at: z.string(),
});
export type PdfExportRecord = z.infer<typeof pdfExportRecord>;

export const pdfExportRide = z.object({
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
export type PdfExportRide = z.infer<typeof pdfExportRide>;

export const pdfExportManager = z.object({
  manager_id: z.number().int(),
  username: z.string(),
  total_pdf_exports: z.number().int(),
  total_rides: z.number().int(),
  rides: z.array(pdfExportRide),
});
export type PdfExportManager = z.infer<typeof pdfExportManager>;

export const pdfExportInfoResponse = envelope({
  month: z.string(),
  pdf_export_info: z.array(pdfExportManager),
  message: z.string(),
});
export type PdfExportInfoResponse = z.infer<typeof pdfExportInfoResponse>;

/** GET or POST one_time_access_usage_by_manager, start_date YYYY-MM-DD (optional; not after today). */
export const oneTimeUsageInput = z.strictObject({
  start_date: z
    .string()
    .refine((v) => isCalendarIsoDate(v), { message: 'invalid_start_date' })
    .optional(),
});

export const oneTimeAccess = z.object({
  usage_id: z.number().int(),
  /** Empty when the link was opened by someone not signed in (or whose account is gone). */
  user_id: z.number().int().nullable(),
  message: z.string().nullable(),
  created_time: z.string(),
});
export type OneTimeAccess = z.infer<typeof oneTimeAccess>;

export const oneTimeUsageRide = z.object({
  ride_id: z.number().int(),
  ride_title: z.string(),
  duration_days: z.number().int(),
  ride_start_date: z.string(),
  ride_end_date: z.string(),
  users: z.array(oneTimeAccess),
});
export type OneTimeUsageRide = z.infer<typeof oneTimeUsageRide>;

export const oneTimeUsageManager = z.object({
  manager_id: z.number().int(),
  manager_username: z.string(),
  manager_email: z.string().nullable(),
  total_rides: z.number().int(),
  total_accesses: z.number().int(),
  rides: z.array(oneTimeUsageRide),
});
export type OneTimeUsageManager = z.infer<typeof oneTimeUsageManager>;

export const oneTimeUsageResponse = envelope({
  start_date: z.string(),
  usage_data: z.array(oneTimeUsageManager),
  message: z.string(),
});
export type OneTimeUsageResponse = z.infer<typeof oneTimeUsageResponse>;

/** The POST's body: the same field; no body at all is the default period. */
export const oneTimeUsageBody = z.preprocess((v) => v ?? {}, oneTimeUsageInput);
