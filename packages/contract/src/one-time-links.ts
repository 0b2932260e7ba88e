import { z } from 'zod';
import { RECIPIENT_DETAILS_MAX } from './constants.js';
import { envelope } from './envelope.js';
import { text } from './input-rules.js';
import { copyTripResponse, wireBoolean, wireId, type CopyTripResponse } from './calls/editing.js';

/**
 * A planner's tools for delivering private trips (issue 18 points 3, 4, 6, 7; spec 001 §2, §3, §5, §6, §7; 002 §3;
 * decision 0030): one-time links, a client's own copy of a private trip, the sub-domain manager's closed environment
 * and white-label permissions, and the record of every share of a trip's link.
 *
 * Refusals (ServerMassageCode, HTTP status from codes.ts):
 *  - bad input 400: bad_request, text_has_control_characters, recipient_details_too_long (the typed details beyond
 *    RECIPIENT_DETAILS_INPUT_MAX; within it they are cut to RECIPIENT_DETAILS_MAX with the user id in front, 001 §5);
 *  - no token 401 user_is_not_authorized; unknown trip 404 not_found;
 *  - get_one_user_access_key by someone who may not make one-time links of the trip 403
 *    one_time_link_not_allowed; the trip is not private (a public trip needs no link) 409 ride_is_not_private;
 *  - joining with a one-time key someone else already came in with (add_user_to_ride_privacy_api, decision 0028) 403
 *    one_time_link_already_used;
 *  - copy_private_ride_api by someone whose access does not allow copying (anyone but a client who came in with a
 *    copy key, the trip's author included: theirs is add_ride_to_user_api's duplicate) 403
 *    user_does_not_have_permission_to_this_private_ride; a sub-domain trip asked for elsewhere than on its sub-domain
 *    403 error_ride_is_not_from_subdomain (a locked trip is copied: a delivered trip is usually locked);
 *  - ride_subdomain_settings_api / update_ride_subdomain_settings_api by a user who manages no sub-domain 403
 *    subdomain_ride_requires_subdomain_manager; on a trip they neither author nor plan and that is not in their
 *    sub-domain 403 uesr_is_not_authorize_to_edit_this_ride; on a trip of another manager's sub-domain 403
 *    error_ride_is_not_from_subdomain; the white-label permissions on a trip that is not white-label 400
 *    ride_is_not_white_label;
 *  - record_ride_share_api by anyone but the trip's author or planner 403 uesr_is_not_authorize_to_edit_this_ride.
 *  - copy_private_ride_status_api refuses nobody signed in (mayCopy false); no token 401 user_is_not_authorized.
 */

/** The longest recipient details accepted as typed; longer is refused (recipient_details_too_long), shorter is cut. */
export const RECIPIENT_DETAILS_INPUT_MAX = 1000;

/** A trip id in a body: a number or its digits (form text). */
const tripIdField = wireId;

// ------------------------------------------------------------------------------------------------ one-time links

/** POST get_one_user_access_key: { ride_id, recipientDetails } (JSON or form fields). */
export const oneUserAccessKeyRequest = z.object({
  ride_id: tripIdField,
  /** Who the link is for (free text, e.g. a name and phone); optional. Stored as "<user id> <details>", cut to 200. */
  recipientDetails: text()
    .max(RECIPIENT_DETAILS_INPUT_MAX, { error: 'recipient_details_too_long' })
    .optional()
    .default(''),
});
export type OneUserAccessKeyRequest = z.input<typeof oneUserAccessKeyRequest>;

/** unused: nobody has come in with it yet; used: one person came in with it (and nobody else ever will). */
export const ONE_TIME_KEY_STATUSES = ['unused', 'used'] as const;
export type OneTimeKeyStatus = (typeof ONE_TIME_KEY_STATUSES)[number];

/** What a one-time key is, as its planner sees it. */
export const oneTimeAccessData = z.object({
  status: z.enum(ONE_TIME_KEY_STATUSES),
  /** The address to send: <origin of the trip's sub-domain>/assign_to_ride/<key> (absolute). */
  link: z.string(),
  /** The key itself (rideKeyValue of add_user_to_ride_privacy_api). */
  key: z.string(),
  ride_id: z.number().int(),
  /** As stored: "<user id> <details>", at most RECIPIENT_DETAILS_MAX characters. */
  recipientDetails: z.string().max(RECIPIENT_DETAILS_MAX),
  /** ISO 8601 instant. */
  created_time: z.string(),
});
export type OneTimeAccessData = z.infer<typeof oneTimeAccessData>;

