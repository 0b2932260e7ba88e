/**
 * Reference exchange rates (issue 35 point 2): one interface, two sources. `ecb`: the European Central Bank's euro
 * foreign exchange reference rates (base EUR, one unit of EUR in each quote currency). `boi`: the Bank of Israel's
 * representative rates (base the foreign currency, quote ILS: shekels for one unit of it). Rates are decimal strings
 * as the source published them (the Bank of Israel's per-10 and per-100 rates brought to one unit, by moving the point);
 * no number ever passes through a float.
 */
export type RatesSource = 'ecb' | 'boi';

/** A calendar day, YYYY-MM-DD. */
export type Day = string;

/** One published day's rates of one base: one `base` unit is `rates[quote]` units of `quote`. */
export interface DayRates {
  day: Day;
  base: string;
  rates: Record<string, string>;
}

export interface RatesProvider {
  source: RatesSource;
  /**
   * The rates published for `day`, or, when none were (weekends, holidays, a day not yet published), for the nearest
   * earlier published days: each entry says the day it is of. A provider may answer more days than the one asked (a
   * whole file it read), never a day it did not publish. Throws RatesProviderError when the source cannot be reached
   * within the time-out, answers an error, or answers something that is not its format.
   */
  fetchDay(day: Day): Promise<DayRates[]>;
}

export interface RatesConfig {
  /** null: no provider (RATES_PROVIDER=none): only rates already stored are used. */
  provider: RatesSource | null;
  /** The provider's base address (RATES_URL, else the source's own), without a trailing slash. */
  baseUrl: string;
  timeoutMs: number;
}

export class RatesProviderError extends Error {
  override name = 'RatesProviderError';
  constructor(
    readonly source: RatesSource,
    message: string,
  ) {
    super(`${source}: ${message}`);
  }
}

export const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** The day `n` days after `day` (n may be negative), in the proleptic Gregorian calendar, without time zones. */
export function addDays(day: Day, n: number): Day {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + n)).toISOString().slice(0, 10);
}

/** Whole days from `a` to `b` (b - a). */
export function daysBetween(a: Day, b: Day): number {
  return Math.round((Date.parse(`${b}T00:00:00Z`) - Date.parse(`${a}T00:00:00Z`)) / 86_400_000);
}

/** Whether the text is a real calendar day (not 2027-02-30). */
export const isDay = (text: string): boolean => DAY.test(text) && addDays(text, 0) === text;
