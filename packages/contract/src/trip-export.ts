import { z } from 'zod';
import { envelope } from './envelope.js';
import { tripIdParam } from './calls/trips.js';
import { TRIP_EXPORT_FORMATS } from './trip-export-address.js';

/**
 * A trip taken along (issue 19 points 3, 4; decision 0033): the calendar (ICS, RFC 5545), GPX 1.1 and KML 2.2 files,
 * and the calendar feed's address.
 *
 * GET /api/ride_export_api/{rideId}/{format}[?token=...]: format ics | gpx | kml; the file itself (not JSON) with a file
 * name from the trip's title. Whoever may view the trip may export it (the one view policy); `token` is a private
 * trip's calendar feed token (ride_calendar_feed_api): it stands for the viewer it was made for, so a calendar app
 * reads the feed without the Authorization header. A token that matches nothing is ignored (the request is the
 * Authorization header's or anonymous).
 *
 * GET /api/ride_calendar_feed_api/{rideId}: the feed's address for this viewer; a public trip's is the plain ics
 * address (anyone may read it), a private trip's carries the viewer's token (made on first need).
 * POST /api/reset_ride_calendar_feed_api/{rideId}: a new token for this viewer; the old address stops working.
 * DELETE /api/trips/{rideId}/calendar-feed: revokes this viewer's token (the address stops working; issue 33, decision
 * 0066); the next ride_calendar_feed_api makes a new one. Answers `revoked`: whether there was one.
 *
 * Refusals (ServerMassageCode, HTTP status from codes.ts): a ride id that is not a positive integer or an unknown
 * format 400 bad_request; unknown trip 404 not_found; a private trip the viewer may not view 403
 * user_does_not_have_permission_to_this_private_ride; the feed calls of a private trip without a token 401
 * user_is_not_authorized. Nothing is recorded for any refusal.
 */

export const rideExportParams = z.object({
  rideId: tripIdParam,
  format: z.enum(TRIP_EXPORT_FORMATS, { error: 'bad_request' }),
});
export type RideExportParams = z.input<typeof rideExportParams>;

/** A feed token: 43 base64url characters; anything else cannot be one (and is refused as bad input). */
export const calendarFeedToken = z.string().regex(/^[A-Za-z0-9_-]{43}$/, { error: 'bad_request' });

export const rideExportQuery = z.object({ token: calendarFeedToken.optional() });

export const calendarFeedResponse = envelope({
  /** https address of the ics file (with ?token= on a private trip). */
  feedUrl: z.string(),
  /** The same as webcal:// (a calendar app subscribes to it). */
  webcalUrl: z.string(),
  /** The address holds a secret: the web offers "reset" and warns not to share it. */
  hasToken: z.boolean(),
});
export type CalendarFeedResponse = z.infer<typeof calendarFeedResponse>;

export const revokeCalendarFeedResponse = envelope({ revoked: z.boolean() });
export type RevokeCalendarFeedResponse = z.infer<typeof revokeCalendarFeedResponse>;
