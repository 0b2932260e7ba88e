import type { RideAttractionsResponse } from '@rides/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../api';

/** GET /api/ride_attractions_api/{rideId}: the ride, its days (attractions and accommodations) and the stays timeline. */
export const fetchRideAttractions = (rideId: number, signal?: AbortSignal) =>
  apiGet<RideAttractionsResponse>(`ride_attractions_api/${rideId}`, signal);

export const rideAttractionsQuery = (rideId: number) =>
  queryOptions({
    queryKey: ['ride_attractions', rideId],
    queryFn: ({ signal }) => fetchRideAttractions(rideId, signal),
  });

export const useRideAttractions = (rideId: number | null) =>
  useQuery({ ...rideAttractionsQuery(rideId ?? 0), enabled: rideId !== null });
