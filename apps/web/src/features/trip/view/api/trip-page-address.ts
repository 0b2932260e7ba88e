import { ADDRESSES } from '@rides/contract';
import { matchPath } from 'react-router';
import { parseId } from '../../../../lib/trip-address';

/** The trip page's addresses (and the attraction variant); the full-screen map reads the same trip. */
const TRIP_PAGES = [ADDRESSES.trip, ADDRESSES.tripAttraction, ADDRESSES.fullMap];

/**
 * The trip an address shows, for the reads the app's start begins (prefetch.ts): read with the route table's patterns
 * as the router reads them, so no regular expression repeats the table; 0 for any other page.
 */
export function tripIdOfPath(pathname: string): number {
  for (const pattern of TRIP_PAGES) {
    const match = matchPath(pattern, pathname);
    if (match) return parseId(match.params.rideId) ?? 0;
  }
  return 0;
}
