import type { RideHeaderResponse } from '@rides/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api';
import { useSession } from '../../../lib/session-store';
import { tripHeaderKeys } from '../../../lib/trip-keys';

/** GET /api/ride_header_api/{rideId}: the ride and whether the viewer (by token) is its author. */
const fetchTripHeader = (rideId: number, signal?: AbortSignal) =>
  apiRequest<RideHeaderResponse>(`ride_header_api/${rideId}`, { signal, versionOf: rideId });

export const tripHeaderQuery = (rideId: number, viewer: string | null) =>
  queryOptions({
    queryKey: tripHeaderKeys.of(rideId, viewer),
    queryFn: ({ signal }) => fetchTripHeader(rideId, signal),
  });

export const useTripHeader = (rideId: number | null) => {
  const session = useSession();
  return useQuery({ ...tripHeaderQuery(rideId ?? 0, session?.token ?? null), enabled: rideId !== null });
};
