import type { QueryClient } from '@tanstack/react-query';
import { tripAttractionsKeys, tripHeaderKeys } from './trip-keys';

/**
 * After any change of a trip: its view (ride_attractions_api) and header (ride_header_api, keyed also by viewer)
 * are read again, so the trip page, the calendar and the add-activity page show the change (000 §4 "the trip and
 * its header are reloaded"). The server drops its own caches in the same change (decision 0015).
 */
export function invalidateTrip(queryClient: QueryClient, rideId: number): Promise<void> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: tripAttractionsKeys.of(rideId) }),
    queryClient.invalidateQueries({ queryKey: tripHeaderKeys.trip(rideId) }),
  ]).then(() => undefined);
}
