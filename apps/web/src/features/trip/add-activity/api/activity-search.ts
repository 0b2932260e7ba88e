import type { ActivitySearchResponse, ActivitySearchType } from '@rides/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../../lib/api';

type Point = { lat: number; lng: number };

/**
 * The add-activity page's keys: every search of it depends on the trip (what it holds) and the viewer, and sits under
 * `trip(rideId)`, so an addition refreshes them all.
 */
export const addActivityKeys = {
  trip: (rideId: number) => ['add_activity', rideId] as const,
  search: (
    rideId: number,
    source: ActivitySearchType | 'ours' | 'manager',
    point: Point,
    viewer: string | null,
  ) => ['add_activity', rideId, source, point.lat, point.lng, viewer] as const,
};

/**
 * GET serch_activity_by_location_with_google_api/{rideId}/{lat}/{lng} with the Data header {"type":
 * "googleAttractions" | "googleRestorant"} (000 §7, 001 §7): the maps service's attractions or restaurants near the
 * point. Without a maps service the server answers from our own data and says so (notice places_local_source).
 */
export const activitySearchQuery = (
  rideId: number,
  point: Point,
  type: ActivitySearchType,
  viewer: string | null,
) =>
  queryOptions({
    queryKey: addActivityKeys.search(rideId, type, point, viewer),
    queryFn: ({ signal }) =>
      apiRequest<ActivitySearchResponse>(
        `serch_activity_by_location_with_google_api/${rideId}/${point.lat}/${point.lng}`,
        {
          signal,
          headers: { Data: JSON.stringify({ type }) },
        },
      ),
    staleTime: 5 * 60_000,
  });

export const useActivitySearch = (
  rideId: number,
  point: Point | null,
  type: ActivitySearchType,
  viewer: string | null,
  enabled: boolean,
) =>
  useQuery({
    ...activitySearchQuery(rideId, point ?? { lat: 0, lng: 0 }, type, viewer),
    enabled: enabled && point !== null,
  });
