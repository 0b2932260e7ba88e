import type { QueryClient } from '@tanstack/react-query';
import type { TripLiveChange } from '@rides/contract';
import { tripAttractionsKeys, tripHeaderKeys } from '../../../../lib/trip-keys';

/**
 * Which reads a change of the trip makes stale, by its type (trip_events.type, decision 0064): exactly those are read
 * again, in place (an open dialog, the scroll position and what was typed stay). The members', comments' and lists'
 * reads (issue 33 points 1, 4, 5) are keyed `[<read>, rideId, ...]`. The stays' and the information form's keys are
 * written here as their queries write them (accommodations/api, information/api: importing those modules would make
 * the trip page's first chunk list their files, and it is at its size bar); test/live-keys.test.ts keeps them equal.
 */
const STAYS = (rideId: number) => ['ride_accommodations', rideId] as const;
const INFORMATION = (rideId: number) => ['ride_information', rideId] as const;
const TRIP = (rideId: number) => [tripAttractionsKeys.of(rideId), tripHeaderKeys.trip(rideId)];
export const LIVE_KEYS: Record<string, (rideId: number) => readonly (readonly unknown[])[]> = {
  trip: (rideId) => [...TRIP(rideId), INFORMATION(rideId)],
  days: (rideId) => [...TRIP(rideId), STAYS(rideId)],
  activities: (rideId) => [tripAttractionsKeys.of(rideId)],
  stays: (rideId) => [tripAttractionsKeys.of(rideId), STAYS(rideId)],
  texts: (rideId) => [tripAttractionsKeys.of(rideId), INFORMATION(rideId)],
  // The header and the stays' read carry the reader's role (decision 0067): a changed role changes the buttons.
  members: (rideId) => [tripHeaderKeys.trip(rideId), STAYS(rideId), ['trip_members', rideId]],
  comments: (rideId) => [['trip_comments', rideId]],
  votes: (rideId) => [
    ['trip_comments', rideId],
    ['trip_votes', rideId],
  ],
  lists: (rideId) => [['trip_lists', rideId]],
  // The costs' reads (costs/api.ts costsKeys.all): expenses, budget.
  money: (rideId) => [['trip_money', rideId]],
};

/** Reads again what the change made stale (an unknown type: everything of the trip). */
export function invalidateChange(
  queryClient: QueryClient,
  rideId: number,
  change: TripLiveChange,
): Promise<unknown> {
  const keys = LIVE_KEYS[change.type];
  if (!keys) return invalidateWholeTrip(queryClient, rideId);
  return Promise.all(keys(rideId).map((queryKey) => queryClient.invalidateQueries({ queryKey })));
}

/** `reload`: every read of this trip (any key whose second part is the trip's id) is read again. */
export function invalidateWholeTrip(queryClient: QueryClient, rideId: number): Promise<unknown> {
  return queryClient.invalidateQueries({ predicate: (q) => q.queryKey[1] === rideId });
}
