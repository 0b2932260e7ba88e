import type { Reservation } from '@rides/contract';
import { RESERVATIONS_PER_IMPORT_MAX } from '@rides/contract';
import {
  after, codeAfter, endAt, findDates, findTimes, firstDate, firstTime, nextDay, parsePrice, templateReservation,
  travellersOf, type TemplateContext,
} from './parse.js';

/**
 * An airline's confirmation or e-ticket as text (El Al, Israir, Arkia): each of its flight numbers ("LY 315") starts
 * a flight; the lines from there to the next flight number say its airports ("Tel Aviv (TLV) → Zurich (ZRH)"), its
 * departure and its arrival. Airports are kept as their IATA codes only: the import names them and finds their zones.
 */

export interface Airline {
  /** The IATA airline code printed before flight numbers. */
  code: string;
  name: string;
}

const DEPARTURE = /\b(?:departure|departs?|depart(?:ing)?)\b|המראה|יציאה|ממריאה/i;
const ARRIVAL = /\b(?:arrival|arrives?|landing)\b|נחיתה|הגעה|נוחתת/i;
const PNR_LABEL =
  /booking\s+(?:reference|code|ref\.?)|reservation\s+(?:code|number)|record\s+locator|\bPNR\b|קוד\s+הזמנה|מספר\s+הזמנה|מס['׳]?\s+הזמנה|אסמכתא/i;
const PNR = /\b(?=[A-Z0-9]*[A-Z])([A-Z0-9]{6})\b/;
const PASSENGER = /^(?:passengers?(?:\s+name)?|travell?ers?|נוסעים|נוסע|שם\s+הנוסע)/i;
const TOTAL = /\b(?:total|grand\s+total|amount\s+paid|price)\b|סה["״]כ|לתשלום|מחיר/i;
/** Three capitals that are not airports. */
const NOT_AIRPORTS = new Set(['PNR', 'PIN', 'VAT', 'EUR', 'USD', 'ILS', 'NIS', 'GBP', 'CHF', 'MRS', 'REF', 'ETA', 'ETD']);

/** "14 SEP 2027": a month, not an airport, when the codes stand alone. */
const MONTHS = new Set(['JAN', 'FEB', 'MAR', 'APR', 'MAY', 'JUN', 'JUL', 'AUG', 'SEP', 'OCT', 'NOV', 'DEC']);

/** The departure and arrival airports of one flight's lines: "(TLV) ... (ZRH)", "TLV → ZRH", "TLV-ZRH". */
export function airportsOf(window: string): [string | undefined, string | undefined] {
  const inBrackets = [...window.matchAll(/\(([A-Z]{3})\)/g)].map((m) => m[1]!).filter((c) => !NOT_AIRPORTS.has(c));
  if (inBrackets.length >= 2) return [inBrackets[0], inBrackets[1]];
  const pair = /\b([A-Z]{3})\s*(?:→|->|–|-|—|\bto\b|>)\s*([A-Z]{3})\b/.exec(window);
  if (pair && !NOT_AIRPORTS.has(pair[1]!) && !NOT_AIRPORTS.has(pair[2]!)) return [pair[1], pair[2]];
  if (inBrackets.length === 1) return [inBrackets[0], undefined];
  // "TLV 06:40 → LCA 07:45": the flight's lines name two codes standing alone, departure first.
  const alone = [...window.matchAll(/(?<![A-Za-z0-9])([A-Z]{3})(?![A-Za-z0-9])/g)]
    .map((m) => m[1]!)
    .filter((c) => !NOT_AIRPORTS.has(c) && !MONTHS.has(c));
  return alone.length >= 2 ? [alone[0], alone[1]] : [undefined, undefined];
}

export function readAirline(lines: string[], airline: Airline, ctx: TemplateContext): Reservation[] {
  const numberRe = new RegExp(`(?<![A-Z0-9])${airline.code}\\s?-?(\\d{1,4})\\b`);
  const starts = lines.flatMap((line, i) => (numberRe.test(line) ? [i] : []));
  const reservationNumber = codeAfter(lines, PNR_LABEL, PNR);
  const travellers = travellersOf(lines, PASSENGER);
  const out: Reservation[] = [];
  const seen = new Set<string>();
  for (const [k, i] of starts.entries()) {
    const window = lines.slice(i, Math.min(starts[k + 1] ?? lines.length, i + 8));
    const text = window.join('\n');
    const number = `${airline.code} ${numberRe.exec(lines[i]!)![1]}`;
    const dep = after(window, DEPARTURE, ARRIVAL, 1);
    const arr = after(window, ARRIVAL, DEPARTURE, 1);
    let depDate: string | undefined;
    let depTime: string | undefined;
    let arrDate: string | undefined;
    let arrTime: string | undefined;
    if (dep !== undefined && (firstDate(dep, ctx.dates) || firstTime(dep))) {
      depDate = firstDate(dep, ctx.dates) ?? firstDate(text, ctx.dates);
      depTime = firstTime(dep);
      arrDate = arr === undefined ? undefined : firstDate(arr, ctx.dates);
      arrTime = arr === undefined ? undefined : firstTime(arr);
      if (!arrDate && arrTime && arr && /\+\s?1\b/.test(arr) && depDate) arrDate = nextDay(depDate);
    } else {
      // A table row, "LY 315 10MAR27 TLV 06:15 ZRH 09:05": the dates and times in the order printed.
      const dates = findDates(text, ctx.dates);
      const times = findTimes(text);
      depDate = dates[0]?.value;
      arrDate = dates[1]?.value;
      depTime = times[0]?.value;
      arrTime = times[1]?.value;
      if (!arrDate && arrTime && /\+\s?1\b/.test(text.slice(times[1]!.index)) && depDate) arrDate = nextDay(depDate);
    }
    if (!depDate) continue;
    if (!arrDate && arrTime) {
      // Same day unless the clock goes back: a flight that lands "before" it left lands the next day.
      arrDate = depTime && arrTime < depTime ? nextDay(depDate) : depDate;
    }
    const key = `${number} ${depDate}`;
    if (seen.has(key)) continue;
    seen.add(key);
    const r = templateReservation(ctx.makeId(), 'flight', 0.8);
    r.number = number;
    r.carrier = airline.name;
    r.provider = airline.name;
    if (reservationNumber) r.reservationNumber = reservationNumber;
    r.travellers = [...travellers];
    const [from, to] = airportsOf(text);
    r.start = endAt(depDate, depTime);
    if (r.start && from) r.start.place = { iata: from };
    const end = endAt(arrDate, arrTime);
    if (end) {
      if (to) end.place = { iata: to };
      r.end = end;
    }
    out.push(r);
    if (out.length >= RESERVATIONS_PER_IMPORT_MAX) break;
  }
  // The booking's total is the one flight's price; with several flights it is not any one's.
  if (out.length === 1) {
    const total = after(lines, TOTAL, undefined, 1);
    const price = total === undefined ? undefined : parsePrice(total);
    if (price) out[0]!.price = price;
  }
  return out;
}