/** Answer of get_one_user_access_key: a new one-time key of the trip (every call makes a new one). */
export const oneUserAccessKeyResponse = envelope({ accessData: oneTimeAccessData });
export type OneUserAccessKeyResponse = z.infer<typeof oneUserAccessKeyResponse>;

// ------------------------------------------------------------------------------------------ copy of a private trip

/**
 * GET copy_private_ride_api/{rideId}: the client's own copy of a private trip they were given with a copy key
 * (ServerMassageCode uesr_copyed_new_ride). Asking again answers the same copy (alreadyCopied). The copy is the
 * client's own, private, with them as its author and the trip's planner as its planner.
 */
export const copyPrivateRideResponse = copyTripResponse;
export type CopyPrivateRideResponse = CopyTripResponse;

/**
 * GET copy_private_ride_status_api/{rideId} (ours, issue 18 point 4): whether the signed-in viewer may make their own
 * copy of the trip with copy_private_ride_api (a client whose access allows copying), and the copy they already have.
 * The trip page asks it only for a signed-in viewer of a private trip who is not its author, and shows its "make my own
 * copy" button only on mayCopy. Anyone else, an unknown trip included, gets mayCopy false (nothing is learnt).
 */
export const copyPrivateRideStatusResponse = envelope({
  mayCopy: z.boolean(),
  /** The viewer's copy of this trip, if they made one already, else null. */
  copyRideId: z.number().int().nullable(),
});
export type CopyPrivateRideStatusResponse = z.infer<typeof copyPrivateRideStatusResponse>;

// ---------------------------------------------------------------------------- sub-domain managers (001 §6)

/** A trip's place in a sub-domain's closed environment and what the white-label trip lets its users do. */
export const rideSubdomainSettings = z.object({
  ride_id: z.number().int(),
  /** The trip belongs to the closed environment of the sub-domain (its subdomain is set). */
  is_subdomain: z.boolean(),
  /** That sub-domain, or null. */
  subdomain: z.string().nullable(),
  is_white_label: z.boolean(),
  /** White-label trips only: the trip's users (its authorised clients) may edit it. */
  allowUsersToEdit: z.boolean(),
  /** White-label trips only: the trip's users may make one-time links of it (get_one_user_access_key). */
  allowOneTimeLinks: z.boolean(),
});
export type RideSubdomainSettings = z.infer<typeof rideSubdomainSettings>;

/** GET ride_subdomain_settings_api/{rideId}: the settings, for the manager of the sub-domain. */
export const rideSubdomainSettingsResponse = envelope({ settings: rideSubdomainSettings });
export type RideSubdomainSettingsResponse = z.infer<typeof rideSubdomainSettingsResponse>;

/**
 * POST update_ride_subdomain_settings_api/{rideId}: what is sent changes, the rest stays. is_subdomain true puts the
 * trip in the closed environment of the sub-domain the manager runs (the request's, else their first); false takes
 * it out. is_white_label marks the trip white-label; the two permissions need a white-label trip.
 */
export const updateRideSubdomainSettingsBody = z.object({
  is_subdomain: wireBoolean.optional(),
  is_white_label: wireBoolean.optional(),
  allowUsersToEdit: wireBoolean.optional(),
  allowOneTimeLinks: wireBoolean.optional(),
});
export type UpdateRideSubdomainSettingsBody = z.input<typeof updateRideSubdomainSettingsBody>;

// ----------------------------------------------------------------------------------------------- shares recorded

/** Where a trip's link was shared (the share modal's targets, copy link and the phone's own share sheet). */
export const TRIP_SHARE_CHANNELS = ['link', 'whatsapp', 'facebook', 'telegram', 'native', 'email'] as const;
export type TripShareChannel = (typeof TRIP_SHARE_CHANNELS)[number];

/** POST record_ride_share_api: { ride_id, channel } by the trip's author or planner (billing counts them, 002 §3). */
export const recordRideShareRequest = z.object({
  ride_id: tripIdField,
  channel: z.enum(TRIP_SHARE_CHANNELS, { error: 'bad_request' }).optional().default('link'),
});
export type RecordRideShareRequest = z.input<typeof recordRideShareRequest>;

export const recordRideShareResponse = envelope({
  share: z.object({
    id: z.number().int(),
    ride_id: z.number().int(),
    channel: z.enum(TRIP_SHARE_CHANNELS),
    /** ISO 8601 instant. */
    created_time: z.string(),
  }),
});
export type RecordRideShareResponse = z.infer<typeof recordRideShareResponse>;
