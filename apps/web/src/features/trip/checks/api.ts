import type { LegMode, TripChecksResponse } from '@rides/contract';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api';
import { tripAttractionsKeys } from '../../../lib/trip-keys';

/**
 * The day's warnings (issue 36 point 3, decision 0073): GET /api/trips/{rideId}/checks?mode=..., read by every viewer of
 * the trip, in the trip's chosen mode (the legs'). Its key starts with the trip's own (tripAttractionsKeys.of), as the
 * legs' does: every change of the trip (the editor's writes, live changes from others) reads the warnings again, so they
 * follow the trip the moment it changes.
 */
export const checksKeys = {
  of: (rideId: number, mode: LegMode) => [...tripAttractionsKeys.of(rideId), 'checks', mode] as const,
};

export const fetchChecks = (rideId: number, mode: LegMode, signal?: AbortSignal) =>
  apiRequest<TripChecksResponse>(`trips/${rideId}/checks?mode=${mode}`, { signal });

export const checksQuery = (rideId: number, mode: LegMode) =>
  queryOptions({
    queryKey: checksKeys.of(rideId, mode),
    queryFn: ({ signal }) => fetchChecks(rideId, mode, signal),
  });
