/**
 * The service worker's runtime cache of trip reads (vite.config.ts builds /sw.js with these; decision 0011). No
 * imports: vite.config.ts reads this file (Node cannot load the contract's TypeScript there). How the page removes
 * private trips from this cache on sign-out is trip-cache-purge.ts.
 */

/** 000 §9: offline cache name version 37. */
export const TRIP_RUNTIME_CACHE = 'rides-trips-v37';

/** The trip page's three reads; the first group is the ride id. */
export const TRIP_READ_PATH = /\/api\/(?:ride_attractions_api|ride_header_api|user_info_from_ride_id_api)\/(\d+)$/;
