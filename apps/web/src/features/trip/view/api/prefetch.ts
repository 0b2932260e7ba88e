import type { QueryClient } from '@tanstack/react-query';
import { getSession } from '../../../../lib/session-store';
import { tripAttractionsQuery } from '../../data/trip-attractions';
import { tripHeaderQuery } from '../../data/trip-header';
import { seedTripReads, type TripPageData } from './seed';
import { tripIdOfPath } from './trip-page-address';
import { userInfoFromTripQuery } from './user-info-from-trip';

/** Set by the server in the trip page's HTML (apps/server/src/modules/trips/trip-page-data.ts). */
const DATA_ELEMENT_ID = 'rides-trip-data';

/**
 * The three reads as the server put them in the page (what a visitor who is not signed in gets), used once: a later
 * visit within the app asks the API again. A signed-in reader may see more (their private trip, the dates): their
 * app asks with its token instead.
 */
function takePageData(id: number): TripPageData | null {
  const el = document.getElementById(DATA_ELEMENT_ID);
  if (!el) return null;
  el.remove();
  try {
    const data = JSON.parse(el.textContent ?? '') as TripPageData;
    return data.rideId === id && data.rideAttractions?.ride && data.rideHeader?.ride && data.userInfo
      ? data
      : null;
  } catch {
    return null;
  }
}

/**
 * Starts the trip page's three reads as the app boots, before the language file and the page's code have loaded,
 * so the data arrives alongside the code instead of after it; or, for a visitor who is not signed in, takes them
 * from the page itself. The page's own queries then find them in flight or done.
 */
export function prefetchTripReads(queryClient: QueryClient, pathname: string): void {
  const id = tripIdOfPath(pathname);
  const token = getSession()?.token ?? null;
  const data = id ? takePageData(id) : null;
  if (!id) return;
  if (data && token === null) {
    seedTripReads(queryClient, data);
    return;
  }
  void queryClient.prefetchQuery(tripAttractionsQuery(id));
  void queryClient.prefetchQuery(tripHeaderQuery(id, token));
  void queryClient.prefetchQuery(userInfoFromTripQuery(id));
}
