import { z } from 'zod';
import { text } from './input-rules.js';

/**
 * One reservation shape (issue 34 point 2): what every reader of a booking confirmation (schema.org markup, a Wallet
 * pass, a boarding-pass barcode, an .ics event, a sender's template, an LLM) answers, what the import's preview shows
 * and what the traveller sends back, corrected, to put on the trip. The readers live on the server
 * (apps/server/src/modules/bookings/readers/); this file is the shape and its rules, for both sides.
 *
 * Times are local: `dateTime` is the wall-clock time at the place, as the confirmation prints it ("YYYY-MM-DDTHH:mm"),
 * with the place's IANA `timeZone` beside it when known. A time the reader did not find stays absent: a date alone is
 * `date` with no `dateTime`, never midnight.
 */
export const RESERVATION_TYPES = [
  'flight',
  'lodging',
  'car',
  'train',
  'bus',
  'ferry',
  'event',
  'restaurant',
] as const;
export type ReservationType = (typeof RESERVATION_TYPES)[number];

/** How a reservation was read, most exact first (the import tries them in this order). */
export const RESERVATION_SOURCES = ['schema.org', 'pkpass', 'bcbp', 'ics', 'template', 'llm'] as const;
export type ReservationSource = (typeof RESERVATION_SOURCES)[number];

/** Field limits: a confirmation's texts are short; the caps keep a hostile file from filling a trip. */
export const RESERVATION_TEXT_MAX = 300;
export const RESERVATION_TRAVELLERS_MAX = 20;
export const RESERVATIONS_PER_IMPORT_MAX = 50;

export const LOCAL_DATE = /^\d{4}-\d{2}-\d{2}$/;
export const LOCAL_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/;
export const IATA_AIRPORT = /^[A-Z]{3}$/;

const short = () => text().trim().max(RESERVATION_TEXT_MAX, { error: 'bad_request' });

export const reservationPlace = z.strictObject({
  name: short().optional(),
  address: short().optional(),
  lat: z.number().min(-90).max(90).optional(),
  lng: z.number().min(-180).max(180).optional(),
  /** An airport's three-letter IATA code. */
  iata: z.string().regex(IATA_AIRPORT, { error: 'bad_request' }).optional(),
});
export type ReservationPlace = z.infer<typeof reservationPlace>;

/** One end of a reservation (departure or arrival, check-in or check-out, pick-up or return, the event's start). */
export const reservationEnd = z.strictObject({
  /**
   * The local day. Absent only when the confirmation names the place but not the day (a boarding pass's arrival:
   * its airport is printed, its day is not, and the departure's day would be wrong for every overnight flight).
   */
  date: z.string().regex(LOCAL_DATE, { error: 'bad_date_format' }).optional(),
  /** The local wall-clock time on that day, when the confirmation gives one (never without `date`). */
  dateTime: z.string().regex(LOCAL_DATE_TIME, { error: 'bad_date_format' }).optional(),
  /** The IANA time zone of the place, when known (from the place's coordinates or its airport). */
  timeZone: short().optional(),
  place: reservationPlace.optional(),
})
  // A time is a time of its day: never without the day, never another day's.
  .refine((e) => e.dateTime === undefined || (e.date !== undefined && e.dateTime.startsWith(e.date)), {
    error: 'bad_date_format',
    path: ['dateTime'],
  });
export type ReservationEnd = z.infer<typeof reservationEnd>;

export const reservation = z.object({
  /** The preview's id for this reservation (the import makes it; the confirmation sends it back). */
  id: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, { error: 'bad_request' }),
  type: z.enum(RESERVATION_TYPES, { error: 'bad_request' }),
  reservationNumber: short().optional(),
  /** Who sells it: the airline, the hotel or the site it was booked on, the rental company. */
  provider: short().optional(),
  travellers: z.array(short()).max(RESERVATION_TRAVELLERS_MAX, { error: 'bad_request' }).default([]),
  start: reservationEnd.optional(),
  end: reservationEnd.optional(),
  /** A flight's or a train's number ("LY 315"), and its carrier. */
  number: short().optional(),
  carrier: short().optional(),
  /** The hotel's, the restaurant's or the event's name (the place of `start`). */
  name: short().optional(),
  /** The price when given: an integer of the currency's minor unit (agorot, cents), and the ISO 4217 code. */
  price: z
    .strictObject({
      amountMinor: z.number().int().min(0).max(1_000_000_000),
      currency: z.string().regex(/^[A-Z]{3}$/, { error: 'bad_request' }),
    })
    .optional(),
  source: z.strictObject({
    kind: z.enum(RESERVATION_SOURCES, { error: 'bad_request' }),
    /** 0..1: 1 for structured data (markup, a pass, a barcode); lower for a template or a model ("check this"). */
    confidence: z.number().min(0).max(1),
  }),
});
export type Reservation = z.infer<typeof reservation>;

