/**
 * Wire date formats of the spec. Trip dates are calendar dates at the destination: these helpers
 * never touch a time zone (no Date objects), they only move digits between formats.
 */
const TRIP_DATE = /^(\d{2})-(\d{2})-(\d{4})$/; // DD-MM-YYYY
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/; // YYYY-MM-DD (database `date`)

const validYmd = (y: number, m: number, d: number): boolean => {
  if (m < 1 || m > 12 || d < 1) return false;
  const daysInMonth = [
    31,
    y % 4 === 0 && (y % 100 !== 0 || y % 400 === 0) ? 29 : 28,
    31,
    30,
    31,
    30,
    31,
    31,
    30,
    31,
    30,
    31,
  ];
  return d <= (daysInMonth[m - 1] ?? 0);
};

/** DD-MM-YYYY -> YYYY-MM-DD, or null when it is not a real calendar date. */
export function tripDateToIso(value: string): string | null {
  const m = TRIP_DATE.exec(value);
  if (!m) return null;
  const [, dd, mm, yyyy] = m as unknown as [string, string, string, string];
  return validYmd(+yyyy, +mm, +dd) ? `${yyyy}-${mm}-${dd}` : null;
}

/** Whether a YYYY-MM-DD text is a real calendar date (2026-02-30 is not). */
export function isCalendarIsoDate(value: string): boolean {
  const m = ISO_DATE.exec(value);
  return m !== null && validYmd(+(m[1] as string), +(m[2] as string), +(m[3] as string));
}

/** YYYY-MM-DD -> DD-MM-YYYY. */
export function isoToTripDate(value: string): string {
  const m = ISO_DATE.exec(value);
  if (!m) throw new Error(`not an ISO date: ${value}`);
  return `${m[3]}-${m[2]}-${m[1]}`;
}

/** Whole days from a to b (ISO dates), computed on the calendar, not on clocks. */
export function daysBetween(aIso: string, bIso: string): number {
  const toDays = (iso: string) => {
    const [y, m, d] = iso.split('-').map(Number) as [number, number, number];
    return Date.UTC(y, m - 1, d) / 86_400_000;
  };
  return Math.round(toDays(bIso) - toDays(aIso));
}

/** ISO date plus n calendar days. */
export function addDays(iso: string, n: number): string {
  const [y, m, d] = iso.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + n)).toISOString().slice(0, 10);
}

/** What is wrong with a date range, in the order a person fixes it: the order first, then the limits. */
export type DateRangeProblem = 'end_before_start' | 'date_are_not_in_range' | 'limiting_the_trip_duration';

/**
 * The one date-range rule (trips, their days, stays, and the forms that send them): the end before the start is
 * `end_before_start` whatever else is wrong (issue 30: a reversed range used to read "outside the trip's dates"),
 * then a range outside `within` is date_are_not_in_range, then one longer than `maxDays` days (first and last
 * counted) is limiting_the_trip_duration. `sameDay` says whether the end may be the start's day (a trip of one day
 * may; a stay's check-out may not). ISO dates (YYYY-MM-DD), compared as text.
 */
export function dateRangeProblem(
  startIso: string,
  endIso: string,
  rule: { sameDay: boolean; within?: { startDate: string; endDate: string } | null; maxDays?: number },
): DateRangeProblem | null {
  if (rule.sameDay ? endIso < startIso : endIso <= startIso) return 'end_before_start';
  if (rule.within && (startIso < rule.within.startDate || endIso > rule.within.endDate))
    return 'date_are_not_in_range';
  if (rule.maxDays !== undefined && daysBetween(startIso, endIso) + 1 > rule.maxDays)
    return 'limiting_the_trip_duration';
  return null;
}
