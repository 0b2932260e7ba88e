import { redirect, type LoaderFunctionArgs } from 'react-router';
import type { OldRoute } from '../lib/old-routes';
import { PATHS, paths } from '../lib/paths';
import { addActivityPath } from '../lib/screen-paths';
import { lastTripId } from '../features/trip/cache/trip-cache-core';

/**
 * Where each old route of 002 §2.1 goes (decision 0039; the list is old-routes.ts). Its own module, loaded by the
 * router only when an old address is opened, so no page's first visit carries it.
 */
/** The first app's trip-id parameters, in the order they are read. */
const ID_PARAMS = ['id', 'rideId', 'ride_id'] as const;

/** A trip id as the old links wrote it: a whole positive number that fits the database's integer; anything else is none. */
function rideIdOf(params: URLSearchParams): number | null {
  for (const name of ID_PARAMS) {
    const raw = params.get(name)?.trim();
    if (raw && /^\d{1,10}$/.test(raw)) {
      const id = Number(raw);
      if (id > 0 && id <= 2_147_483_647) return id;
    }
  }
  return null;
}

/** `path` with the parameters kept (less those the new address carries in its path), merged after any of its own. */
function withParams(path: string, params: URLSearchParams, drop: readonly string[] = []): string {
  const [base, own] = path.split('?') as [string, string | undefined];
  const out = new URLSearchParams(own);
  for (const [k, v] of params) if (!drop.includes(k) && !out.has(k)) out.append(k, v);
  const query = out.toString();
  return query ? `${base}?${query}` : base;
}

/**
 * Where an old route goes. `search` is the address's query ("?id=5&day=2" or ""); `lastTrip` the last viewed trip
 * (local storage, lastRideId), or null.
 */
export function resolveOldRoute(route: OldRoute, search: string, lastTrip: number | null): string {
  const params = new URLSearchParams(search);
  const id = rideIdOf(params);
  const trip = id ?? lastTrip;
  switch (route) {
    case '/old':
    case '/popups':
      return withParams(PATHS.home, params);
    case '/single_ride':
    case '/single_Ride_map':
    case '/single_ride_with_map':
      // No trip to show and nothing viewed before: the trip search.
      return trip === null
        ? withParams(PATHS.searchRide, params, ID_PARAMS)
        : withParams(paths.trip(trip), params, ID_PARAMS);
    case '/single_map_with_all_search_on_map':
      return withParams(PATHS.globalMap, params);
    case '/ride_checklist':
      return trip === null
        ? withParams(PATHS.myTrips, params, ID_PARAMS)
        : withParams(paths.tripChecklist(trip), params, ID_PARAMS);
    case '/attraction':
    case '/serch_attractions':
      return withParams(PATHS.attractionSearch, params);
    case '/add_new_attraction_to_ride_old':
      // The add-activity page reads ?rideId; an old link may have said ?id.
      return withParams(id === null ? PATHS.addActivity : addActivityPath(id), params, ID_PARAMS);
    case '/user_rides_old':
      return withParams(PATHS.myTrips, params);
    case '/ride_information_old':
      return withParams(paths.rideInformation(id ?? undefined), params, ID_PARAMS);
    case '/add_images':
      // The photo flows without an id (001 §2 "optional /{ride_id}"): the trip's, else my trips to choose one.
      return trip === null
        ? withParams(PATHS.myTrips, params, ID_PARAMS)
        : withParams(paths.addImages(trip), params, ID_PARAMS);
    case '/add_accommodations_image':
    case '/add_accommodation_from_image':
      return trip === null
        ? withParams(PATHS.myTrips, params, ID_PARAMS)
        : withParams(paths.addAccommodationsImage(trip), params, ID_PARAMS);
    case '/upload':
      // The first app's image upload page: images go on a trip now, from its page (the author's tools); no trip, my trips.
      return trip === null
        ? withParams(PATHS.myTrips, params, ID_PARAMS)
        : withParams(paths.trip(trip), params, ID_PARAMS);
  }
}

/** The router's loader of every old route: an answer the browser follows before anything renders (no blank page). */
export const oldRouteLoader =
  (route: OldRoute) =>
  ({ request }: LoaderFunctionArgs) =>
    redirect(resolveOldRoute(route, new URL(request.url).search, lastTripId()));
