/**
 * The trip feature's public entry: the only file of features/trip another feature may import (lint:
 * import/no-restricted-paths in eslint.config.js; docs/decisions/0034-web-boundaries.md).
 *
 * The trip's screens live in its sub-folders (view/, editing/, calendar/, accommodations/, information/, export/,
 * shared/) and import each other freely; the router (app/) loads their pages lazily. What another feature mounts
 * from the trip (the access page, the offline view) is exported here, as lazy components where it has weight, so
 * the importing page's first JavaScript carries a few bytes, not the trip's code or style sheets.
 */
export * from './export';
/** A new trip (add_ride_api): the trip from photos creates one over the photos' span. */
export { addRide } from './information/api/ride-information';
/** The trip's stays and dates (the lodging photos' page reads the range's limits and the author from it). */
export { rideAccommodationsQuery } from './accommodations/api/accommodations';
