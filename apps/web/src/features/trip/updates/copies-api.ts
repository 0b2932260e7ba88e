import type { PushCopiesBody, PushCopiesResponse, TripCopiesResponse } from '@rides/contract';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api';
import { tripAttractionsKeys } from '../../../lib/trip-keys';

/**
 * A template's clients' copies (issue 37 point 4, decision 0075 "Push"): GET /api/trips/{rideId}/copies and the push.
 * The read's key is under the template's own: the planner's every edit of it changes what each copy has to take.
 */
export const copiesKeys = {
  of: (rideId: number) => [...tripAttractionsKeys.of(rideId), 'copies'] as const,
};

export const copiesQuery = (rideId: number) =>
  queryOptions({
    queryKey: copiesKeys.of(rideId),
    queryFn: ({ signal }) => apiRequest<TripCopiesResponse>(`trips/${rideId}/copies`, { signal }),
    // Not the template's planner (403, 401): nothing is shown, and asking again says the same.
    retry: false,
    staleTime: 30_000,
  });

export const pushCopies = (rideId: number, body: PushCopiesBody) =>
  apiRequest<PushCopiesResponse>(`trips/${rideId}/copies/push`, { method: 'POST', body });
