import type { RideHeaderResponse } from '@rides/contract';
import { queryOptions } from '@tanstack/react-query';
import { apiGet } from '../../../../lib/api';

/**
 * Whether the reader may open the trip now: GET /api/ride_header_api/{rideId} with their token answers the trip
 * (yes) or 403 user_does_not_have_permission_to_this_private_ride (no). Asked again whenever the session changes.
 */
export const tripAccessQuery = (rideId: number, viewer: string | null) =>
  queryOptions({
    queryKey: ['private_landing_access', rideId, viewer],
    queryFn: ({ signal }) => apiGet<RideHeaderResponse>(`ride_header_api/${rideId}`, signal),
    staleTime: 0,
  });
