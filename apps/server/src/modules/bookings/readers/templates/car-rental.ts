import type { Reservation, ReservationEnd } from '@rides/contract';
import {
  after, codeAfter, endAt, firstDate, firstTime, parsePrice, short, templateReservation, type Template,
  type TemplateContext,
} from './parse.js';

/**
 * Any car rental's confirmation or voucher (run when no sender's template knew the text): a rental company's name
 * (Hertz, Avis, Eldan, Shlomo Sixt, Budget...) or "car rental" ("השכרת רכב"), a pick-up ("איסוף") and a return
 * ("החזרה", "Drop-off"), each with its day, its time when printed and its place (a "Location:" line or the line
 * without the date).
 */
const COMPANIES: [RegExp, string][] = [
  [/\bhertz\b|הרץ/i, 'Hertz'],
  [/\bavis\b|אוויס|אויס/i, 'Avis'],
  [/\beldan\b|אלדן/i, 'Eldan'],
  [/shlomo\s+sixt|שלמה\s+סיקסט|שלמה\s+sixt/i, 'Shlomo Sixt'],
  [/\bsixt\b|סיקסט/i, 'Sixt'],
  [/\bbudget\b|באדג['׳]ט/i, 'Budget'],
  [/\beuropcar\b|יורופקר/i, 'Europcar'],
  [/\benterprise\b/i, 'Enterprise'],
  [/\bthrifty\b/i, 'Thrifty'],
];
const RENTAL_WORDS = /car\s+rental|rental\s+car|rent\s+a\s+car|השכרת\s+רכב|רכב\s+שכור/i;
const PICK_UP = /pick[\s-]?up|collection|איסוף|קבלת\s+הרכב/i;
const RETURN = /\breturn\b|drop[\s-]?off|החזרה|החזרת\s+הרכב/i;
const OTHER_LABELS =
  /confirmation|reservation|voucher|booking|total|price|vehicle|\bcar\b|driver|מספר|מחיר|סה["״]כ|רכב|נהג/i;
const PLACE_LABEL = /^(?:location|branch|station|address|place|מיקום|סניף|כתובת|מקום)\s*:?\s*/i;
const CAR_LABEL = /^(?:car|vehicle|car\s+group|category|רכב|קבוצת\s+רכב|סוג\s+רכב)\s*:\s*(.+)$/i;
const NUMBER_LABEL = /confirmation\s+(?:number|no\.?)|reservation\s+(?:number|no\.?)|booking\s+(?:number|reference)|voucher\s+(?:number|no\.?)|מספר\s+(?:אישור|הזמנה|שובר)/i;
const TOTAL = /\b(?:total|estimated\s+total|price|amount)\b|סה["״]כ|מחיר|לתשלום/i;

const companyOf = (text: string) => COMPANIES.find(([re]) => re.test(text))?.[1];

/** One end: its day and time from the label's value, its place from the line that is neither. */
function endOf(value: string | undefined, ctx: TemplateContext): ReservationEnd | undefined {
  if (value === undefined) return undefined;
  const end = endAt(firstDate(value, ctx.dates), firstTime(value));
  if (!end) return undefined;
  const placeLine = value
    .split('\n')
    .map((l) => l.replace(PLACE_LABEL, ''))
    .find((l) => l.length > 2 && !firstDate(l, ctx.dates) && !firstTime(l) && /\p{L}/u.test(l));
  const name = short(placeLine);
  if (name) end.place = { name };
  return end;
}

export const carRental: Template = {
  name: 'car-rental',
  matches: (text) => (companyOf(text) !== undefined || RENTAL_WORDS.test(text)) && PICK_UP.test(text) && RETURN.test(text),
  read: (lines, ctx) => {
    const stopPickUp = new RegExp(`${RETURN.source}|${OTHER_LABELS.source}`, 'i');
    const stopReturn = new RegExp(`${PICK_UP.source}|${OTHER_LABELS.source}`, 'i');
    const start = endOf(after(lines, PICK_UP, stopPickUp, 2), ctx);
    if (!start) return [];
    const r: Reservation = templateReservation(ctx.makeId(), 'car', 0.7);
    r.start = start;
    const end = endOf(after(lines, RETURN, stopReturn, 2), ctx);
    if (end) r.end = end;
    const company = companyOf(lines.join('\n'));
    if (company) {
      r.carrier = company;
      r.provider = company;
    }
    const car = lines.map((l) => CAR_LABEL.exec(l)?.[1]).find(Boolean);
    if (short(car)) r.name = short(car);
    const number = codeAfter(lines, NUMBER_LABEL, /\b(?=[A-Z.-]*\d)([A-Z0-9][A-Z0-9.-]{3,19})\b/);
    if (number) r.reservationNumber = number;
    const total = after(lines, TOTAL, undefined, 1);
    const price = total === undefined ? undefined : parsePrice(total);
    if (price) r.price = price;
    return [r];
  },
};
