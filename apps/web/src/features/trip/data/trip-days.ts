import { addDays, tripDateToIso, type RideAttractionsResponse, type TripDay } from '@rides/contract';

/**
 * Calendar facts of a trip for the editing screens, from the trip view (ride_attractions_api). Dates are ISO
 * YYYY-MM-DD, computed from the start date by calendar arithmetic only.
 */

/** The date of each day (day i = start + i), or null when the trip's dates are hidden or unreadable. */
export function tripDayDates(data: Pick<RideAttractionsResponse, 'ride' | 'attractionsByDay'>): string[] | null {
  const start = data.ride.start_date ? tripDateToIso(data.ride.start_date) : null;
  if (!start) return null;
  return data.attractionsByDay.map((_, i) => addDays(start, i));
}

/** 0-based day of a date within the trip, or null outside it (000 §5 day_not_in_trip_range). */
export function dayIndexOf(dates: readonly string[], iso: string): number | null {
  const i = dates.indexOf(iso);
  return i === -1 ? null : i;
}

const usable = (lat: number, lng: number) =>
  Number.isFinite(lat) && Number.isFinite(lng) && !(lat === 0 && lng === 0) && Math.abs(lat) <= 90 && Math.abs(lng) <= 180;

/**
 * Where a day happens: the middle of its activities, else its stay (booked, else suggested), else null. The
 * add-activity page searches there until the user picks another place.
 */
export function dayCentre(day: TripDay | undefined): { lat: number; lng: number } | null {
  if (!day) return null;
  const points = day.daily_attractions.filter((a) => usable(a.lat, a.lng));
  if (points.length > 0) {
    const lat = points.reduce((s, a) => s + a.lat, 0) / points.length;
    const lng = points.reduce((s, a) => s + a.lng, 0) / points.length;
    return { lat: Math.round(lat * 1e5) / 1e5, lng: Math.round(lng * 1e5) / 1e5 };
  }
  const stay = day.accommodation ?? day.base_trip_accommodation;
  return stay && usable(stay.latitude, stay.longtitude) ? { lat: stay.latitude, lng: stay.longtitude } : null;
}

/** The nearest day (searching outwards from `index`) that has a place, so an empty day still gets a search. */
export function nearestDayCentre(days: readonly TripDay[], index: number): { lat: number; lng: number } | null {
  for (let d = 0; d < days.length; d++) {
    const c = dayCentre(days[index + d]) ?? dayCentre(days[index - d]);
    if (c) return c;
  }
  return null;
}
