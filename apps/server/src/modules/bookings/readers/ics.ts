import type { Reservation, ReservationEnd, ReservationType } from '@rides/contract';
import { RESERVATION_TEXT_MAX, RESERVATIONS_PER_IMPORT_MAX } from '@rides/contract';
import { isKnownZone, offsetMinutes, zoneAt } from '../../trip-export/time-zone.js';
import { airportsOf } from './templates/flights.js';

/**
 * The .ics reader of bookings (issue 34 point 3): a calendar invitation a booking site attaches, or a file the traveller
 * drops. Each VEVENT becomes a reservation: a flight when its summary names one ("Flight LY 315", "טיסה LY 315"),
 * else an event. Pure; confidence 0.9 (the event is structured, what it is is read from its words).
 *
 * Times (RFC 5545 3.3.5): `DTSTART;TZID=Europe/Zurich:20270310T061500` is local to that zone, as written; a UTC time
 * (`...Z`) is turned into the local time of the event's place when its GEO or the TZID says where, else kept as UTC;
 * a floating time is local as written, its zone unknown; `VALUE=DATE` is a day alone (no time made up), and a whole
 * day's DTEND is the day after the last (3.6.1), so the reservation ends the day before it.
 *
 * A flight's airports are read from its summary ("Flight LY 5 TLV-JFK", "טיסה 6H 841 מתל אביב (TLV) לרודוס (RHO)"):
 * the import names them and finds their zones, which also makes a UTC time local at its airport.
 */

