import type { Reservation, ReservationEnd } from '@rides/contract';
import { IATA_AIRPORT, RESERVATION_TEXT_MAX } from '@rides/contract';
import { offsetMinutes } from '../trip-export/time-zone.js';

/**
 * Airports by their IATA code (issue 34): a flight's confirmation names its airports by code and prints each time in
 * the airport's own zone, so the code alone gives the place, its coordinates and the zone of the time beside it. The
 * table is airport-data-js's (OurAirports, CC BY 4.0), loaded on the first flight (about 0.1 s) and kept.
 */
export interface Airport {
  iata: string;
  name: string;
  lat: number;
  lng: number;
  timeZone: string;
}

interface AirportRecord {
  iata: string;
  airport: string;
  latitude: number;
  longitude: number;
  time: string;
}

const known = new Map<string, Airport | null>();

/** The airport of a three-letter code, or null when there is none by that code. */
export async function airportOf(code: string): Promise<Airport | null> {
  const iata = code.toUpperCase();
  if (!IATA_AIRPORT.test(iata)) return null;
  const cached = known.get(iata);
  if (cached !== undefined) return cached;
  // A CommonJS package: Node's ESM loader gives its exports as `default` only (Vitest also names them).
  type Api = { getAirportByIata(code: string): Promise<AirportRecord[]> };
  const mod = (await import('airport-data-js')) as unknown as Partial<Api> & { default?: Api };
  const getAirportByIata = mod.getAirportByIata ?? mod.default!.getAirportByIata;
  let found: Airport | null = null;
  try {
    const [a] = await getAirportByIata(iata);
    if (a && Number.isFinite(a.latitude) && Number.isFinite(a.longitude))
      found = { iata, name: a.airport, lat: a.latitude, lng: a.longitude, timeZone: a.time };
  } catch {
    // The library throws for a code it does not know: no airport.
  }
  known.set(iata, found);
  return found;
}

/** A UTC wall-clock time ("YYYY-MM-DDTHH:mm") as the local time in `zone`. */
function utcToLocal(dateTime: string, zone: string): { date: string; dateTime: string } {
  const ms = Date.parse(`${dateTime}:00Z`);
  const local = new Date(ms + offsetMinutes(zone, ms) * 60_000).toISOString().slice(0, 16);
  return { date: local.slice(0, 10), dateTime: local };
}

/** One end at an airport: its name and coordinates filled, its zone the airport's, a UTC time made local there. */
async function atAirport(end: ReservationEnd | undefined): Promise<void> {
  const code = end?.place?.iata;
  if (!end || !code) return;
  const airport = await airportOf(code);
  if (!airport) return;
  const place = end.place!;
  place.name ??= airport.name.slice(0, RESERVATION_TEXT_MAX);
  place.lat ??= airport.lat;
  place.lng ??= airport.lng;
  if (end.timeZone === 'UTC' && end.dateTime && airport.timeZone !== 'UTC')
    Object.assign(end, utcToLocal(end.dateTime, airport.timeZone));
  end.timeZone = airport.timeZone;
}

/** Fills every airport end of the reservations in place (the readers give codes; the table gives the rest). */
export async function withAirports(reservations: Reservation[]): Promise<Reservation[]> {
  for (const r of reservations) {
    await atAirport(r.start);
    await atAirport(r.end);
  }
  return reservations;
}
