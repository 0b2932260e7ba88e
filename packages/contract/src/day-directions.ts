import { usableCoordinates } from './day-stops.js';

/**
 * "Open the day in Google Maps" (issue 19 point 5, decision 0033): a day's stops in order as Google Maps directions
 * addresses, the documented universal form https://www.google.com/maps/dir/?api=1 with origin, destination,
 * waypoints (separated by |) and travelmode. Pure, shared by the trip page, the offline view and the PDF.
 *
 * Google Maps takes at most 3 waypoints in its phone apps and 9 in a browser, and an address must stay under 2,048
 * characters; so a long day becomes consecutive legs, each leg's destination being the next leg's origin, which
 * together hold every usable stop in order. A stop is named by its address (what the traveller recognises and Google
 * routes to); when an address is missing, or the leg's address would reach 2,048 characters, by its coordinates.
 * A stop with neither coordinates nor an address is left out (there is nothing to navigate to).
 */

export const GOOGLE_MAPS_DIRECTIONS = 'https://www.google.com/maps/dir/?api=1';
/** Google's documented limit of a Maps URL. */
export const MAPS_URL_MAX_LENGTH = 2048;
/** Waypoints Google Maps accepts between origin and destination: phone apps 3, a browser 9. */
export const MAX_WAYPOINTS = { phone: 3, desktop: 9 } as const;

export type DirectionsDevice = keyof typeof MAX_WAYPOINTS;
export const TRAVEL_MODES = ['driving', 'walking', 'bicycling', 'transit'] as const;
export type TravelMode = (typeof TRAVEL_MODES)[number];

export interface DirectionsStop {
  lat?: number | null;
  lng?: number | null;
  address?: string | null;
}

export interface DirectionsLeg {
  url: string;
  /** Indices into the given stops, in order: the leg's origin, its waypoints and its destination. */
  stops: number[];
}

/** "lat,lng" of a usable pair (day-stops.ts usableCoordinates), 6 decimals (~10 cm: the door, in few characters). */
export function stopCoordinates(stop: DirectionsStop): string | null {
  const p = usableCoordinates(stop.lat, stop.lng);
  if (!p) return null;
  const [a, b] = [Number(p.lat.toFixed(6)), Number(p.lng.toFixed(6))];
  return a === 0 && b === 0 ? null : `${a},${b}`;
}

/** The stop's address as one line (newlines, runs of spaces and the waypoints' separator | folded), or null. */
function addressOf(stop: DirectionsStop): string | null {
  const a = stop.address?.replace(/[\s|]+/g, ' ').trim();
  return a ? a : null;
}

function legUrl(places: readonly string[], mode: TravelMode): string {
  const origin = places[0] ?? '';
  const destination = places[places.length - 1] ?? '';
  const waypoints = places.slice(1, -1);
  let url = `${GOOGLE_MAPS_DIRECTIONS}&origin=${encodeURIComponent(origin)}&destination=${encodeURIComponent(destination)}`;
  if (waypoints.length > 0) url += `&waypoints=${waypoints.map(encodeURIComponent).join('%7C')}`;
  return `${url}&travelmode=${mode}`;
}

/** One stop alone: directions from wherever the traveller is (Google asks for the origin) to it. */
function singleUrl(place: string, mode: TravelMode): string {
  return `${GOOGLE_MAPS_DIRECTIONS}&destination=${encodeURIComponent(place)}&travelmode=${mode}`;
}

/**
 * The names of some stops that fit one address: addresses first; then the longest addresses swapped for coordinates
 * until it fits; an address of a stop without coordinates is cut (an address of ~600 characters per stop still fits
 * 11 stops, so this is only for absurd input). Returns null when even that does not fit (the caller splits the leg).
 */
function fitLeg(stops: readonly DirectionsStop[], mode: TravelMode): string | null {
  const names = stops.map((s) => addressOf(s) ?? stopCoordinates(s) ?? '');
  const make = () => (names.length === 1 ? singleUrl(names[0] ?? '', mode) : legUrl(names, mode));
  const byLength = names.map((_, i) => i).sort((a, b) => (names[b] ?? '').length - (names[a] ?? '').length);
  for (const i of byLength) {
    if (make().length < MAPS_URL_MAX_LENGTH) return make();
    const point = stopCoordinates(stops[i] ?? {});
    if (point) names[i] = point;
  }
  if (make().length < MAPS_URL_MAX_LENGTH) return make();
  if (stops.length > 2) return null;
  // Two stops (or one) whose addresses alone are too long and have no coordinates: cut each to a fair share.
  const share = Math.floor((MAPS_URL_MAX_LENGTH - 200) / names.length / 9); // a character is at most 9 encoded bytes
  for (let i = 0; i < names.length; i++) {
    const n = names[i] ?? '';
    if (n.length > share) names[i] = [...n].slice(0, share).join('');
  }
  return make();
}

/**
 * The day's directions: consecutive legs covering every usable stop in order (leg n's destination is leg n+1's
 * origin), each with at most MAX_WAYPOINTS[device] waypoints and under 2,048 characters. No usable stop: no leg.
 */
export function dayDirections(
  stops: readonly DirectionsStop[],
  device: DirectionsDevice,
  mode: TravelMode = 'driving',
): DirectionsLeg[] {
  const usable = stops.flatMap((s, i) => (addressOf(s) !== null || stopCoordinates(s) !== null ? [i] : []));
  if (usable.length === 0) return [];
  const first = usable[0] as number;
  if (usable.length === 1)
    return [{ url: fitLeg([stops[first] as DirectionsStop], mode) as string, stops: [first] }];

  const legs: DirectionsLeg[] = [];
  const perLeg = MAX_WAYPOINTS[device] + 2;
  let start = 0;
  while (start < usable.length - 1) {
    // As many stops as the device allows; fewer when the address would be too long.
    for (let count = Math.min(perLeg, usable.length - start); count >= 2; count--) {
      const indices = usable.slice(start, start + count);
      const url = fitLeg(
        indices.map((i) => stops[i] as DirectionsStop),
        mode,
      );
      if (url !== null) {
        legs.push({ url, stops: indices });
        start += count - 1;
        break;
      }
    }
  }
  return legs;
}
