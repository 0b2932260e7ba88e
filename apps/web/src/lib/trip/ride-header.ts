import type { RideHeaderResponse } from '@rides/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../api';
import { useSession } from '../session-store';

/** GET /api/ride_header_api/{rideId}: the ride and whether the viewer (by token) is its author. */
export const fetchRideHeader = (rideId: number, signal?: AbortSignal) =>
  apiGet<RideHeaderResponse>(`ride_header_api/${rideId}`, signal);

/** Its keys: the answer depends on who asks, so the signed-in user is part of the key; `trip`, every viewer's. */
export const rideHeaderKeys = {
  trip: (rideId: number) => ['ride_header', rideId] as const,
  of: (rideId: number, viewer: string | null) => ['ride_header', rideId, viewer] as const,
};

export const rideHeaderQuery = (rideId: number, viewer: string | null) =>
  queryOptions({
    queryKey: rideHeaderKeys.of(rideId, viewer),
    queryFn: ({ signal }) => fetchRideHeader(rideId, signal),
  });

export const useRideHeader = (rideId: number | null) => {
  const session = useSession();
  return useQuery({ ...rideHeaderQuery(rideId ?? 0, session?.token ?? null), enabled: rideId !== null });
};
