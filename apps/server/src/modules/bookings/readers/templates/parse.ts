import type { Reservation, ReservationEnd } from '@rides/contract';
import { RESERVATION_TEXT_MAX, toMinorUnits } from '@rides/contract';

/**
 * What the sender templates share: the dates, times and prices confirmations print, in Hebrew and English, and the
 * label-and-value reading of a confirmation's lines. Nothing here makes a value up: what is not printed is absent.
 */

/** Read at most this much of a text: a confirmation is a few pages; more is not a confirmation. */
export const TEMPLATE_TEXT_MAX = 100_000;

export interface DateOptions {
  /** Numeric dates month first ("03/10/2027" is March 10): a US sender's English text. Day first otherwise. */
  monthFirst?: boolean;
  /** 'YYYY-MM-DD' a date without a year is near (the mail's day): it gets the year that puts it on or after. */
  near?: string;
}

const EN_MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];
/** Hebrew month names as written after "ב" ("10 במרץ 2027") or alone, in their common spellings. */
const HE_MONTHS: [RegExp, number][] = [
  [/^ינו/, 1], [/^פבר/, 2], [/^מר[סץ]/, 3], [/^אפר/, 4], [/^מאי/, 5], [/^יונ/, 6],
  [/^יול/, 7], [/^אוג/, 8], [/^ספט/, 9], [/^אוק/, 10], [/^נוב/, 11], [/^דצמ/, 12],
];

function monthOf(word: string): number | undefined {
  const w = word.toLowerCase().replace(/^ב-?/, '');
  const en = EN_MONTHS.indexOf(w.slice(0, 3));
  if (en >= 0 && /^[a-z]+\.?$/.test(w)) return en + 1;
  return HE_MONTHS.find(([re]) => re.test(w))?.[1];
}

const pad = (n: number) => String(n).padStart(2, '0');

function isoDate(y: number, m: number, d: number): string | undefined {
  if (m < 1 || m > 12 || d < 1 || d > 31) return undefined;
  const date = new Date(Date.UTC(y, m - 1, d));
  if (date.getUTCMonth() !== m - 1) return undefined;
  return `${y}-${pad(m)}-${pad(d)}`;
}

const fullYear = (y: string) => (y.length === 2 ? 2000 + Number(y) : Number(y));

/** The year that puts month and day on or after `near` (a confirmation is for a trip ahead), else none. */
function yearNear(m: number, d: number, near: string | undefined): number | undefined {
  const n = near && /^(\d{4})-(\d{2})-(\d{2})$/.exec(near);
  if (!n) return undefined;
  const y = Number(n[1]);
  return `${pad(m)}-${pad(d)}` >= `${n[2]}-${n[3]}` ? y : y + 1;
}

const MONTH_WORD = '([A-Za-z]{3,9}\\.?|ב-?[\u05d0-\u05ea]{3,7}|[\u05d0-\u05ea]{3,7})';
const DATE_PATTERNS: { re: RegExp; read: (m: RegExpExecArray, o: DateOptions) => string | undefined }[] = [
  // 2027-03-10
  { re: /\b(\d{4})-(\d{2})-(\d{2})\b/g, read: (m) => isoDate(Number(m[1]), Number(m[2]), Number(m[3])) },
  // 10 Mar 2027, Wed, 10 March 2027, 10 במרץ 2027, 10MAR27 (an airline's), 10 Mar (a year from `near`)
  {
    re: new RegExp(`(?<![\\d/.])(\\d{1,2})(?:st|nd|rd|th)?[ -]?${MONTH_WORD}(?:,?[ -]?(\\d{4}|\\d{2}(?![\\d:])))?`, 'g'),
    read: (m, o) => {
      const month = monthOf(m[2]!);
      if (!month) return undefined;
      const year = m[3] ? fullYear(m[3]) : yearNear(month, Number(m[1]), o.near);
      return year ? isoDate(year, month, Number(m[1])) : undefined;
    },
  },
  // Mar 10, 2027, Wednesday, March 10, 2027 (US English)
  {
    re: /\b([A-Za-z]{3,9}\.?) (\d{1,2})(?:st|nd|rd|th)?(?:,? (\d{4}))?(?![\d:])/g,
    read: (m, o) => {
      const month = monthOf(m[1]!);
      if (!month) return undefined;
      const year = m[3] ? Number(m[3]) : yearNear(month, Number(m[2]), o.near);
      return year ? isoDate(year, month, Number(m[2])) : undefined;
    },
  },
  // 10/03/2027, 10.03.27, 10-03-2027: day first unless the sender writes month first; an impossible one swapped
  {
    re: /(?<![\d:.])(\d{1,2})([/.-])(\d{1,2})\2(\d{4}|\d{2})(?![\d:])/g,
    read: (m, o) => {
      const [a, b, y] = [Number(m[1]), Number(m[3]), fullYear(m[4]!)];
      const [d, mo] = o.monthFirst ? [b, a] : [a, b];
      return isoDate(y, mo, d) ?? isoDate(y, d, mo);
    },
  },
];

