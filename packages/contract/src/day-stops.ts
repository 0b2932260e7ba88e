import type { RideDay } from './calls/rides.js';

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
export const stayOfDay = (day: RideDay | undefined) =>
  day?.accommodation ?? day?.base_trip_accommodation ?? null;

function stayStop(stay: NonNullable<ReturnType<typeof stayOfDay>>): DayStop {
  const p = usableCoordinates(stay.latitude, stay.longtitude);
  return {
    kind: 'stay',
    id: stay.id,
    name: stay.name,
    address: stay.address,
    lat: p?.lat ?? null,
    lng: p?.lng ?? null,
  };
}

export function dayStops(days: readonly RideDay[], dayIndex: number): DayStop[] {
  const day = days[dayIndex];
  if (!day) return [];
  const stops: DayStop[] = [];
  const morning = stayOfDay(days[dayIndex - 1]);
  if (morning) stops.push(stayStop(morning));
  for (const a of day.daily_attractions) {
    const p = usableCoordinates(a.lat, a.lng);
    stops.push({
      kind: 'attraction',
      id: a.id,
      name: a.title,
      address: a.address,
      lat: p?.lat ?? null,
      lng: p?.lng ?? null,
    });
  }
  const night = stayOfDay(day);
  if (night) stops.push(stayStop(night));
  // A day without activities at the same stay morning and night is one stop, not a trip from the hotel to itself.
  return stops.filter(
    (s, i) => i === 0 || s.kind !== 'stay' || stops[i - 1]?.kind !== 'stay' || stops[i - 1]?.id !== s.id,
  );
}
