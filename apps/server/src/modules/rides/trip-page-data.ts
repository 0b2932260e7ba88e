import type { RidesService } from './rides.service.js';

/** The trip page's addresses: /single_ride_with_map/{id} and /single_ride_with_map_attraction/{id}/{attractionId}. */
const TRIP_PAGE = /^\/single_ride_with_map(?:_attraction)?\/(\d{1,9})(?:\/\d{1,9})?\/?$/;

/** The element the web app reads it from (apps/web/src/features/trip/api/initial-data.ts). */
export const TRIP_DATA_ELEMENT_ID = 'rides-trip-data';

/**
 * The trip page's three reads, as a visitor who is not signed in would get them, for the page's HTML: the trip
 * shows as soon as the code has run instead of one more round trip later (issue 3, Lighthouse mobile: ~0.5 s on a
 * phone's network). Only what anyone may see: a private trip (or one that does not exist) gets nothing here, and
 * the app asks the API as usual. A signed-in reader's app ignores it and asks with its token.
 * Answers a `<script type="application/json">` element (never executed, so the CSP allows it), or null.
 */
export async function tripPageData(rides: RidesService, path: string): Promise<string | null> {
  const id = Number(TRIP_PAGE.exec(path)?.[1] ?? 0);
  if (!id) return null;
  try {
    const [page, header, author] = await Promise.all([
      rides.ridePageBody(id, null),
      rides.rideHeaderBody(id, null),
      rides.userInfo(id, null),
    ]);
    const json =
      `{"rideId":${id},"rideAttractions":${page.identity.toString('utf8')},` +
      `"rideHeader":${header.identity.toString('utf8')},"userInfo":${JSON.stringify(author)}}`;
    // "<" only occurs inside JSON strings, where \u003c means the same: no "</script>" can end the element early.
    return `<script type="application/json" id="${TRIP_DATA_ELEMENT_ID}">${json.replace(/</g, '\\u003c')}</script>`;
  } catch {
    // Not visible to a visitor (private, missing): the app's own calls give the right answer and message.
    return null;
  }
}
