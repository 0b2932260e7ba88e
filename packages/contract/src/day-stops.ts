import type { TripDay } from './calls/trips.js';

/**
 * A day's stops in the order the traveller goes (issue 19, decision 0033): where they woke (the previous night's
 * stay), the day's activities in the author's order, and where they sleep (that night's stay). One rule for every
 * export of a day: the Google Maps legs (day-directions.ts), the GPX route, the KML line and the PDF's day map.
 */

export interface DayStop {
  kind: 'attraction' | 'stay';
  /** The attraction's or the stay's id. */
  id: number;
  name: string;
  address: string | null;
  /** Null when the place has no usable coordinates (listed, but left off maps and routes). */
  lat: number | null;
  lng: number | null;
}

/** A usable coordinate pair, or null: 0,0 and values off the Earth mean "no location" (as the trip's map reads them). */
export function usableCoordinates(lat: unknown, lng: unknown): { lat: number; lng: number } | null {
  if (typeof lat !== 'number' || typeof lng !== 'number' || !Number.isFinite(lat) || !Number.isFinite(lng))
    return null;
  if ((lat === 0 && lng === 0) || Math.abs(lat) > 90 || Math.abs(lng) > 180) return null;
  return { lat, lng };
}

/** The stay shown on a day: the booked one, else the base trip's suggestion (what the day view shows). */
export const stayOfDay = (day: TripDay | undefined) =>
  day?.accommodation ?? day?.base_trip_accommodation ?? null;

/** A stop of the day: the place's usable coordinates or none. */
function stop(
  kind: DayStop['kind'],
  id: number,
  name: string,
  address: string | null,
  lat: unknown,
  lng: unknown,
): DayStop {
  const p = usableCoordinates(lat, lng);
  return { kind, id, name, address, lat: p?.lat ?? null, lng: p?.lng ?? null };
}

const stayStop = (s: NonNullable<ReturnType<typeof stayOfDay>>) =>
  stop('stay', s.id, s.name, s.address, s.latitude, s.longtitude);

export function dayStops(days: readonly TripDay[], dayIndex: number): DayStop[] {
  const day = days[dayIndex];
  if (!day) return [];
  const stops: DayStop[] = [];
  const morning = stayOfDay(days[dayIndex - 1]);
  if (morning) stops.push(stayStop(morning));
  for (const a of day.daily_attractions)
    stops.push(stop('attraction', a.id, a.title, a.address, a.lat, a.lng));
  const night = stayOfDay(day);
  if (night) stops.push(stayStop(night));
  // A day without activities at the same stay morning and night is one stop, not a trip from the hotel to itself.
  return stops.filter(
    (s, i) => i === 0 || s.kind !== 'stay' || stops[i - 1]?.kind !== 'stay' || stops[i - 1]?.id !== s.id,
  );
}