/** The minor units of a currency (ISO 4217): most have 2; these the ones the product meets that do not. */
const MINOR_DIGITS: Record<string, number> = {
  JPY: 0,
  KRW: 0,
  ISK: 0,
  HUF: 2,
  BHD: 3,
  JOD: 3,
  KWD: 3,
  OMR: 3,
  TND: 3,
};

/** "123.45" in `currency` -> 12345 (its minor unit); null when the amount is not a plain non-negative number. */
export function toMinorUnits(amount: string | number, currency: string): number | null {
  const digits = MINOR_DIGITS[currency] ?? 2;
  const value = typeof amount === 'number' ? amount : Number(String(amount).replace(/[\s,](?=\d{3}\b)/g, ''));
  if (!Number.isFinite(value) || value < 0) return null;
  return Math.round(value * 10 ** digits);
}

/** A reservation's price as a decimal string ("736.00" for 73600 EUR cents), by the minor units it was read in. */
export function priceAmount(price: { amountMinor: number; currency: string }): string {
  const digits = MINOR_DIGITS[price.currency] ?? 2;
  const whole = String(price.amountMinor).padStart(digits + 1, '0');
  return digits === 0 ? whole : `${whole.slice(0, -digits)}.${whole.slice(-digits)}`;
}

/**
 * The trip days a reservation takes: a stay from check-in to check-out (a trip holds its stay's check-out day), a car
 * from pick-up to return, anything else its start's day. Null when it has no date at all.
 */
export function reservationDays(
  r: Pick<Reservation, 'type' | 'start' | 'end'>,
): { first: string; last: string } | null {
  const first = r.start?.date ?? r.end?.date;
  if (!first) return null;
  const last =
    (r.type === 'lodging' || r.type === 'car') && r.end?.date && r.end.date > first ? r.end.date : first;
  return { first, last };
}

const keyPart = (s: string | undefined): string =>
  (s ?? '')
    .normalize('NFKC')
    .replace(/[\s-]+/g, '')
    .toUpperCase();

/** The kinds of reservation one confirmation may hold several legs of (a round trip: one number, two flights). */
const LEGGED: ReadonlySet<ReservationType> = new Set(['flight', 'train', 'bus', 'ferry']);

/**
 * What makes two confirmations the same booking (issue 34: "importing the same confirmation again changes nothing"):
 * its type, its reservation number and its provider, and for a journey its flight or train number (a round trip is one
 * number and two legs); without a reservation number, its flight or train number, or its name, and its first day.
 * Spaces, dashes and case do not count ("x7k-2lm" is "X7K2LM"). A new time of the same leg is the same booking,
 * changed.
 */
export function reservationKey(
  r: Pick<Reservation, 'type' | 'reservationNumber' | 'provider' | 'number' | 'name' | 'start' | 'end'>,
): string {
  if (r.reservationNumber) {
    const leg = LEGGED.has(r.type) ? keyPart(r.number) : '';
    return [r.type, keyPart(r.reservationNumber), keyPart(r.provider), leg].join('|');
  }
  return [r.type, '', keyPart(r.number ?? r.name), r.start?.date ?? r.end?.date ?? ''].join('|');
}

/** A field of a reservation as the change list names it, and its value as text (null: not given). */
const CHANGE_FIELDS: readonly [string, (r: Reservation) => string | undefined][] = [
  ['type', (r) => r.type],
  ['reservationNumber', (r) => r.reservationNumber],
  ['provider', (r) => r.provider],
  ['number', (r) => r.number],
  ['carrier', (r) => r.carrier],
  ['name', (r) => r.name],
  ['start.date', (r) => r.start?.date],
  ['start.time', (r) => r.start?.dateTime?.slice(11)],
  ['start.place', (r) => r.start?.place?.iata ?? r.start?.place?.name ?? r.start?.place?.address],
  ['end.date', (r) => r.end?.date],
  ['end.time', (r) => r.end?.dateTime?.slice(11)],
  ['end.place', (r) => r.end?.place?.iata ?? r.end?.place?.name ?? r.end?.place?.address],
  ['travellers', (r) => (r.travellers.length ? r.travellers.join(', ') : undefined)],
  ['price', (r) => (r.price ? `${r.price.amountMinor} ${r.price.currency}` : undefined)],
];

/** What a new confirmation of a booking changes: each field whose value differs, with both values. */
export function reservationChanges(
  before: Reservation,
  after: Reservation,
): { field: string; before: string | null; after: string | null }[] {
  const out: { field: string; before: string | null; after: string | null }[] = [];
  for (const [field, read] of CHANGE_FIELDS) {
    const a = read(before) ?? null;
    const b = read(after) ?? null;
    if (a !== b) out.push({ field, before: a, after: b });
  }
  return out;
}
