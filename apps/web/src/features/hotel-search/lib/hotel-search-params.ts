/**
 * The hotel search lives in the address (001 §2 /search_accommodations and /search_accommodations_by_name/{name}), so
 * back/forward and a shared link show the same search: ?lat=&lng=&place= (the picked place), and &rideId= when it was
 * opened from a trip (its "back to trip" link). Coordinates come together or not at all; anything unreadable is dropped.
 */
export const HOTEL_SEARCH_PATH = '/search_accommodations';
export const HOTEL_SEARCH_BY_NAME_PATH = '/search_accommodations_by_name';

export interface HotelSearchState {
  lat: number | null;
  lng: number | null;
  place: string;
  rideId: number | null;
}

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

/** Coordinates to 5 decimals (~1 m): short addresses, and the same place is the same cached answer. */
const fixed = (n: number) => String(Math.round(n * 1e5) / 1e5);

export function hotelSearchHref(state: HotelSearchState): string {
  const params = new URLSearchParams();
  if (state.lat !== null && state.lng !== null) {
    params.set('lat', fixed(state.lat));
    params.set('lng', fixed(state.lng));
    if (state.place) params.set('place', state.place);
  }
  if (state.rideId !== null) params.set('rideId', String(state.rideId));
  const text = params.toString();
  return `${HOTEL_SEARCH_PATH}${text ? `?${text}` : ''}`;
}

/** /search_accommodations_by_name/{typed text}: the name is one path segment. */
export const hotelSearchByNameHref = (name: string) => `${HOTEL_SEARCH_BY_NAME_PATH}/${encodeURIComponent(name.trim())}`;
