import type { HotelSearchState } from '../../../lib/ride-editing/paths';

/**
 * Reads the hotel search's address (001 §2 /search_accommodations), so back/forward and a shared link show the same
 * search: ?lat=&lng=&place= (the picked place), and &rideId= when it was opened from a trip ("back to trip").
 * Coordinates come together or not at all; anything unreadable is dropped. Its builders, hotelSearchPath and
 * hotelSearchByNamePath, are in lib/ride-editing/paths.ts, so other screens (the checklist) link here too.
 */
const coordinate = (value: string | null, max: number): number | null => {
  if (value === null || !/^[+-]?\d{1,3}(\.\d+)?$/.test(value.trim())) return null;
  const n = Number(value);
  return Number.isFinite(n) && Math.abs(n) <= max ? n : null;
};

export function readHotelSearch(params: URLSearchParams): HotelSearchState {
  const lat = coordinate(params.get('lat'), 90);
  const lng = coordinate(params.get('lng'), 180);
  const point = lat !== null && lng !== null;
  const ride = params.get('rideId') ?? '';
  return {
    lat: point ? lat : null,
    lng: point ? lng : null,
    place: point ? (params.get('place') ?? '').trim().slice(0, 200) : '',
    rideId: /^[1-9]\d{0,8}$/.test(ride) ? Number(ride) : null,
  };
}
