import { PLAIN_DECIMAL } from './decimal.js';
import { fetchText } from './http.js';
import { addDays, daysBetween, isDay, RatesProviderError, type Day, type DayRates, type RatesProvider } from './types.js';
import { attributes } from './xml.js';

/**
 * The European Central Bank's euro foreign exchange reference rates: three files under
 * https://www.ecb.europa.eu/stats/eurofxref/ (eurofxref-daily.xml: the last published day; eurofxref-hist-90d.xml:
 * about the last 90 days; eurofxref-hist.xml: every day since 1999), each a gesmes:Envelope holding
 * `<Cube><Cube time="YYYY-MM-DD"><Cube currency="USD" rate="1.0832"/>...</Cube>...</Cube>`, one euro in each currency
 * (ILS among them), published around 16:00 CET on the TARGET working days (none on weekends and TARGET holidays).
 */
export const ECB_BASE = 'EUR';

/** The most characters read of each file (the whole history is about 10 MB; the 90 days about 100 KB). */
export const ECB_MAX_BYTES = { daily: 256 * 1024, recent: 4 * 1024 * 1024, history: 48 * 1024 * 1024 };

/** A day older than this (from today) is read from the whole history, younger from the 90 days' file. */
const RECENT_FILE_DAYS = 85;

/** Days kept around the asked one when the whole history is read (the rest is not stored). */
const HISTORY_WINDOW_DAYS = 31;

const CUBE = /<Cube\b([^>]*)>/g;
const CURRENCY = /^[A-Z]{3}$/;

/**
 * The days of an ECB reference rates file, newest first, each with its rates as published (decimal strings). A
 * currency cube with a malformed code or rate is skipped, a day with no rate left is dropped; a text that is not a
 * whole ECB file (no closing envelope: cut off, an error page), has no day, or is longer than `maxChars`, throws.
 */
export function parseEcbXml(text: string, maxChars = ECB_MAX_BYTES.history): DayRates[] {
  if (text.length > maxChars) throw new RatesProviderError('ecb', `file longer than ${maxChars} characters`);
  if (!/<\/(?:[\w-]+:)?Envelope>\s*$/.test(text)) throw new RatesProviderError('ecb', 'not a whole reference rates file');
  const days = new Map<Day, Record<string, string>>();
  let current: Record<string, string> | null = null;
  for (const m of text.matchAll(CUBE)) {
    const attrs = attributes(m[1] as string);
    if (attrs.time !== undefined) {
      if (!isDay(attrs.time)) throw new RatesProviderError('ecb', `bad day ${JSON.stringify(attrs.time.slice(0, 20))}`);
      current = days.get(attrs.time) ?? {};
      days.set(attrs.time, current);
    } else if (attrs.currency !== undefined && attrs.rate !== undefined && current) {
      if (CURRENCY.test(attrs.currency) && PLAIN_DECIMAL.test(attrs.rate) && /[1-9]/.test(attrs.rate)) {
        current[attrs.currency] = attrs.rate;
      }
    }
  }
  const out = [...days]
    .filter(([, rates]) => Object.keys(rates).length > 0)
    .map(([day, rates]) => ({ day, base: ECB_BASE, rates }))
    .sort((a, b) => (a.day < b.day ? 1 : a.day > b.day ? -1 : 0));
  if (out.length === 0) throw new RatesProviderError('ecb', 'no rates in the file');
  return out;
}

export interface EcbOptions {
  /** Where the three files are (https://www.ecb.europa.eu/stats/eurofxref, or a mirror's), without a trailing slash. */
  baseUrl: string;
  timeoutMs: number;
  /** Today, to choose the file (tests give a fixed clock). */
  now?: () => Date;
}

/**
 * Reads the smallest file that holds the day: the daily one for today (or a later day: its last published day is the
 * nearest earlier), the 90 days' for the last 85 days (all its days are answered: a trip's other days come free), the
 * whole history for older days (only the 31 days either side are answered).
 */
export function createEcbProvider(opts: EcbOptions): RatesProvider {
  const now = opts.now ?? (() => new Date());
  return {
    source: 'ecb',
    async fetchDay(day) {
      const age = daysBetween(day, now().toISOString().slice(0, 10));
      const [file, maxBytes] =
        age <= 0
          ? (['eurofxref-daily.xml', ECB_MAX_BYTES.daily] as const)
          : age <= RECENT_FILE_DAYS
            ? (['eurofxref-hist-90d.xml', ECB_MAX_BYTES.recent] as const)
            : (['eurofxref-hist.xml', ECB_MAX_BYTES.history] as const);
      const text = await fetchText('ecb', `${opts.baseUrl}/${file}`, {
        timeoutMs: opts.timeoutMs,
        maxBytes,
        accept: 'application/xml, text/xml;q=0.9',
      });
      const days = parseEcbXml(text, maxBytes);
      if (file !== 'eurofxref-hist.xml') return days;
      const from = addDays(day, -HISTORY_WINDOW_DAYS);
      const to = addDays(day, HISTORY_WINDOW_DAYS);
      return days.filter((d) => d.day >= from && d.day <= to);
    },
  };
}
