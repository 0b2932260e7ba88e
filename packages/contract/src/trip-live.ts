/**
 * Live updates of a trip (issue 33 point 2, decision 0064): what its event stream sends and the limits both sides
 * keep. No Zod here (the web's live hook imports it; the calls' schemas are in calls/trip-events.ts).
 *
 * The stream (`GET /api/trips/{rideId}/events`, text/event-stream) sends:
 *  - `change` (id: the trip's version after it): one change of the trip, its kind and what it touched, never its content;
 *  - `presence`: who (signed in) has the trip open and which day they look at;
 *  - `reload`: the client is too far behind (or its connection too slow): read everything again;
 *  - `revoked`: the listener may no longer view the trip; the stream ends.
 */

/** A change of the trip as the stream sends it (the `data` of a `change` event). */
export interface TripLiveChange {
  /** The version after the change (also the event's id, sent back as Last-Event-ID). */
  id: number;
  version: number;
  /** trips, days, activities, stays, texts, members, comments, votes, lists (trip_events.type). */
  type: string;
  /** What it touched: days (YYYY-MM-DD), placements, stays, fields; `all` when the writer could not say. */
  target: Record<string, unknown>;
  userId: number | null;
  userName?: string;
}

export interface TripPresenceUser {
  userId: number;
  name: string;
  /** The day in view (YYYY-MM-DD), null when none in particular. */
  day: string | null;
}

/** The `data` of a `presence` event: everyone (signed in) on the trip now. */
export interface TripPresence {
  users: TripPresenceUser[];
}

/** A comment line is sent at least this often, so proxies and the client know the stream is alive. */
export const LIVE_HEARTBEAT_MS = 20_000;
/** The page tells the server the day in view this often (and at once when it changes). */
export const PRESENCE_HEARTBEAT_MS = 10_000;
/** Someone is gone from presence this long after their last heartbeat (or at once when their stream ends). */
export const PRESENCE_TTL_MS = 30_000;
/** An events ticket (for EventSource, which cannot send the Authorization header) is good this long. */
export const EVENTS_TICKET_SECONDS = 60;
/** Open streams per signed-in user (per process), and per address for visitors. */
export const STREAMS_PER_USER_MAX = 10;
export const STREAMS_PER_ADDRESS_MAX = 20;

export const tripEventsPath = (rideId: number) => `/api/trips/${rideId}/events`;
export const tripEventsTicketPath = (rideId: number) => `/api/trips/${rideId}/events/ticket`;
export const tripPresencePath = (rideId: number) => `/api/trips/${rideId}/presence`;