export interface Found {
  value: string;
  index: number;
}

/** Every date printed in the text, in order. */
export function findDates(text: string, options: DateOptions = {}): Found[] {
  const found: (Found & { end: number })[] = [];
  for (const { re, read } of DATE_PATTERNS) {
    re.lastIndex = 0;
    for (let m = re.exec(text); m; m = re.exec(text)) {
      const value = read(m, options);
      const [index, end] = [m.index, m.index + m[0].length];
      // Two patterns may read the same words ("10 Mar 2027" is not also "Mar 20"): the first pattern keeps them.
      if (value && !found.some((f) => index < f.end && f.index < end)) found.push({ value, index, end });
    }
  }
  return found.sort((a, b) => a.index - b.index).map(({ value, index }) => ({ value, index }));
}

export const firstDate = (text: string, options?: DateOptions) => findDates(text, options)[0]?.value;

/** Every time printed: "06:15", "6:15 PM", "18.00 h" is not one (a price looks like it); in order, as 'HH:mm'. */
export function findTimes(text: string): Found[] {
  const out: Found[] = [];
  const re = /(?<![\d:./])(\d{1,2}):(\d{2})(?:\s?([AaPp])\.?[Mm]\.?)?(?![\d:/])/g;
  for (let m = re.exec(text); m; m = re.exec(text)) {
    let h = Number(m[1]);
    const min = Number(m[2]);
    const half = m[3]?.toLowerCase();
    if (half && (h < 1 || h > 12)) continue;
    if (half === 'p' && h < 12) h += 12;
    if (half === 'a' && h === 12) h = 0;
    if (h > 23 || min > 59) continue;
    out.push({ value: `${pad(h)}:${pad(min)}`, index: m.index });
  }
  return out;
}

export const firstTime = (text: string) => findTimes(text)[0]?.value;

/** One end of a reservation from a date and perhaps a time; no date, no end (a time alone is no day). */
export function endAt(date: string | undefined, time: string | undefined): ReservationEnd | undefined {
  if (!date) return undefined;
  return time ? { date, dateTime: `${date}T${time}` } : { date };
}

/** The day after a 'YYYY-MM-DD'. */
export function nextDay(date: string): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
}