const MAX_EVENTS = RESERVATIONS_PER_IMPORT_MAX;
const FLIGHT = /(?:flight|טיסה|טיסת)\s*(?:no\.?|מס['׳]?)?\s*([A-Z0-9]{2})\s?(\d{1,4})\b/i;

/** The content lines of the file, unfolded (a line starting with a space or tab continues the one before). */
function contentLines(text: string): string[] {
  return text.replace(/\r\n?/g, '\n').replace(/\n[ \t]/g, '').split('\n');
}

interface Property {
  params: Record<string, string>;
  value: string;
}

/** "DTSTART;TZID=Europe/Zurich:20270310T061500" -> its name, parameters and value (escapes undone for text). */
function property(line: string): [string, Property] | null {
  const m = /^([A-Za-z-]+)((?:;[^:;]+=(?:"[^"]*"|[^:;]*))*):(.*)$/.exec(line);
  if (!m) return null;
  const params: Record<string, string> = {};
  for (const p of (m[2] ?? '').split(';').slice(1)) {
    const [k, ...v] = p.split('=');
    if (k) params[k.toUpperCase()] = v.join('=').replace(/^"|"$/g, '');
  }
  return [m[1]!.toUpperCase(), { params, value: m[3] ?? '' }];
}

const unescape = (v: string) =>
  v
    .replace(/\\[nN]/g, ' ')
    .replace(/\\([,;\\])/g, '$1')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, RESERVATION_TEXT_MAX);

const pad = (n: number) => String(n).padStart(2, '0');

const dayBefore = (date: string) => new Date(Date.parse(`${date}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);

/** The local date and time of an instant in a zone. */
function localIn(zone: string, ms: number): { date: string; dateTime: string } {
  const d = new Date(ms + offsetMinutes(zone, ms) * 60_000);
  const date = `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;
  return { date, dateTime: `${date}T${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}` };
}

/** A DTSTART or DTEND as one end of a reservation, in the place's zone when known. */
export function icsTime(prop: Property | undefined, placeZone: string | null): ReservationEnd | undefined {
  if (!prop) return undefined;
  const m = /^(\d{4})(\d{2})(\d{2})(?:T(\d{2})(\d{2})(\d{2})?(Z)?)?$/.exec(prop.value.trim());
  if (!m) return undefined;
  const [, y, mo, d, hh, mm, , utc] = m;
  const date = `${y}-${mo}-${d}`;
  if (Number.isNaN(Date.parse(`${date}T00:00:00Z`))) return undefined;
  if (hh === undefined || prop.params.VALUE === 'DATE') return { date };
  if (Number(hh) > 23 || Number(mm) > 59) return undefined;
  const tzid = prop.params.TZID && isKnownZone(prop.params.TZID) ? prop.params.TZID : null;
  if (utc) {
    const zone = placeZone ?? tzid;
    const ms = Date.parse(`${date}T${hh}:${mm}:00Z`);
    return zone ? { ...localIn(zone, ms), timeZone: zone } : { date, dateTime: `${date}T${hh}:${mm}`, timeZone: 'UTC' };
  }
  const end: ReservationEnd = { date, dateTime: `${date}T${hh}:${mm}` };
  const zone = tzid ?? placeZone;
  if (zone) end.timeZone = zone;
  return end;
}

/** The reservations of an .ics file's events. */
export function readIcs(text: string, makeId: () => string): Reservation[] {
  const out: Reservation[] = [];
  let event: Map<string, Property> | null = null;
  for (const line of contentLines(text)) {
    if (/^BEGIN:VEVENT$/i.test(line)) event = new Map();
    else if (/^END:VEVENT$/i.test(line) && event) {
      const r = reservationOf(event, makeId);
      if (r) out.push(r);
      event = null;
      if (out.length >= MAX_EVENTS) break;
    } else if (event) {
      const p = property(line);
      if (p && !event.has(p[0])) event.set(p[0], p[1]);
    }
  }
  return out;
}

function reservationOf(event: Map<string, Property>, makeId: () => string): Reservation | null {
  const summary = event.get('SUMMARY') ? unescape(event.get('SUMMARY')!.value) : '';
  const location = event.get('LOCATION') ? unescape(event.get('LOCATION')!.value) : '';
  const geo = /^(-?\d+(?:\.\d+)?)[;,](-?\d+(?:\.\d+)?)$/.exec(event.get('GEO')?.value.trim() ?? '');
  const lat = geo ? Number(geo[1]) : undefined;
  const lng = geo ? Number(geo[2]) : undefined;
  const placeZone = lat !== undefined && lng !== undefined ? zoneAt(lat, lng) : null;
  const start = icsTime(event.get('DTSTART'), placeZone);
  if (!start) return null;
  const flight = FLIGHT.exec(summary);
  const type: ReservationType = flight ? 'flight' : 'event';
  const r: Reservation = {
    id: makeId(),
    type,
    travellers: [],
    start,
    source: { kind: 'ics', confidence: 0.9 },
  };
  if (location || (lat !== undefined && lng !== undefined && Math.abs(lat) <= 90 && Math.abs(lng) <= 180)) {
    start.place = {
      ...(location ? { address: location } : {}),
      ...(lat !== undefined && lng !== undefined ? { lat, lng } : {}),
    };
  }
  // A flight's arrival is elsewhere: its zone is not the departure's, so a UTC end is kept as UTC, not guessed.
  const end = icsTime(event.get('DTEND'), type === 'flight' ? null : placeZone);
  // Whole days: DTEND is exclusive, the last day is the one before it (a one-day event ends on its day).
  if (end?.date && start.date && end.dateTime === undefined && start.dateTime === undefined && end.date > start.date)
    end.date = dayBefore(end.date);
  if (end) r.end = end;
  if (flight) {
    r.number = `${flight[1]!.toUpperCase()} ${flight[2]}`;
    const [from, to] = airportsOf(summary);
    if (from) start.place = { ...start.place, iata: from };
    if (to && r.end) r.end.place = { ...r.end.place, iata: to };
  } else if (summary) r.name = summary;
  // "Booking reference: GX-2027-5511", "מספר הזמנה: X7K2LM": the word, perhaps its kind, a colon or #, the code.
  const number = /(?:confirmation|booking|reservation|אישור|הזמנה)(?:\s+(?:number|no\.?|code|ref(?:erence)?|id))?\s*[:#]\s*([A-Z0-9][A-Z0-9-]{3,19})/i.exec(
    event.get('DESCRIPTION') ? unescape(event.get('DESCRIPTION')!.value) : '',
  );
  if (number) r.reservationNumber = number[1];
  return r;
}
