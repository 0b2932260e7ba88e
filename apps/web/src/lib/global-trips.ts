import type { GlobalRidesResponse } from '@rides/contract';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { apiGet } from './api';

export interface TripsFilter {
  lat: number | null;
  lng: number | null;
  mobility: boolean;
}

/** Cards per page; the answer's hasMore says another page follows. */
const TRIPS_PAGE = 24;

/**
 * The one client of GET /api/global_rides_api, for the search's results and the list of every shared trip
 * (global-map passes no point and no filter): one call, one query, one cache key.
 *
 * GET /api/global_rides_api?lat=&lng=&physicalDisabilities=true&limit=&offset= (the cacheable twin of the POST,
 * decision 0013). With a point: trips within 50 km, nearest first; without: every shared trip, newest first.
 */
function fetchGlobalTrips(filter: TripsFilter, offset: number, signal?: AbortSignal) {
  const params = new URLSearchParams();
  if (filter.lat !== null && filter.lng !== null) {
    params.set('lat', String(filter.lat));
    params.set('lng', String(filter.lng));
  }
  if (filter.mobility) params.set('physicalDisabilities', 'true');
  params.set('limit', String(TRIPS_PAGE));
  if (offset > 0) params.set('offset', String(offset));
  return apiGet<GlobalRidesResponse>(`global_rides_api?${params}`, signal);
}

const globalTripsQuery = (filter: TripsFilter) =>
  infiniteQueryOptions({
    queryKey: ['global_rides', filter.lat, filter.lng, filter.mobility],
    queryFn: ({ pageParam, signal }) => fetchGlobalTrips(filter, pageParam, signal),
    initialPageParam: 0,
    getNextPageParam: (last, pages) => (last.hasMore ? pages.length * TRIPS_PAGE : undefined),
    // The server answers with max-age=60: the same search within a minute is the same list.
    staleTime: 60_000,
  });

export const useGlobalTrips = (filter: TripsFilter, enabled = true) =>
  useInfiniteQuery({ ...globalTripsQuery(filter), enabled });
