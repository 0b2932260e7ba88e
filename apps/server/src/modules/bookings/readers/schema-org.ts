import type { Reservation, ReservationEnd, ReservationPlace, ReservationType } from '@rides/contract';
import { RESERVATION_TEXT_MAX, RESERVATIONS_PER_IMPORT_MAX, toMinorUnits } from '@rides/contract';
import { zoneAt } from '../../trip-export/time-zone.js';
import { addOnce } from './merge.js';
import { microdataItems } from './microdata.js';

/**
 * The most exact reader of a booking (issue 34 point 3): schema.org markup, which airlines, hotels and booking sites
 * put in their confirmation mails and pages for mail clients to read: JSON-LD in `<script type="application/ld+json">`,
 * and microdata (`itemscope`/`itemprop`, turned into the same objects by `microdata.ts`), both read by one mapping.
 * Pure: HTML in, reservations out, each with source schema.org and confidence 1.
 *
 * Times: schema.org writes an instant with its offset ("2027-03-10T14:05:00+02:00"); the confirmation's wall-clock
 * time at the place is the part before the offset, and that is what the traveller reads and the trip shows. A value
 * with a date only stays a date (no time is made up). The place's IANA zone comes from its coordinates when given.
 */

const TYPES: Record<string, ReservationType> = {
  FlightReservation: 'flight',
  LodgingReservation: 'lodging',
  RentalCarReservation: 'car',
  TrainReservation: 'train',
  BusReservation: 'bus',
  BoatReservation: 'ferry',
  EventReservation: 'event',
  FoodEstablishmentReservation: 'restaurant',
};

/** JSON-LD blocks read from one document, and the nodes walked in them: a hostile file costs a bounded amount. */
const MAX_BLOCKS = 50;
const MAX_BLOCK_CHARS = 200_000;
const MAX_NODES = 2_000;

