/**
 * "A trip is private", the rule every reader of a trip applies (the server's view policy and presenters, the web's
 * trip page, add-activity page and offline cache). Its own small module so that a page that needs only this does not
 * load the rest of the trip's rules (trip-rules.ts). The SQL twin for list reads is the server's trip-access.sql.ts.
 */

/**
 * A private trip: type 'private', or a ride manager set ("a number marks a private ride"). Takes facts of any
 * provenance (a database row, the wire, a cached answer read back as JSON): a missing manager counts as none.
 */
export const isPrivateRide = (ride: { readonly type: unknown; readonly rideManagerId: unknown }): boolean =>
  ride.type === 'private' || (ride.rideManagerId ?? null) !== null;

/** isPrivateRide of a ride in the wire's words (ride_attractions_api, ride_header_api, a cached copy of them). */
export const isPrivateRideWire = (ride: {
  readonly type?: unknown;
  readonly ride_manager_id?: unknown;
}): boolean => isPrivateRide({ type: ride.type, rideManagerId: ride.ride_manager_id });
