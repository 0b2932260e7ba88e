import type { Reservation, ReservationEnd, ReservationPlace, ReservationType } from '@rides/contract';
import { RESERVATION_TEXT_MAX, RESERVATIONS_PER_IMPORT_MAX } from '@rides/contract';
import { zoneAt } from '../../trip-export/time-zone.js';
import { bcbpPasses, readBcbp } from './bcbp.js';
import { BookingReadError } from './errors.js';
import { localTime } from './schema-org.js';
import { readZipEntry } from './zip-entry.js';

/**
 * Apple Wallet passes (.pkpass): a zip whose `pass.json` says what the pass is. A boarding pass (air, train, bus,
 * boat) or an event ticket becomes a reservation; its barcode, when it is an IATA boarding-pass string, is read by the
 * BCBP reader (exact PNR, airports, flight and day) and the pass's own fields add what a barcode lacks: the departure
 * time, the arrival when a field gives it. Pure; confidence 1. Only `pass.json` is inflated, bounded (`zip-entry.ts`).
 *
 * Times: `relevantDate` and date fields are W3C instants with an offset ("2027-03-10T06:15+02:00"); the wall-clock
 * part before the offset is the local time at the place (as in schema.org). A boarding pass's `relevantDate` is when
 * Wallet shows it, often the boarding time: it gives the day, and the departure time only when no field names one.
 */

export interface PkpassOptions {
  /** YYYY-MM-DD: the document's date, for a barcode's year when the pass has no date of its own. */
  near?: string;
}

const LIMITS = { maxBytes: 1_000_000, maxEntries: 200 };

const TRANSIT: Record<string, ReservationType> = {
  PKTransitTypeAir: 'flight',
  PKTransitTypeTrain: 'train',
  PKTransitTypeBus: 'bus',
  PKTransitTypeBoat: 'ferry',
};

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

interface Field {
  key: string;
  label: string;
  value: string;
}

function text(v: unknown): string | undefined {
  if (typeof v === 'number') return String(v);
  if (typeof v !== 'string') return undefined;
  const s = v.replace(/\s+/g, ' ').trim();
  return s.length > 0 ? s.slice(0, RESERVATION_TEXT_MAX) : undefined;
}

/** Every field of the pass's structure, front (header, primary, secondary, auxiliary) then back. */
function fieldsOf(structure: Json): { primary: Field[]; all: Field[] } {
  const read = (group: string): Field[] => {
    const list = structure[group];
    if (!Array.isArray(list)) return [];
    return list.slice(0, 50).flatMap((f): Field[] => {
      const value = isObject(f) ? text(f.value) : undefined;
      return isObject(f) && value ? [{ key: text(f.key) ?? '', label: text(f.label) ?? '', value }] : [];
    });
  };
  const primary = read('primaryFields');
  const all = [...read('headerFields'), ...primary, ...read('secondaryFields'), ...read('auxiliaryFields'), ...read('backFields')];
  return { primary, all };
}

/** The first field whose key or label (English or Hebrew) says what it holds, and whose value has the right form. */
const fieldLike = (fields: Field[], words: RegExp, value?: RegExp): string | undefined =>
  fields.find((f) => (words.test(f.key) || words.test(f.label)) && (!value || value.test(f.value)))?.value;

const WORDS = {
  origin: /origin|^from$|departure ?(?:airport|city|station)|מוצא|^מ$|^מ-$|יציאה מ/i,
  destination: /destination|^to$|arrival ?(?:airport|city|station)|יעד|^אל$|^ל$|^ל-$/i,
  departs: /depart|dep(?:arture)?[ _-]?time|scheduled|המראה|יציאה|שעת טיסה/i,
  arrives: /arriv|נחיתה|הגעה/i,
  number: /flight|train|bus|^trip|voyage|טיסה|רכבת|אוטובוס|קו(?:\s|$)/i,
  passenger: /passenger|traveller|traveler|^name$|נוסע|שם/i,
  confirmation: /pnr|confirmation|booking|record ?locator|reservation|order|ticket ?(?:no|number)|אסמכתא|הזמנה|קוד/i,
  event: /event|show|concert|match|אירוע|מופע|הופעה|משחק/i,
  venue: /venue|location|stadium|arena|hall|מיקום|אולם|היכל|אצטדיון/i,
};
const IATA = /^[A-Z]{3}$/;
const FLIGHT = /^([A-Z0-9]{2})\s?0*(\d{1,4}[A-Z]?)$/;
const CONFIRMATION = /^[A-Z0-9-]{5,20}$/i;
const CLOCK = /^(\d{1,2}):(\d{2})$/;

