import { isCalendarIsoDate } from '@rides/contract';
import type { HotelSearchState, PartnerMapState } from '../../../lib/screen-paths';
import { toIsoDate } from '../../../lib/affiliate';

/**
 * Reads the addresses of the hotel screens, so back/forward and a shared link show the same thing. Their builders
 * (hotelSearchPath, hotelSearchByNamePath, partnerMapPath) are in lib/screen-paths.ts, so other screens (the
 * checklist) link here too. Anything unreadable is dropped, never trusted.
 */
const coordinate = (value: string | null, max: number): number | null => {
  if (value === null || !/^[+-]?\d{1,3}(\.\d+)?$/.test(value.trim())) return null;
  const n = Number(value);
  return Number.isFinite(n) && Math.abs(n) <= max ? n : null;
};

const rideIdOf = (params: URLSearchParams): number | null => {
  const ride = params.get('rideId') ?? '';
  return /^[1-9]\d{0,8}$/.test(ride) ? Number(ride) : null;
};

/** /search_accommodations: ?lat=&lng=&place= (the picked place; coordinates come together or not at all), &rideId=. */
export function readHotelSearch(params: URLSearchParams): HotelSearchState {
  const lat = coordinate(params.get('lat'), 90);
  const lng = coordinate(params.get('lng'), 180);
  const point = lat !== null && lng !== null;
  return {
    lat: point ? lat : null,
    lng: point ? lng : null,
    place: point ? (params.get('place') ?? '').trim().slice(0, 200) : '',
    rideId: rideIdOf(params),
  };
}

/** An affiliate id as partners issue them: letters, digits, _ and -. */
const affiliateId = (value: string | null): string | null =>
  value && /^[\w-]{1,64}$/.test(value) ? value : null;

/**
 * /booking: null without a place (the map has nothing to show). Dates are kept only as a pair, check-out after
 * check-in, and read as YYYY-MM-DD or the wire's DD-MM-YYYY.
 */
export function readPartnerMap(params: URLSearchParams): PartnerMapState | null {
  const lat = coordinate(params.get('lat'), 90);
  const lng = coordinate(params.get('lng'), 180);
  if (lat === null || lng === null) return null;
  const checkIn = toIsoDate(params.get('checkin'));
  const checkOut = toIsoDate(params.get('checkout'));
  const dates =
    checkIn !== null && checkOut !== null && checkIn < checkOut && isCalendarIsoDate(checkIn) && isCalendarIsoDate(checkOut);
  return {
    lat,
    lng,
    checkIn: dates ? checkIn : null,
    checkOut: dates ? checkOut : null,
    place: (params.get('place') ?? '').trim().slice(0, 200),
    rideId: rideIdOf(params),
    aid: affiliateId(params.get('aid')),
    targetAid: affiliateId(params.get('target_aid')),
  };
}