const CURRENCY_SIGNS: [RegExp, string][] = [
  [/₪|ש["״']ח|שקלים|\bNIS\b|\bILS\b/i, 'ILS'],
  [/€|\bEUR\b|euros?\b|אירו/i, 'EUR'],
  [/\$|\bUSD\b|דולר/i, 'USD'],
  [/£|\bGBP\b/i, 'GBP'],
  [/\bCHF\b/i, 'CHF'],
];
const CODES = /\b(ILS|NIS|EUR|USD|GBP|CHF|JPY|CAD|AUD|CZK|HUF|PLN|TRY|THB|SEK|NOK|DKK|AED)\b/;
const AMOUNT = '(\\d{1,3}(?:[,\\s]\\d{3})+(?:\\.\\d{1,2})?|\\d+(?:\\.\\d{1,2})?)';
const SIGN = '(₪|€|\\$|£|ש["״\']ח|[A-Z]{3})';

/** "₪1,234.50", "EUR 320", "320 €", "1,234.50 ש"ח", "Total (USD) $450.00" -> minor units and ISO code. */
export function parsePrice(text: string): Reservation['price'] | undefined {
  const re = new RegExp(`${SIGN}\\s?${AMOUNT}|${AMOUNT}\\s?${SIGN}`, 'g');
  for (let m = re.exec(text); m; m = re.exec(text)) {
    const sign = m[1] ?? m[4]!;
    const amount = (m[2] ?? m[3]!).replace(/[,\s]/g, '');
    // Three capitals are a currency only when they are one ("TLV 320" is not a price).
    const code = CODES.exec(sign)?.[1] ?? CURRENCY_SIGNS.find(([sig]) => sig.test(sign))?.[1];
    if (!code) continue;
    const currency = code === 'NIS' ? 'ILS' : code;
    const amountMinor = toMinorUnits(amount, currency);
    if (amountMinor !== null) return { amountMinor, currency };
  }
  return undefined;
}

/**
 * The text's lines, tidied (direction marks and runs of spaces gone), at most TEMPLATE_TEXT_MAX characters read. A
 * label alone on its line ("Location:", a table's cell) is joined to the value below it, as the plain text prints it.
 */
export function linesOf(text: string): string[] {
  const lines = text
    .slice(0, TEMPLATE_TEXT_MAX)
    .replace(/[\u200e\u200f\u202a-\u202e\u2066-\u2069]/g, '')
    .split(/\r?\n/)
    .map((l) => l.replace(/[ \t\u00a0]+/g, ' ').trim())
    .filter((l) => l.length > 0);
  const out: string[] = [];
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    const next = lines[i + 1];
    if (next !== undefined && /[:：]$/.test(line) && !/[:：]$/.test(next)) {
      out.push(`${line} ${next}`);
      i++;
    } else out.push(line);
  }
  return out;
}

/**
 * What a label says: the rest of the label's line (after a colon) and, when the value is printed below it (a table
 * cell, a PDF's column), the next lines, up to `lines` of them or a line that is another label (`stop`).
 */
export function after(lines: string[], label: RegExp, stop?: RegExp, count = 2): string | undefined {
  for (let i = 0; i < lines.length; i++) {
    const m = label.exec(lines[i]!);
    if (!m) continue;
    const parts = [lines[i]!.slice(m.index + m[0].length).replace(/^\s*[:：\-–|]?\s*/, '')];
    for (let k = i + 1; k < lines.length && k <= i + count; k++) {
      if (stop?.test(lines[k]!) || label.test(lines[k]!)) break;
      parts.push(lines[k]!);
    }
    return parts.filter(Boolean).join('\n');
  }
  return undefined;
}

/** A short text for a field: one line, trimmed, capped. */
export function short(value: string | undefined): string | undefined {
  const s = value?.replace(/\s+/g, ' ').trim();
  return s ? s.slice(0, RESERVATION_TEXT_MAX) : undefined;
}

/** A code after one of the labels: "Booking reference: X7K2LM", "מספר אישור 4012.558.901" (same line or next). */
export function codeAfter(lines: string[], label: RegExp, code: RegExp): string | undefined {
  for (let i = 0; i < lines.length; i++) {
    const m = label.exec(lines[i]!);
    if (!m) continue;
    const rest = `${lines[i]!.slice(m.index + m[0].length)}\n${lines[i + 1] ?? ''}`;
    const c = code.exec(rest);
    if (c) return c[1] ?? c[0];
  }
  return undefined;
}

/** A template's reservation, with its source. */
export function templateReservation(
  id: string,
  type: Reservation['type'],
  confidence: number,
): Reservation {
  return { id, type, travellers: [], source: { kind: 'template', confidence } };
}

/** How a template reads its text: the ids, and the date reading options for this text. */
export interface TemplateContext {
  makeId: () => string;
  dates: DateOptions;
}

/** A sender's template: whether the text is its sender's (names, domains), then what it reads. */
export interface Template {
  name: string;
  matches: (text: string) => boolean;
  read: (lines: string[], ctx: TemplateContext) => Reservation[];
}

const HEBREW = /[\u05d0-\u05ea]/;
/** "Mar 10, 2027": a US sender's English; its numeric dates are month first too. */
const MONTH_FIRST_NAMED = /\b(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\.? \d{1,2}, \d{4}\b/i;

/** The date options of a text: month first only for an English text that writes its named dates month first. */
export function dateOptions(text: string, near?: string): DateOptions {
  const options: DateOptions = {};
  if (near) options.near = near;
  if (!HEBREW.test(text) && MONTH_FIRST_NAMED.test(text)) options.monthFirst = true;
  return options;
}

/** "Passenger: LEVI/NOA MS", "נוסעים: נועה לוי, דן לוי" -> the names (at most 20). */
export function travellersOf(lines: string[], label: RegExp): string[] {
  const names: string[] = [];
  for (const line of lines) {
    const m = label.exec(line);
    if (!m || m.index > 0) continue;
    const rest = line.slice(m[0].length).replace(/^\s*[:：]\s*/, '');
    for (const name of rest.split(/[,;]/)) {
      const n = short(name);
      if (n && /^[\p{L}\s/.'׳-]{2,60}$/u.test(n) && !names.includes(n)) names.push(n);
    }
  }
  return names.slice(0, 20);
}