/** A field's value or relevantDate as a local time; a bare "06:15" on the day already known. */
function timeOf(value: string | undefined, day: string | undefined): { date: string; dateTime?: string } | undefined {
  if (!value) return undefined;
  const when = localTime(value);
  if (when) return when;
  const clock = CLOCK.exec(value);
  if (clock && day && Number(clock[1]) < 24 && Number(clock[2]) < 60)
    return { date: day, dateTime: `${day}T${clock[1]!.padStart(2, '0')}:${clock[2]}` };
  return undefined;
}

const placeOf = (value: string | undefined, type: ReservationType): ReservationPlace | undefined =>
  !value ? undefined : type === 'flight' && IATA.test(value) ? { iata: value } : { name: value };

/** The pass's location (its first `locations` entry) as a place, with the zone its coordinates give. */
function located(pass: Json, name: string | undefined): { place?: ReservationPlace; timeZone?: string } {
  const first = Array.isArray(pass.locations) && isObject(pass.locations[0]) ? pass.locations[0] : undefined;
  const lat = typeof first?.latitude === 'number' ? first.latitude : undefined;
  const lng = typeof first?.longitude === 'number' ? first.longitude : undefined;
  const place: ReservationPlace = name ? { name } : {};
  if (lat === undefined || lng === undefined || Math.abs(lat) > 90 || Math.abs(lng) > 180)
    return Object.keys(place).length > 0 ? { place } : {};
  const zone = zoneAt(lat, lng);
  return { place: { ...place, lat, lng }, ...(zone ? { timeZone: zone } : {}) };
}

function endAt(when: { date: string; dateTime?: string } | undefined, place?: ReservationPlace): ReservationEnd | undefined {
  if (!when) return undefined;
  return place ? { ...when, place } : { ...when };
}

/** A boarding pass's fields to a reservation (the departure's day needed; no arrival without its own day). */
function transitOf(pass: Json, structure: Json, type: ReservationType, id: string): Reservation | null {
  const { primary, all } = fieldsOf(structure);
  const relevant = text(pass.relevantDate);
  const day = localTime(relevant)?.date;
  const departs = timeOf(fieldLike(all, WORDS.departs, /\d:\d\d/), day);
  const start = departs ?? localTime(relevant);
  if (!start) return null;
  const origin = fieldLike(primary, WORDS.origin) ?? primary[0]?.value;
  const destination = fieldLike(primary, WORDS.destination) ?? primary[1]?.value;
  const r: Reservation = {
    id,
    type,
    travellers: [],
    start: endAt(start, placeOf(origin, type))!,
    source: { kind: 'pkpass', confidence: 1 },
  };
  // The arrival only with its own printed day: a bare "09:05" could be the next day.
  const arrives = fieldLike(all, WORDS.arrives);
  const arrival = arrives ? localTime(arrives) : undefined;
  if (arrival) r.end = endAt(arrival, placeOf(destination, type));
  const number = fieldLike(all, WORDS.number, type === 'flight' ? FLIGHT : /\d/);
  const flight = number ? FLIGHT.exec(number.toUpperCase()) : null;
  if (type === 'flight' && flight) {
    r.number = `${flight[1]} ${flight[2]}`;
    r.carrier = flight[1]!;
  } else if (number) r.number = number;
  const passenger = fieldLike(all, WORDS.passenger);
  if (passenger) r.travellers = [passenger];
  const confirmation = fieldLike(all, WORDS.confirmation, CONFIRMATION);
  if (confirmation) r.reservationNumber = confirmation;
  const provider = text(pass.organizationName);
  if (provider) r.provider = provider;
  return r;
}

