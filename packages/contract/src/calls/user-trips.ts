import { z } from 'zod';
import { TRIP_CATEGORIES } from '../constants.js';
import { envelope } from '../envelope.js';
import { TRIP_ROLES } from '../trip-members.js';

/**
 * GET user_rides_api (001 §2 "My trips", §7; decision 0019): the signed-in user's trips, newest first: the trips they
 * author, the trips in their list (user_rides) and the private trips they were given access to (ride_authorized_users)
 * while they may still view them. The web files them under the five categories; only the author changes a trip's
 * category (update_ride_category_api).
 */
export const userRide = z.object({
  id: z.number().int(),
  title: z.string(),
  /** Number of days (end - start + 1). */
  duration: z.number().int(),
  /** DD-MM-YYYY; null when the trip's dates are hidden from this user (a private trip that has ended). */
  start_date: z.string().nullable(),
  end_date: z.string().nullable(),
  category_name: z.enum(TRIP_CATEGORIES),
  /** "country, city" of the trip's first stay, or null when it has none. */
  location: z.string().nullable(),
  /** The user authors the trip: the category dropdown and the edit links are theirs. */
  isAuthor: z.boolean(),
  is_publick: z.boolean(),
  is_locked: z.boolean(),
  top_page_image_url: z.string().nullable(),
  /**
   * The user's role in the trip (issue 33, decision 0063): owner, or the member role of a trip shared with them
   * (viewer for an authorised client of a private trip); null for a trip only in their list. Ours, additive.
   */
  role: z.enum(TRIP_ROLES).nullable(),
});
export type UserRide = z.infer<typeof userRide>;

export const userRidesResponse = envelope({ rides: z.array(userRide) });
export type UserRidesResponse = z.infer<typeof userRidesResponse>;
