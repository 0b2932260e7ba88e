import { ADDRESSES, matchAddress } from '@rides/contract';
import type { TripsService } from './trips.service.js';

/**
 * The trip a trip page's address shows (the contract's table: the trip page, and with one attraction open), else
 * null: for any other page, and for an id that is not one (pageId).
 */
export const tripPageId = (path: string): number | null =>
  (matchAddress(ADDRESSES.trip, path) ?? matchAddress(ADDRESSES.tripAttraction, path))?.rideId ?? null;

/** The element the web app reads it from (apps/web/src/features/trip/view/api/prefetch.ts). */
export const TRIP_DATA_ELEMENT_ID = 'rides-trip-data';

/**
 * The trip page's three reads, as a visitor who is not signed in would get them, as one JSON text in the shape the
 * web app's TripPageData has: the page's HTML carries it (the trip shows without one more round trip, issue 3) and
 * the server renders the page from it (decision 0016). Only what anyone may see: a private trip (or one that does
 * not exist) gets null, and the app asks the API as usual. A signed-in reader's app ignores it and asks with its token.
 */
export async function tripPageReads(rides: TripsService, path: string): Promise<string | null> {
  const id = tripPageId(path);
  if (id === null) return null;
  try {
    const [page, header, author] = await Promise.all([
      rides.tripPageBody(id, null),
      rides.rideHeaderBody(id, null),
      rides.userInfo(id, null),
    ]);
    return (
      `{"rideId":${id},${page.version === undefined ? '' : `"version":${page.version},`}"rideAttractions":${page.identity.toString('utf8')},` +
      `"rideHeader":${header.identity.toString('utf8')},"userInfo":${JSON.stringify(author)}}`
    );
  } catch {
    // Not visible to a visitor (private, missing): the app's own calls give the right answer and message.
    return null;
  }
}

/**
 * The reads as a `<script type="application/json">` element (never executed, so the CSP allows it). "<" only occurs
 * inside JSON strings, where \u003c means the same: no "</script>" can end the element early.
 */
export const tripDataElement = (json: string): string =>
  `<script type="application/json" id="${TRIP_DATA_ELEMENT_ID}">${json.replace(/</g, '\\u003c')}</script>`;
