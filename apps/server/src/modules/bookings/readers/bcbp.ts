import type { Reservation } from '@rides/contract';
import { RESERVATIONS_PER_IMPORT_MAX } from '@rides/contract';
import { addOnce } from './merge.js';

/**
 * Bar-coded boarding passes (IATA Resolution 792, format "M"): the string inside a boarding pass's PDF417, Aztec or QR
 * code, which a mail, a PDF's text or a Wallet pass also carries. Fixed-width fields, so exact: each leg gives the PNR,
 * both airports, the operating carrier, the flight number and the day of the flight. Pure; confidence 1.
 *
 * What a pass does not say: any time (it has the day of the year only, no departure time, no arrival day) and the year.
 * So each leg is a flight whose start is `{ date, place: { iata } }` and whose end is the arrival airport alone,
 * `{ place: { iata } }`: the arrival day is not printed (giving it the departure's day would be wrong for every
 * overnight or date-line flight). Readers that know more fill it (the Wallet pass reader, a sender's template).
 */

export interface BcbpLeg {
  pnr: string;
  from: string;
  to: string;
  /** The operating carrier's code ("LY"). */
  carrier: string;
  /** Without leading zeros, with its suffix letter ("315", "12A"). */
  flightNumber: string;
  /** Day of the year, 1..366. */
  julianDay: number;
  compartment: string;
  seat: string;
}

export interface BoardingPass {
  /** As a person reads it: "LEVI/NOA MRS" -> "NOA LEVI". */
  passenger: string;
  legs: BcbpLeg[];
  /** The day the pass was issued, as its last year digit and day of the year ("7069"), when the pass gives it. */
  issued?: { yearDigit: number; julianDay: number };
}

/** Header: "M", legs, name (20), electronic ticket indicator. A leg: 35 fixed characters and 2 hex. */
const HEADER = 23;
const LEG = 37;
/** Scanned text (a mail body, a PDF's text) and passes found: a hostile text costs a bounded amount. */
const MAX_TEXT = 2_000_000;

const LEG_FIELDS =
  /^([A-Z0-9]{5,7} {0,2})([A-Z]{3})([A-Z]{3})([A-Z0-9]{2}[A-Z0-9 ])( {0,3}\d{1,4}[A-Z ]?)( {0,2}\d{1,3})([A-Z])([0-9A-Z ]{4})([0-9A-Z ]{5})([0-9A-Z ])([0-9A-Fa-f]{2})$/;

/** The leg that starts at `at`, and where the next begins; null when the fields are not a leg's. */
function legAt(text: string, at: number, last: boolean): { leg: BcbpLeg; next: number; variable: string } | null {
  const m = LEG_FIELDS.exec(text.slice(at, at + LEG));
  if (!m || m[1]!.length !== 7 || m[5]!.length !== 5 || m[6]!.length !== 3) return null;
  const julianDay = Number(m[6]);
  if (julianDay < 1 || julianDay > 366) return null;
  const size = parseInt(m[11]!, 16);
  const next = at + LEG + size;
  // A leg followed by another must hold all its conditional data; the last one may be cut short by the text around it
  // (a line wrapped in a mail) without losing a field we read.
  if (!last && next > text.length) return null;
  const flight = /(\d{1,4})([A-Z]?)/.exec(m[5]!)!;
  return {
    leg: {
      pnr: m[1]!.trim(),
      from: m[2]!,
      to: m[3]!,
      carrier: m[4]!.trim(),
      flightNumber: `${Number(flight[1])}${flight[2]}`,
      julianDay,
      compartment: m[7]!,
      seat: m[8]!.trim().replace(/^0+(?=\d)/, ''),
    },
    next,
    variable: text.slice(at + LEG, next),
  };
}

const TITLE = /\s+(?:MR|MRS|MS|MISS|MSTR|DR|PROF|CHD|INF)$/;

/** "LEVI/NOA MRS" -> "NOA LEVI"; a name without a slash as written. */
function personOf(field: string): string {
  const name = field.replace(/\s+/g, ' ').trim().replace(TITLE, '');
  const slash = name.indexOf('/');
  if (slash < 0) return name;
  return `${name.slice(slash + 1).trim()} ${name.slice(0, slash).trim()}`.trim();
}