type Node = Record<string, unknown>;
const isNode = (v: unknown): v is Node => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The text of each JSON-LD script element of the document. */
export function jsonLdBlocks(html: string): string[] {
  const blocks: string[] = [];
  const script = /<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi;
  for (let m = script.exec(html); m && blocks.length < MAX_BLOCKS; m = script.exec(html)) {
    if (!/\btype\s*=\s*["']?application\/ld\+json/i.test(m[1] ?? '')) continue;
    const body = (m[2] ?? '').trim();
    if (body.length > 0 && body.length <= MAX_BLOCK_CHARS) blocks.push(body);
  }
  return blocks;
}

/** Every object in the parsed blocks (arrays and @graph opened), breadth first, at most MAX_NODES. */
function nodesOf(values: unknown[]): Node[] {
  const out: Node[] = [];
  const queue = [...values];
  while (queue.length > 0 && out.length < MAX_NODES) {
    const v = queue.shift();
    if (Array.isArray(v)) queue.push(...v);
    else if (isNode(v)) {
      out.push(v);
      if (Array.isArray(v['@graph'])) queue.push(...(v['@graph'] as unknown[]));
    }
  }
  return out;
}

const typesOf = (node: Node): string[] => {
  const t = node['@type'];
  const list = Array.isArray(t) ? t : [t];
  return list.filter((x): x is string => typeof x === 'string').map((x) => x.replace(/^https?:\/\/schema\.org\//, ''));
};

/** A short text: trimmed, capped; markup written as a value is not ours to keep. */
function str(v: unknown): string | undefined {
  if (typeof v === 'number') return String(v);
  if (typeof v !== 'string') return undefined;
  const s = v.replace(/\s+/g, ' ').trim();
  return s.length > 0 ? s.slice(0, RESERVATION_TEXT_MAX) : undefined;
}

const nameOf = (v: unknown): string | undefined => (isNode(v) ? str(v.name) : str(v));

function addressOf(v: unknown): string | undefined {
  if (!isNode(v)) return str(v);
  const parts = [v.streetAddress, v.addressLocality, v.addressRegion, v.postalCode, nameOf(v.addressCountry)]
    .map(str)
    .filter((p): p is string => p !== undefined);
  return parts.length > 0 ? parts.join(', ').slice(0, RESERVATION_TEXT_MAX) : undefined;
}

function number(v: unknown): number | undefined {
  const n = typeof v === 'number' ? v : typeof v === 'string' ? Number(v) : NaN;
  return Number.isFinite(n) ? n : undefined;
}

function placeOf(v: unknown): ReservationPlace | undefined {
  if (!isNode(v)) {
    const name = str(v);
    return name ? { name } : undefined;
  }
  const place: ReservationPlace = {};
  const name = str(v.name);
  if (name) place.name = name;
  const address = addressOf(v.address);
  if (address) place.address = address;
  const geo = isNode(v.geo) ? v.geo : v;
  const lat = number(geo.latitude);
  const lng = number(geo.longitude);
  if (lat !== undefined && lng !== undefined && Math.abs(lat) <= 90 && Math.abs(lng) <= 180) {
    place.lat = lat;
    place.lng = lng;
  }
  const iata = str(v.iataCode)?.toUpperCase();
  if (iata && /^[A-Z]{3}$/.test(iata)) place.iata = iata;
  return Object.keys(place).length > 0 ? place : undefined;
}

/** "2027-03-10T14:05:00+02:00" -> the wall-clock time as written; "2027-03-10" -> the day alone; else nothing. */
export function localTime(v: unknown): { date: string; dateTime?: string } | undefined {
  const s = str(v);
  const m = s && /^(\d{4}-\d{2}-\d{2})(?:[T ](\d{2}):(\d{2}))?/.exec(s);
  if (!m) return undefined;
  const [, date, hh, mm] = m;
  if (Number.isNaN(Date.parse(`${date}T00:00:00Z`))) return undefined;
  return hh !== undefined && Number(hh) < 24 && Number(mm) < 60 ? { date: date!, dateTime: `${date}T${hh}:${mm}` } : { date: date! };
}

function endOf(time: unknown, placeValue: unknown): ReservationEnd | undefined {
  const when = localTime(time);
  if (!when) return undefined;
  const end: ReservationEnd = { ...when };
  const place = placeOf(placeValue);
  if (place) {
    end.place = place;
    const zone = place.lat !== undefined && place.lng !== undefined ? zoneAt(place.lat, place.lng) : null;
    if (zone) end.timeZone = zone;
  }
  return end;
}

function travellersOf(v: unknown): string[] {
  const list = Array.isArray(v) ? v : v === undefined ? [] : [v];
  return list.map(nameOf).filter((n): n is string => n !== undefined).slice(0, 20);
}

function priceOf(node: Node): Reservation['price'] {
  const spec = isNode(node.totalPrice) ? node.totalPrice : node;
  const currency = str(spec.priceCurrency ?? node.priceCurrency)?.toUpperCase();
  const amount = isNode(node.totalPrice) ? (spec.price ?? spec.value) : (node.totalPrice ?? node.price);
  if (!currency || !/^[A-Z]{3}$/.test(currency) || (typeof amount !== 'string' && typeof amount !== 'number'))
    return undefined;
  const amountMinor = toMinorUnits(amount, currency);
  return amountMinor === null ? undefined : { amountMinor, currency };
}

/** One reservation node to our shape, or null when it names nothing we can place on a day. */
function reservationOf(node: Node, type: ReservationType, id: string): Reservation | null {
  const item = isNode(node.reservationFor) ? node.reservationFor : {};
  const r: Reservation = {
    id,
    type,
    travellers: travellersOf(node.underName),
    source: { kind: 'schema.org', confidence: 1 },
  };
  const reservationNumber = str(node.reservationNumber) ?? str(node.reservationId) ?? str(node.confirmationNumber);
  if (reservationNumber) r.reservationNumber = reservationNumber;
  switch (type) {
    case 'flight': {
      const airline = isNode(item.airline) ? item.airline : undefined;
      const code = str(airline?.iataCode);
      const flight = str(item.flightNumber);
      if (flight) r.number = code && !flight.toUpperCase().startsWith(code.toUpperCase()) ? `${code} ${flight}` : flight;
      const carrier = nameOf(item.airline);
      if (carrier) r.carrier = carrier;
      r.start = endOf(item.departureTime, item.departureAirport);
      r.end = endOf(item.arrivalTime, item.arrivalAirport);
      break;
    }
    case 'lodging': {
      const name = str(item.name);
      if (name) r.name = name;
      r.start = endOf(node.checkinTime ?? node.checkinDate, item);
      r.end = endOf(node.checkoutTime ?? node.checkoutDate, item);
      break;
    }
    case 'car': {
      const company = nameOf(item.rentalCompany) ?? nameOf(node.provider) ?? nameOf(item.brand);
      if (company) r.carrier = company;
      const car = str(item.name) ?? nameOf(item.model);
      if (car) r.name = car;
      r.start = endOf(node.pickupTime, node.pickupLocation);
      r.end = endOf(node.dropoffTime, node.dropoffLocation);
      break;
    }
    case 'train':
    case 'bus':
    case 'ferry': {
      const n = str(item.trainNumber) ?? str(item.busNumber) ?? str(item.boatNumber) ?? str(item.flightNumber);
      if (n) r.number = n;
      const carrier = nameOf(item.provider) ?? nameOf(item.trainName) ?? nameOf(item.busName);
      if (carrier) r.carrier = carrier;
      const from = item.departureStation ?? item.departureBusStop ?? item.departureBoatTerminal;
      const to = item.arrivalStation ?? item.arrivalBusStop ?? item.arrivalBoatTerminal;
      r.start = endOf(item.departureTime, from);
      r.end = endOf(item.arrivalTime, to);
      break;
    }
    case 'event':
    case 'restaurant': {
      const name = str(item.name);
      if (name) r.name = name;
      const where = type === 'event' ? (item.location ?? item) : item;
      r.start = endOf(node.startTime ?? item.startDate ?? node.startDate, where);
      r.end = endOf(node.endTime ?? item.endDate, where);
      break;
    }
  }
  if (!r.start) delete r.start;
  if (!r.end) delete r.end;
  const provider = nameOf(node.provider) ?? nameOf(node.broker) ?? (type === 'flight' ? r.carrier : undefined);
  if (provider) r.provider = provider;
  const price = priceOf(node);
  if (price) r.price = price;
  return r.start || r.end ? r : null;
}

/**
 * The reservations the document's schema.org markup describes, JSON-LD and microdata alike. `makeId` names each one
 * for the preview. A broken block is skipped (the other layers may still read the document); the same reservation
 * written twice (a mail often carries the markup for each traveller, or both kinds of markup) is kept once, with
 * every traveller.
 */
export function readSchemaOrg(html: string, makeId: () => string): Reservation[] {
  const parsed: unknown[] = [];
  for (const block of jsonLdBlocks(html)) {
    try {
      parsed.push(JSON.parse(block.replace(/^<!--|-->$/g, '')));
    } catch {
      // A block that is not JSON: nothing to read in it.
    }
  }
  parsed.push(...microdataItems(html));
  const out: Reservation[] = [];
  for (const node of nodesOf(parsed)) {
    const type = typesOf(node)
      .map((t) => TYPES[t])
      .find((t) => t !== undefined);
    if (!type) continue;
    const r = reservationOf(node, type, makeId());
    // One flight with two passengers is often two nodes: one reservation, both travellers.
    if (r && addOnce(out, r) && out.length >= RESERVATIONS_PER_IMPORT_MAX) break;
  }
  return out;
}