function eventOf(pass: Json, structure: Json, id: string): Reservation | null {
  const { primary, all } = fieldsOf(structure);
  const start = timeOf(fieldLike(all, /date|time|doors|מועד|תאריך|שעה/i, /\d/), undefined) ?? localTime(text(pass.relevantDate));
  if (!start) return null;
  const name = fieldLike(all, WORDS.event) ?? primary[0]?.value ?? text(pass.description);
  const where = located(pass, fieldLike(all, WORDS.venue));
  const r: Reservation = {
    id,
    type: 'event',
    travellers: [],
    start: { ...start, ...(where.timeZone ? { timeZone: where.timeZone } : {}), ...(where.place ? { place: where.place } : {}) },
    source: { kind: 'pkpass', confidence: 1 },
  };
  if (name) r.name = name;
  const confirmation = fieldLike(all, WORDS.confirmation, CONFIRMATION);
  if (confirmation) r.reservationNumber = confirmation;
  const provider = text(pass.organizationName);
  if (provider) r.provider = provider;
  return r;
}

/** The barcode messages of the pass (`barcodes`, and the older single `barcode`). */
function barcodeMessages(pass: Json): string[] {
  const list = [...(Array.isArray(pass.barcodes) ? pass.barcodes.slice(0, 10) : []), pass.barcode];
  return list.flatMap((b) => (isObject(b) && typeof b.message === 'string' ? [b.message.slice(0, 10_000)] : []));
}

/**
 * A flight's barcode legs, made exact by the fields: the barcode's PNR, number, airports and day win; the departure
 * time comes from the fields when they are for the same day and airport, the arrival when the fields print its day.
 */
function withBarcode(legs: Reservation[], fields: Reservation | null, provider: string | undefined): Reservation[] {
  return legs.map((leg) => {
    const r: Reservation = { ...leg, source: { kind: 'pkpass', confidence: 1 } };
    if (provider) r.provider = provider;
    const from = fields?.start?.place?.iata;
    const sameLeg = fields?.start && (!from || from === leg.start?.place?.iata);
    if (sameLeg && fields.start!.date === leg.start!.date && fields.start!.dateTime)
      r.start = { ...leg.start!, dateTime: fields.start!.dateTime };
    if (sameLeg && fields.end) r.end = { ...fields.end };
    return r;
  });
}

/** The reservations of a Wallet pass. Throws BookingReadError when the file is not a readable pass. */
export function readPkpass(bytes: Uint8Array, makeId: () => string, opts: PkpassOptions = {}): Reservation[] {
  const json = readZipEntry(bytes, 'pass.json', LIMITS);
  if (!json) throw new BookingReadError('unreadable_file', 'no pass.json in the pass');
  let pass: unknown;
  try {
    pass = JSON.parse(new TextDecoder().decode(json).replace(/^\uFEFF/, ''));
  } catch {
    throw new BookingReadError('unreadable_file', 'pass.json is not JSON');
  }
  if (!isObject(pass)) throw new BookingReadError('unreadable_file', 'pass.json is not an object');
  if (isObject(pass.eventTicket)) {
    const r = eventOf(pass, pass.eventTicket, makeId());
    return r ? [r] : [];
  }
  if (!isObject(pass.boardingPass)) return [];
  const structure = pass.boardingPass;
  const type = TRANSIT[text(structure.transitType) ?? ''] ?? 'flight';
  const fields = transitOf(pass, structure, type, makeId());
  if (type === 'flight') {
    const message = barcodeMessages(pass).find((m) => bcbpPasses(m).length > 0);
    // The pass's own day is the surest year for the barcode's day of the year.
    const near = localTime(text(pass.relevantDate))?.date ?? fields?.start?.date ?? opts.near;
    const legs = message ? readBcbp(message, makeId, near ? { near } : {}) : [];
    if (legs.length > 0) return withBarcode(legs, fields, text(pass.organizationName)).slice(0, RESERVATIONS_PER_IMPORT_MAX);
  }
  return fields ? [fields] : [];
}
