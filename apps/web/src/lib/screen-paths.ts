import { pageLink } from '@rides/contract';
import { PATHS } from './paths';

/**
 * Addresses of the screens whose parameters are a query (the trip's editing screens, the attraction editor, the hotel
 * search, the partner's map): shared, the trip's screens, hotel search and the planner's library link to them.
 *
 * The add-activity page: the spec gives /add_new_attraction_to_ride no parameters: ours are
 * ?rideId=N&day=D (D 1-based, as "day N" and the trip page's ?day=), optionally &lat&lng&place (the searched place).
 * The trip's own screens (page, calendar, checklist, ...) are lib/paths.ts's; every address is the contract's table's.
 */
export const ADD_ACTIVITY_PATH = PATHS.addActivity;

export const addActivityPath = (rideId: number, day?: number) =>
  `${ADD_ACTIVITY_PATH}?rideId=${rideId}${day !== undefined ? `&day=${day}` : ''}`;

/**
 * Addresses of the accommodation screens (decision 0018). The spec gives /accommodation no parameters: ours are
 * ?rideId=N, and &id=M to edit stay M, or &base=M to book in place of the original trip's suggestion M, or &day=D
 * (1-based) for a new stay from that night.
 */
export const ACCOMMODATION_PATH = PATHS.accommodation;

export function accommodationPath(rideId: number, opts: { id?: number; base?: number; day?: number } = {}): string {
  const q = new URLSearchParams({ rideId: String(rideId) });
  if (opts.id !== undefined) q.set('id', String(opts.id));
  if (opts.base !== undefined) q.set('base', String(opts.base));
  if (opts.day !== undefined) q.set('day', String(opts.day));
  return `${ACCOMMODATION_PATH}?${q}`;
}

/**
 * Where the author goes from a stay of their trip: a booking, or any stay of an original trip (its own stays), is
 * edited (&id); a copy's suggestion (the original trip's stay) is booked in place of (&base).
 */
export function stayEditPath(rideId: number, stay: { id: number; status: string }, isCopy: boolean): string {
  return isCopy && stay.status !== 'booked' ? accommodationPath(rideId, { base: stay.id }) : accommodationPath(rideId, { id: stay.id });
}

/**
 * The attraction editor in its create mode (001 §2 "Attraction editor (/attractionInformation, /add_attraction, ...)"),
 * for the add-activity page's "create new activity" (000 §2; features/attraction-editor, decision 0020). Ours:
 * ?rideId=N&day=D, as the add-activity page's (decision 0017).
 */
export const NEW_ATTRACTION_PATH = PATHS.newAttraction;

export const newAttractionPath = (rideId: number, day: number) => `${NEW_ATTRACTION_PATH}?rideId=${rideId}&day=${day}`;

/**
 * The attraction editor in its edit mode (001 §2; decision 0020): /attractionInformation?attractionId=N, and &rideId=M
 * for the trip it was opened from (back to that trip, and the AI text's language). For the attraction's author only.
 */
export const ATTRACTION_EDIT_PATH = PATHS.attractionEdit;

export const attractionEditPath = (attractionId: number, rideId: number | null) =>
  `${ATTRACTION_EDIT_PATH}?attractionId=${attractionId}${rideId !== null ? `&rideId=${rideId}` : ''}`;

/**
 * The hotel search (001 §2): /search_accommodations?lat=&lng=&place= (the picked place), &rideId= when opened from a
 * trip ("back to trip"); /search_accommodations_by_name/{typed name}.
 */
export const HOTEL_SEARCH_PATH = PATHS.hotelSearch;

export interface HotelSearchState {
  lat: number | null;
  lng: number | null;
  place: string;
  rideId: number | null;
}

/** Coordinates to 5 decimals (~1 m): short addresses, and the same place is the same cached answer. */
const fixed = (n: number) => String(Math.round(n * 1e5) / 1e5);

export function hotelSearchPath(state: HotelSearchState): string {
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

/** The name is one path segment. */
export const hotelSearchByNamePath = (name: string) => pageLink(PATHS.hotelSearchByName, { locationName: name.trim() });

/**
 * The booking partner's hotel map (000 §2 /booking): ?lat=&lng= (the stay's place), &checkin=&checkout= (YYYY-MM-DD),
 * &place= (its name, for the heading), &rideId= (back to trip), &aid=&target_aid= (the trip's booking mapping; without
 * them the site's own affiliate id is used).
 */
export const PARTNER_MAP_PATH = PATHS.partnerMap;

export interface PartnerMapState {
  lat: number;
  lng: number;
  checkIn: string | null;
  checkOut: string | null;
  place: string;
  rideId: number | null;
  aid: string | null;
  targetAid: string | null;
}

export function partnerMapPath(state: PartnerMapState): string {
  const params = new URLSearchParams({ lat: fixed(state.lat), lng: fixed(state.lng) });
  if (state.checkIn && state.checkOut) {
    params.set('checkin', state.checkIn);
    params.set('checkout', state.checkOut);
  }
  if (state.place) params.set('place', state.place);
  if (state.rideId !== null) params.set('rideId', String(state.rideId));
  if (state.aid) params.set('aid', state.aid);
  if (state.targetAid) params.set('target_aid', state.targetAid);
  return `${PARTNER_MAP_PATH}?${params}`;
}
