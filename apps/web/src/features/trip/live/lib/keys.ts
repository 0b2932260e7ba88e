import type { QueryClient } from '@tanstack/react-query';
import type { TripLiveChange } from '@rides/contract';
import { tripAttractionsKeys, tripHeaderKeys } from '../../../../lib/trip-keys';
import { tripAccommodationsQuery } from '../../accommodations/api/accommodations';
import { tripInformationKeys } from '../../information/api/trip-information';

/**
 * Which reads a change of the trip makes stale, by its type (trip_events.type, decision 0064): exactly those are read
 * again, in place (an open dialog, the scroll position and what was typed stay). The members', comments' and lists'
 * reads (issue 33 points 1, 4, 5) are keyed `[<read>, rideId, ...]`.
 */
const TRIP = (rideId: number) => [tripAttractionsKeys.of(rideId), tripHeaderKeys.trip(rideId)];
const KEYS: Record<string, (rideId: number) => readonly (readonly unknown[])[]> = {
  trip: (rideId) => [...TRIP(rideId), tripInformationKeys.of(rideId)],
  days: (rideId) => [...TRIP(rideId), tripAccommodationsQuery(rideId).queryKey],
  activities: (rideId) => [tripAttractionsKeys.of(rideId)],
  stays: (rideId) => [tripAttractionsKeys.of(rideId), tripAccommodationsQuery(rideId).queryKey],
  texts: (rideId) => [tripAttractionsKeys.of(rideId), tripInformationKeys.of(rideId)],
  members: (rideId) => [tripHeaderKeys.trip(rideId), ['trip_members', rideId]],
  comments: (rideId) => [['trip_comments', rideId]],
  votes: (rideId) => [
    ['trip_comments', rideId],
    ['trip_votes', rideId],
  ],
  lists: (rideId) => [['trip_lists', rideId]],
};

/** Reads again what the change made stale (an unknown type: everything of the trip). */
export function invalidateChange(
  queryClient: QueryClient,
  rideId: number,
  change: TripLiveChange,
): Promise<unknown> {
  const keys = KEYS[change.type];
  if (!keys) return invalidateWholeTrip(queryClient, rideId);
  return Promise.all(keys(rideId).map((queryKey) => queryClient.invalidateQueries({ queryKey })));
}

/** `reload`: every read of this trip (any key whose second part is the trip's id) is read again. */
export function invalidateWholeTrip(queryClient: QueryClient, rideId: number): Promise<unknown> {
  return queryClient.invalidateQueries({ predicate: (q) => q.queryKey[1] === rideId });
}
