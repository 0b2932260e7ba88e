import type { LegMode, SetDayOrderResponse, SuggestOrderResponse } from '@rides/contract';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api';
import { tripAttractionsKeys } from '../../../lib/trip-keys';

/**
 * The calls of a day's order (issue 36 point 4): the suggestion (decision 0072, nothing written) and the order applied
 * (decision 0074, an edit of the trip, sent with If-Match as every edit).
 *
 * The suggestion's key is under the trip's read: whatever reads the trip again (an edit here, a live change by another
 * editor, a refused apply) asks for the suggestion again, so the dialog never offers an order for a day that is gone.
 */
export const suggestOrderKeys = {
  of: (rideId: number, dayId: number, mode: LegMode) =>
    [...tripAttractionsKeys.of(rideId), 'suggest-order', dayId, mode] as const,
};

export const suggestOrder = (rideId: number, dayId: number, mode: LegMode, signal?: AbortSignal) =>
  apiRequest<SuggestOrderResponse>(`trips/${rideId}/days/${dayId}/suggest-order?mode=${mode}`, {
    method: 'POST',
    signal,
  });

export const suggestOrderQuery = (rideId: number, dayId: number, mode: LegMode) =>
  queryOptions({
    queryKey: suggestOrderKeys.of(rideId, dayId, mode),
    queryFn: ({ signal }) => suggestOrder(rideId, dayId, mode, signal),
    // A refusal (a trip locked meanwhile, the day gone) is an answer to show, not a glitch to retry.
    retry: false,
    gcTime: 0,
  });

/** PUT trips/{rideId}/days/{dayId}/order: `order` applied when the day is still `before` (else 409 day_changed_meanwhile). */
export const setDayOrder = (
  rideId: number,
  dayId: number,
  order: readonly number[],
  before: readonly number[],
) =>
  apiRequest<SetDayOrderResponse>(`trips/${rideId}/days/${dayId}/order`, {
    method: 'PUT',
    body: { order, before },
    editOf: rideId,
  });
