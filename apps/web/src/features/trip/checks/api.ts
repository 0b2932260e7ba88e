import type { LegMode, TripChecksResponse } from '@rides/contract';
import { queryOptions, type QueryKey } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api';
import { tripAttractionsKeys } from '../../../lib/trip-keys';

/**
 * The day's warnings (issue 36 point 3, decision 0073): GET /api/trips/{rideId}/checks?mode=..., read by every viewer of
 * the trip, in the trip's chosen mode (the legs'). Its key starts with the trip's own (tripAttractionsKeys.of), as the
 * legs' does: every change of the trip (the editor's writes, live changes from others) reads the warnings again, so they
 * follow the trip the moment it changes. The answer depends on who asks (a day too long for the reader's own limit,
 * rule 107), so the viewer (the session's token, as the trip header's key) is part of the key, and the account's
 * settings read them again when saved (`isChecksKey`).
 */
export const checksKeys = {
  of: (rideId: number, mode: LegMode, viewer: string | null) =>
    [...tripAttractionsKeys.of(rideId), 'checks', mode, viewer] as const,
};

/** Every trip's warnings, whoever read them (the reader's longest day changed). */
export const isChecksKey = (key: QueryKey): boolean =>
  key[0] === tripAttractionsKeys.all[0] && key[2] === 'checks';

export const fetchChecks = (rideId: number, mode: LegMode, signal?: AbortSignal) =>
  apiRequest<TripChecksResponse>(`trips/${rideId}/checks?mode=${mode}`, { signal });

export const checksQuery = (rideId: number, mode: LegMode, viewer: string | null) =>
  queryOptions({
    queryKey: checksKeys.of(rideId, mode, viewer),
    queryFn: ({ signal }) => fetchChecks(rideId, mode, signal),
  });
