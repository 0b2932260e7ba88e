import type { Reservation } from '@rides/contract';
import { after, endAt, findDates, findTimes, firstDate, firstTime, parsePrice, short, templateReservation, type TemplateContext } from './parse.js';

/**
 * A stay's confirmation as text (Booking.com, Airbnb, any hotel): the check-in and check-out days, with their times
 * when printed ("from 15:00", "4:00 PM"), the place's name and address, the confirmation number and the price.
 */

export const CHECK_IN = /check[\s-]?in\b|\barrival\b|צ['׳]ק[\s-]?אין|תאריך\s+הגעה|הגעה|כניסה/i;
export const CHECK_OUT = /check[\s-]?out\b|\bdeparture\b|צ['׳]ק[\s-]?אאוט|תאריך\s+עזיבה|עזיבה/i;
/** Labels that end a check-in's or check-out's value printed below it. */
const OTHER_LABELS =
  /confirmation|reservation|booking\s+number|address|price|total|guests?\b|\bPIN\b|cancel|כתובת|מחיר|סה["״]כ|אורחים|מספר\s+אישור|מספר\s+הזמנה|ביטול|קוד/i;
export const TOTAL = /\b(?:total(?:\s+price)?|price|amount\s+paid)\b|סה["״]כ|לתשלום|מחיר/i;
export const ADDRESS = /^(?:address|location|כתובת|מיקום)(?![A-Za-z])\s*:?/i;

export interface StayFields {
  confidence: number;
  name?: string;
  address?: string;
  reservationNumber?: string;
  provider?: string;
}

/** Check-in and check-out, each as an end: printed below their labels, after them, or side by side in a table. */
function stayEnds(lines: string[], ctx: TemplateContext): [Reservation['start'], Reservation['end']] {
  // "Check-in    Checkout" on one line (a table's head), the two days below it, then the two times.
  const both = lines.findIndex((l) => CHECK_IN.test(l) && CHECK_OUT.test(l) && !firstDate(l, ctx.dates));
  if (both >= 0) {
    const below = lines.slice(both + 1, both + 5).join('\n');
    const dates = findDates(below, ctx.dates);
    const times = findTimes(below);
    return [endAt(dates[0]?.value, times[0]?.value), endAt(dates[1]?.value, times[1]?.value)];
  }
  const inText = after(lines, CHECK_IN, new RegExp(`${CHECK_OUT.source}|${OTHER_LABELS.source}`, 'i'), 2);
  const outText = after(lines, CHECK_OUT, new RegExp(`${CHECK_IN.source}|${OTHER_LABELS.source}`, 'i'), 2);
  const inDate = inText === undefined ? undefined : firstDate(inText, ctx.dates);
  if (!inDate) return [undefined, undefined];
  const outDate = outText === undefined ? undefined : firstDate(outText, ctx.dates);
  return [endAt(inDate, firstTime(inText!)), endAt(outDate, outText === undefined ? undefined : firstTime(outText))];
}

export function readStay(lines: string[], fields: StayFields, ctx: TemplateContext): Reservation[] {
  const [start, end] = stayEnds(lines, ctx);
  if (!start) return [];
  const r = templateReservation(ctx.makeId(), 'lodging', fields.confidence);
  const name = short(fields.name);
  const address = short(fields.address);
  if (name) r.name = name;
  r.start = start;
  if (name || address) r.start.place = { ...(name ? { name } : {}), ...(address ? { address } : {}) };
  if (end) r.end = end;
  if (fields.reservationNumber) r.reservationNumber = fields.reservationNumber;
  if (fields.provider) r.provider = fields.provider;
  const total = after(lines, TOTAL, undefined, 1);
  const price = total === undefined ? undefined : parsePrice(total);
  if (price) r.price = price;
  return [r];
}

/** The address printed after an "Address" label (same line or below). */
export function addressOf(lines: string[]): string | undefined {
  const value = after(lines, ADDRESS, undefined, 1);
  return short(value?.split('\n').find((l) => l.length > 0));
}
