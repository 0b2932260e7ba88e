/**
 * The add-activity page's address (lib/screen-paths.ts): ?rideId=N&day=D&lat=&lng=&place=&source=&category=. The
 * page's whole state lives there, so back/forward and a reload show the same search. Anything unreadable is
 * dropped (the page then asks for it), never a crash.
 */
export const ACTIVITY_CATEGORIES = ['attractions', 'restaurants'] as const;
export type ActivityCategory = (typeof ACTIVITY_CATEGORIES)[number];

/**
 * The two category cards of 000 §2: recommended from a maps service (its attractions or, with `category`, its
 * restaurants), and recommended from other trips (our attractions). The maps service's is the default.
 */
export const ACTIVITY_SOURCES = ['maps', 'trips'] as const;
export type ActivitySource = (typeof ACTIVITY_SOURCES)[number];

export interface AddActivityState {
  rideId: number | null;
  /** 1-based day of the trip, or null (the page then takes the first day). */
  day: number | null;
  lat: number | null;
  lng: number | null;
  place: string;
  source: ActivitySource;
  /** What the maps service is asked for (source maps). */
  category: ActivityCategory;
}

const positiveInt = (value: string | null, max: number): number | null => {
  if (value === null || !/^[1-9]\d{0,9}$/.test(value.trim())) return null;
  const n = Number(value);
  return n <= max ? n : null;
};

const coordinate = (value: string | null, max: number): number | null => {
  if (value === null || !/^[+-]?\d{1,3}(\.\d+)?$/.test(value.trim())) return null;
  const n = Number(value);
  return Math.abs(n) <= max ? n : null;
};

export function readAddActivity(params: URLSearchParams): AddActivityState {
  const lat = coordinate(params.get('lat'), 90);
  const lng = coordinate(params.get('lng'), 180);
  const point = lat !== null && lng !== null;
  const category = params.get('category');
  return {
    rideId: positiveInt(params.get('rideId') ?? params.get('ride_id'), 2_147_483_647),
    day: positiveInt(params.get('day'), 9999),
    lat: point ? lat : null,
    lng: point ? lng : null,
    place: point ? (params.get('place') ?? '').trim().slice(0, 200) : '',
    source: params.get('source') === 'trips' ? 'trips' : 'maps',
    category: category === 'restaurants' ? 'restaurants' : 'attractions',
  };
}

/** Coordinates to 5 decimals (~1 m): short addresses, and one place is one cached answer. */
const fixed = (n: number) => String(Math.round(n * 1e5) / 1e5);

export function addActivitySearch(state: AddActivityState): string {
  const params = new URLSearchParams();
  if (state.rideId !== null) params.set('rideId', String(state.rideId));
  if (state.day !== null) params.set('day', String(state.day));
  if (state.lat !== null && state.lng !== null) {
    params.set('lat', fixed(state.lat));
    params.set('lng', fixed(state.lng));
    if (state.place) params.set('place', state.place);
  }
  if (state.source !== 'maps') params.set('source', state.source);
  if (state.category !== 'attractions') params.set('category', state.category);
  return `?${params.toString()}`;
}
