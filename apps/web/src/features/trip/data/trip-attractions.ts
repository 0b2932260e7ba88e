import type { RideAttractionsResponse } from '@rides/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api';
import { tripAttractionsKeys } from '../../../lib/trip-keys';

/** GET /api/ride_attractions_api/{rideId}: the ride, its days (attractions and accommodations) and the stays timeline. */
const fetchTripAttractions = (rideId: number, signal?: AbortSignal) =>
  apiRequest<RideAttractionsResponse>(`ride_attractions_api/${rideId}`, { signal, versionOf: rideId });

export const tripAttractionsQuery = (rideId: number) =>
  queryOptions({
    queryKey: tripAttractionsKeys.of(rideId),
    queryFn: ({ signal }) => fetchTripAttractions(rideId, signal),
  });

export const useTripAttractions = (rideId: number | null) =>
  useQuery({ ...tripAttractionsQuery(rideId ?? 0), enabled: rideId !== null });