/** The pass that starts at `at` (an "M" then the number of legs), and its length; null when it is not one. */
function passAt(text: string, at: number): { pass: BoardingPass; length: number } | null {
  const head = text.slice(at, at + HEADER);
  const m = /^M([1-4])([A-Z/ .'-]{20})([A-Z ])$/.exec(head);
  if (!m || !/^[A-Z][A-Z/ .'-]*[A-Z.]\s*$/.test(m[2]!)) return null;
  const count = Number(m[1]);
  const legs: BcbpLeg[] = [];
  let issued: BoardingPass['issued'];
  let p = at + HEADER;
  for (let i = 0; i < count; i++) {
    const found = legAt(text, p, i === count - 1);
    if (!found) return null;
    legs.push(found.leg);
    if (i === 0) {
      // The first leg's conditional data opens with the pass's own items: ">", version, size (2 hex), passenger
      // description, check-in source, issuance source, then the date of issue as its year's last digit and the day.
      const d = /^>[0-9A-Z][0-9A-Fa-f]{2}...(\d)(\d{3})/.exec(found.variable);
      const day = d ? Number(d[2]) : 0;
      if (d && day >= 1 && day <= 366) issued = { yearDigit: Number(d[1]), julianDay: day };
    }
    p = found.next;
  }
  const passenger = personOf(m[2]!);
  return { pass: issued ? { passenger, legs, issued } : { passenger, legs }, length: Math.min(p, text.length) - at };
}

/** Every boarding-pass string in the text, in order. */
export function bcbpPasses(text: string): BoardingPass[] {
  const s = text.length > MAX_TEXT ? text.slice(0, MAX_TEXT) : text;
  const out: BoardingPass[] = [];
  const start = /M[1-4]/g;
  for (let m = start.exec(s); m && out.length < RESERVATIONS_PER_IMPORT_MAX; m = start.exec(s)) {
    const found = passAt(s, m.index);
    if (!found) continue;
    out.push(found.pass);
    start.lastIndex = m.index + found.length;
  }
  return out;
}

const DAY_MS = 86_400_000;
const isLeap = (y: number) => (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0;
const iso = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** The day `julianDay` of `year` (UTC ms), or null when that year has no such day (366 in a common year). */
const dayOf = (year: number, julianDay: number): number | null =>
  julianDay <= (isLeap(year) ? 366 : 365) ? Date.UTC(year, 0, julianDay) : null;

/** The first day numbered `julianDay` on or after `fromMs`. */
function firstOnOrAfter(julianDay: number, fromMs: number): string {
  const year = new Date(fromMs).getUTCFullYear();
  // Eight years reach a day 366 even across a century year that is not leap.
  for (let y = year; y <= year + 8; y++) {
    const ms = dayOf(y, julianDay);
    if (ms !== null && ms >= fromMs) return iso(ms);
  }
  return iso(dayOf(year, 1)!); // Not reached: julianDay is 1..366.
}

/**
 * The flight's day from its day of the year. With the pass's date of issue (its year's last digit): the issue year is
 * the one ending in that digit nearest `near`, and the flight the first such day on or after the issue (a pass is
 * issued at check-in, before the flight). Without it: the first such day on or after `near` less 30 days; `near` is
 * the document's date (the mail's Date), which comes shortly before the flight (check-in opens a day or so before) or
 * after it by weeks at most (a pass forwarded for expenses), so a day up to 30 days before the mail is this year's
 * past flight rather than next year's.
 */
export function bcbpDate(julianDay: number, near: string, issued?: BoardingPass['issued']): string {
  const nearMs = Date.parse(`${near}T00:00:00Z`);
  if (issued) {
    const nearYear = new Date(nearMs).getUTCFullYear();
    let year = nearYear - ((((nearYear - issued.yearDigit) % 10) + 10) % 10);
    if (nearYear - year > 5) year += 10;
    const issuedMs = dayOf(year, issued.julianDay);
    if (issuedMs !== null) return firstOnOrAfter(julianDay, issuedMs);
  }
  return firstOnOrAfter(julianDay, nearMs - 30 * DAY_MS);
}

export interface BcbpOptions {
  /** YYYY-MM-DD: the document's date (a mail's Date header), to find the year. Default: today (UTC). */
  near?: string;
}

/** One flight reservation for each leg of each boarding pass in the text (the same leg twice: once, both names). */
export function readBcbp(text: string, makeId: () => string, opts: BcbpOptions = {}): Reservation[] {
  const near =
    opts.near && /^\d{4}-\d{2}-\d{2}$/.test(opts.near) && !Number.isNaN(Date.parse(opts.near))
      ? opts.near
      : new Date().toISOString().slice(0, 10);
  const out: Reservation[] = [];
  for (const pass of bcbpPasses(text)) {
    for (const leg of pass.legs) {
      const r: Reservation = {
        id: makeId(),
        type: 'flight',
        reservationNumber: leg.pnr,
        number: `${leg.carrier} ${leg.flightNumber}`,
        carrier: leg.carrier,
        travellers: pass.passenger ? [pass.passenger] : [],
        start: { date: bcbpDate(leg.julianDay, near, pass.issued), place: { iata: leg.from } },
        // The arrival's airport without its day (not printed; never guessed from the departure's).
        end: { place: { iata: leg.to } },
        source: { kind: 'bcbp', confidence: 1 },
      };
      if (addOnce(out, r) && out.length >= RESERVATIONS_PER_IMPORT_MAX) return out;
    }
  }
  return out;
}
