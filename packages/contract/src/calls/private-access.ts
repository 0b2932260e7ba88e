import { z } from 'zod';
import { envelope } from '../envelope.js';
import { tripIdParam } from './trips.js';

/**
 * The private-trip landing (001 §2 "/private_page_landing/{rideId}", §7): get_redirect_page_from_ride_id answers where
 * a visitor without access may buy or ask for it, the planner's page of the trip's access link (001 §3 "Ride access
 * key": redirect_page). No sign-in needed: the landing is for visitors without access.
 */

const bad = { error: 'bad_request' } as const;

/** POST get_redirect_page_from_ride_id: { rideId } as JSON (a number or its digits) or a form field. */
export const redirectPageRequest = z.object({
  rideId: z.union([z.number(bad).int(bad).min(1, bad).max(2_147_483_647, bad), tripIdParam], bad),
});
export type RedirectPageRequest = z.input<typeof redirectPageRequest>;

/** redirectPage: an http(s) address, or null when the trip's planner has not set one (the landing then offers none). */
export const redirectPageResponse = envelope({ redirectPage: z.string().nullable() });
export type RedirectPageResponse = z.infer<typeof redirectPageResponse>;
