import type { RideAttractionsResponse } from '@rides/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../api';

/** GET /api/ride_attractions_api/{rideId}: the ride, its days (attractions and accommodations) and the stays timeline. */
export const fetchRideAttractions = (rideId: number, signal?: AbortSignal) =>
  apiGet<RideAttractionsResponse>(`ride_attractions_api/${rideId}`, signal);

/** Its keys: one trip's view; `all`, every trip's (an attraction changed: every trip showing it reads it again). */
export const rideAttractionsKeys = {
  all: ['ride_attractions'] as const,
  of: (rideId: number) => ['ride_attractions', rideId] as const,
};

export const rideAttractionsQuery = (rideId: number) =>
  queryOptions({
    queryKey: rideAttractionsKeys.of(rideId),
    queryFn: ({ signal }) => fetchRideAttractions(rideId, signal),
  });

export const useRideAttractions = (rideId: number | null) =>
  useQuery({ ...rideAttractionsQuery(rideId ?? 0), enabled: rideId !== null });
