import type { AttractionsByLocationResponse } from '@rides/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../../lib/api';
import { addActivityKeys } from './activity-search';

type Point = { lat: number; lng: number };

/**
 * GET serch_attractions_by_location_api/{rideId}/{lat}/{lng} (000 §7, internal source): our attractions near the
 * point (of shared trips, of this trip, the viewer's own), each saying whether the trip has it (inRide).
 * The answer depends on the viewer and the trip: keyed under addActivityKeys.trip(rideId) so an addition refreshes it.
 */
export const tripAttractionsNearQuery = (rideId: number, point: Point, viewer: string | null) =>
  queryOptions({
    queryKey: addActivityKeys.search(rideId, 'ours', point, viewer),
    queryFn: ({ signal }) =>
      apiGet<AttractionsByLocationResponse>(
        `serch_attractions_by_location_api/${rideId}/${point.lat}/${point.lng}`,
        signal,
      ),
    staleTime: 60_000,
  });

/**
 * GET serch_attractions_of_ride_manger_by_location_api/{rideId}/{lat}/{lng}: a manager who authors the trip sees
 * their own account's attractions instead of the category cards (000 §2, §6).
 */
export const managerAttractionsNearQuery = (rideId: number, point: Point, viewer: string | null) =>
  queryOptions({
    queryKey: addActivityKeys.search(rideId, 'manager', point, viewer),
    queryFn: ({ signal }) =>
      apiGet<AttractionsByLocationResponse>(
        `serch_attractions_of_ride_manger_by_location_api/${rideId}/${point.lat}/${point.lng}`,
        signal,
      ),
    staleTime: 60_000,
  });

export const useAttractionsNear = (
  kind: 'ours' | 'manager',
  rideId: number,
  point: Point | null,
  viewer: string | null,
  enabled: boolean,
) => {
  const options = (kind === 'manager' ? managerAttractionsNearQuery : tripAttractionsNearQuery)(
    rideId,
    point ?? { lat: 0, lng: 0 },
    viewer,
  );
  return useQuery({ ...options, enabled: enabled && point !== null });
};
