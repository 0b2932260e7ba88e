import { PATHS } from '../../../lib/paths';

/**
 * The trip search lives in the address (so back/forward and a shared link show the same search):
 * /search_ride?lat=&lng=&place=&mobility=1. Coordinates come together or not at all; anything unreadable is dropped.
 */
export interface TripSearchState {
  lat: number | null;
  lng: number | null;
  /** The picked place's name, shown in the box and the heading. */
  place: string;
  /** Only trips suitable for people with limited mobility. */
  mobility: boolean;
}

export const SEARCH_RIDE_PATH = PATHS.searchRide;
/** 001 §2: attraction search on a map; its address holds the picked place the same way (?lat&lng&place). */
export const ATTRACTION_SEARCH_PATH = PATHS.attractionSearch;

const coordinate = (value: string | null, max: number): number | null => {
  if (value === null || !/^[+-]?\d{1,3}(\.\d+)?$/.test(value.trim())) return null;
  const n = Number(value);
  return Number.isFinite(n) && Math.abs(n) <= max ? n : null;
};

export function readTripSearch(params: URLSearchParams): TripSearchState {
  const lat = coordinate(params.get('lat'), 90);
  const lng = coordinate(params.get('lng'), 180);
  const point = lat !== null && lng !== null;
  const mobility = params.get('mobility');
  return {
    lat: point ? lat : null,
    lng: point ? lng : null,
    place: (params.get('place') ?? '').trim().slice(0, 200),
    mobility: mobility === '1' || mobility === 'true',
  };
}

/** Coordinates to 5 decimals (~1 m): short addresses, and the same place is the same cached answer. */
const fixed = (n: number) => String(Math.round(n * 1e5) / 1e5);

export function tripSearchQueryString(state: TripSearchState): string {
  const params = new URLSearchParams();
  if (state.lat !== null && state.lng !== null) {
    params.set('lat', fixed(state.lat));
    params.set('lng', fixed(state.lng));
    if (state.place) params.set('place', state.place);
  }
  if (state.mobility) params.set('mobility', '1');
  const text = params.toString();
  return text ? `?${text}` : '';
}

export const tripSearchHref = (state: TripSearchState) =>
  `${SEARCH_RIDE_PATH}${tripSearchQueryString(state)}`;

export const attractionSearchHref = (place: { lat: number | null; lng: number | null; place: string }) =>
  `${ATTRACTION_SEARCH_PATH}${tripSearchQueryString({ ...place, mobility: false })}`;
