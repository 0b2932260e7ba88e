import type { RideWire } from '@rides/contract';

/** A private trip (000 §3 "ride_manager_id (a number marks a private ride)", or type private); as the server reads it. */
export const isPrivateTrip = (ride: Pick<RideWire, 'type' | 'ride_manager_id'>): boolean =>
  ride.type === 'private' || ride.ride_manager_id !== null;

/**
 * Whether the trip page offers "reset trip" (000 §2 header, §4 "when locked ... the reset option is hidden", §6 and 001 §4:
 * "only white-label, non-base, private, unlocked trips, by the owner"). The server decides again
 * (reset_ride_to_original_order_api answers ride_reset_error or 403); this only keeps the button off where it cannot
 * work. A trip with no base trip has no original order to go back to.
 */
export function canResetTrip(
  ride: Pick<RideWire, 'is_white_label' | 'is_based_ride' | 'is_locked' | 'type' | 'ride_manager_id' | 'based_ride_id'>,
  isAuthor: boolean,
): boolean {
  return isAuthor && ride.is_white_label && !ride.is_based_ride && !ride.is_locked && isPrivateTrip(ride) && ride.based_ride_id !== null;
}
