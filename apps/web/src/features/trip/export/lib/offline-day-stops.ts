import type { DirectionsStop } from '@rides/contract';
import type { SavedDay, SavedLodging } from '../../cache/trip-cache';

const sameLodging = (a: SavedLodging, b: SavedLodging) =>
  a.name === b.name && a.lat === b.lat && a.lng === b.lng;

/**
 * The contract's dayStops for a trip kept on the device (its days keep places, not the wire's objects): the previous
 * night's lodging, the activities in order, that night's lodging; one stop when the day stays at the same place.
 */
export function offlineDayStops(days: readonly SavedDay[], index: number): DirectionsStop[] {
  const day = days[index];
  if (!day) return [];
  const morning = days[index - 1]?.lodging ?? null;
  const night = day.lodging;
  const stops: DirectionsStop[] = [];
  if (morning) stops.push(morning);
  stops.push(...day.attractions);
  if (night && !(morning && day.attractions.length === 0 && sameLodging(morning, night))) stops.push(night);
  return stops;
}
