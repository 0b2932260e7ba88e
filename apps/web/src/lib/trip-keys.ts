/**
 * The cache keys of a trip's two reads (features/trip/data: trip-attractions.ts, trip-header.ts). Shared, so a
 * screen outside the trip that changes a trip (my trips' category) reads it again through invalidate-trip.ts without
 * importing the trip; the queries build their keys here too (test/query-keys.test.ts).
 */

/** ride_attractions_api: one trip's view; `all`, every trip's (an attraction changed: every trip showing it reads it again). */
export const tripAttractionsKeys = {
  all: ['ride_attractions'] as const,
  of: (rideId: number) => ['ride_attractions', rideId] as const,
};

/** ride_header_api: the answer depends on who asks, so the signed-in user is part of the key; `trip`, every viewer's. */
export const tripHeaderKeys = {
  trip: (rideId: number) => ['ride_header', rideId] as const,
  of: (rideId: number, viewer: string | null) => ['ride_header', rideId, viewer] as const,
};
