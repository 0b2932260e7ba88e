import { z } from 'zod';
import { envelope } from './envelope.js';
import { linkField, text } from './input-rules.js';
import { wireBoolean, wireId } from './calls/editing.js';

/**
 * The access key of a private trip and joining it (001 §2 "Private and white-label trips", §3 "Ride access key",
 * §4 "Joining a private trip", §5, §6, §7; issue 18 points 1 and 2; decision 0028). Field names are the spec's.
 *
 *  - get_assigned_ride_key_full_information / update_assigned_ride_key_full_information: the trip's author or its
 *    planner (ride_manager_id) only; the key is made on the first read of a private trip that has none.
 *  - get_assigned_ride_key_information: what the join page shows for a key (no sign-in needed), read before anything is
 *    asked: unknown, revoked and expired keys are refused by it, a spent or full link is its joinRefusal (decision 0045).
 *  - add_user_to_ride_privacy_api: the signed-in user joins with a key: a view key adds them to the trip's authorised
 *    users (newRideId = the trip), a copy key gives them their own copy (newRideId = the copy).
 *  - remove_user_from_ride_privacy_api (ours, "Go beyond"): the planner removes a client who joined.
 *
 * Refusals: no token 401 user_is_not_authorized; not the author or planner 403
 * (user_does_not_have_permission_to_this_private_ride when the caller may not even view the trip, else
 * uesr_is_not_authorize_to_edit_this_ride); unknown trip 404 not_found; a public trip has no key 409
 * ride_is_not_private; an unknown key 404 the_private_link_is_not_valide (a key of a bad shape: 400 with the same code);
 * an expired key 410 the_private_link_has_expired; a revoked key 410 the_private_link_was_revoked; quota reached 403
 * ritch_to_ride_limitation; already joined (or the trip's own author or planner) 409
 * this_user_is_alrady_assign_to_this_ride; a trip of another sub-domain 403 error_ride_is_not_from_subdomain; a group
 * trip not by the group's manager 403 error_ride_is_not_from_the_right_user; anything else failing the join 500
 * fail_to_add_user_to_ride_privacy. Bad input 400: authorized_users_count_invalid, invalid_link, invalid_expiry_date.
 */

export const ACCESS_KEY_ACTIONS = ['view', 'copy'] as const;
export type AccessKeyAction = (typeof ACCESS_KEY_ACTIONS)[number];

/** The longest access key value we read (ours are 32 characters; the spec's older keys may be longer). */
export const ACCESS_KEY_MAX = 128;

/** The key as it travels (rideKeyValue, rideAssignedKey): URL-safe characters only; anything else is no key of ours. */
export const accessKeyValue = z
  .string({ error: 'the_private_link_is_not_valide' })
  .trim()
  .regex(/^[A-Za-z0-9_-]{1,128}$/, { error: 'the_private_link_is_not_valide' });

/**
 * authorizedUsersCount: a whole number, 0 = unlimited (001 §5). Form text ("4") is read too; negative, fractional or
 * non-numeric values are refused with authorized_users_count_invalid.
 */
export const AUTHORIZED_USERS_MAX = 100_000;
export const authorizedUsersCount = z.preprocess(
  (v) => (typeof v === 'string' && /^\s*-?\d+\s*$/.test(v) ? Number(v) : v),
  z
    .number({ error: 'authorized_users_count_invalid' })
    .int({ error: 'authorized_users_count_invalid' })
    .min(0, { error: 'authorized_users_count_invalid' })
    .max(AUTHORIZED_USERS_MAX, { error: 'authorized_users_count_invalid' }),
);

/** action: 'view' or 'copy'; a boolean (or its form text) maps true to copy and false to view (001 §3). */
export const accessKeyAction = z.preprocess(
  (v) => {
    if (typeof v === 'boolean') return v ? 'copy' : 'view';
    if (typeof v === 'string') {
      const s = v.trim().toLowerCase();
      if (s === 'true') return 'copy';
      if (s === 'false') return 'view';
      return s;
    }
    return v;
  },
  z.enum(ACCESS_KEY_ACTIONS, { error: 'bad_request' }),
);

/**
 * expiresAt: when the key stops admitting anyone. An ISO date-time with its offset ("2026-12-31T21:59:00Z"), or a
 * date YYYY-MM-DD (the key is good through that day, UTC); null or '' clears it (never expires).
 */
export const accessKeyExpiry = z.preprocess(
  (v) => (v === undefined ? undefined : v === null || (typeof v === 'string' && v.trim() === '') ? null : v),
  z
    .string({ error: 'invalid_expiry_date' })
    .trim()
    .max(40, { error: 'invalid_expiry_date' })
    .transform((v, ctx) => {
      const dateOnly = /^(\d{4})-(\d{2})-(\d{2})$/.exec(v);
      let at: Date;
      if (dateOnly) {
        const [y, m, d] = [Number(dateOnly[1]), Number(dateOnly[2]), Number(dateOnly[3])];
        at = new Date(Date.UTC(y, m - 1, d + 1));
        const check = new Date(Date.UTC(y, m - 1, d));
        if (check.getUTCFullYear() !== y || check.getUTCMonth() !== m - 1 || check.getUTCDate() !== d) {
          ctx.addIssue({ code: 'custom', message: 'invalid_expiry_date' });
          return z.NEVER;
        }
      } else if (/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/.test(v)) {
        at = new Date(v);
      } else {
        ctx.addIssue({ code: 'custom', message: 'invalid_expiry_date' });
        return z.NEVER;
      }
      const year = at.getUTCFullYear();
      if (Number.isNaN(at.getTime()) || year < 2000 || year > 9999) {
        ctx.addIssue({ code: 'custom', message: 'invalid_expiry_date' });
        return z.NEVER;
      }
      return at.toISOString();
    })
    .nullable(),
);

// ------------------------------------------------------------------------------------------- the planner's calls

/** POST get_assigned_ride_key_full_information: { ride_id } (a number or its digits), JSON or form. */
export const rideKeyFullInformationRequest = z.object({ ride_id: wireId });
export type RideKeyFullInformationRequest = z.input<typeof rideKeyFullInformationRequest>;

/** A client who joined with the key (a view key: an authorised user of the trip; a copy key: got their own copy). */
export const joinedTripUserItem = z.object({
  userId: z.number().int(),
  userName: z.string(),
  email: z.string(),
  /** ISO date-time of the join. */
  joinedAt: z.string(),
  /** 'view': joined the trip; 'copy': got their own copy (newRideId). */
  action: z.enum(ACCESS_KEY_ACTIONS),
  /** The trip they were given: the trip itself (view) or their copy (copy). */
  newRideId: z.number().int().nullable(),
  /**
   * Added (decision 0028, "Go beyond"): how the client used the trip since joining, counted from their opens of the
   * trip page while authorised (a copy key's client opens their own copy, which is not counted: 0 and null).
   * devices: how many devices (a device cookie, else the browser's user agent) opened it.
   */
  devices: z.number().int(),
  /** How many times they opened the trip page. */
  opens: z.number().int(),
  /** ISO date-time of their last open, or null (never opened). */
  lastOpenedAt: z.string().nullable(),
});
export type JoinedTripUser = z.infer<typeof joinedTripUserItem>;

/**
 * Added (issue 30 point 5, decision 0045): a one-time link of the trip and who came in with it, for its planner only
 * (the access page). A one-time link admits one person ever, so `usedBy` is that person or null while it is unused.
 */
export const oneTimeLinkItem = z.object({
  /** The key (the link is /assign_to_ride/{key}). */
  key: z.string(),
  /** Who the planner made it for, as typed (the stored "<user id> " prefix of 001 §5 left out). */
  recipientDetails: z.string(),
  /** ISO date-time the link was made. */
  createdAt: z.string(),
  /** Who came in with it (their account's name and e-mail), when, and the trip it gave them; null while unused. */
  usedBy: z
    .object({
      userId: z.number().int(),
      userName: z.string(),
      email: z.string(),
      /** ISO date-time of the join. */
      usedAt: z.string(),
      newRideId: z.number().int().nullable(),
    })
    .nullable(),
});
export type OneTimeLinkItem = z.infer<typeof oneTimeLinkItem>;

/** The key as its planner sees and edits it (the access page, /ride_access_key_information/{ride_id}). */
export const rideKeyFullInformationWire = z.object({
  ride_id: z.number().int(),
  /** The trip's title (the page's heading). */
  title: z.string(),
  /** The key (secret_key); the join link is /assign_to_ride/{rideKeyValue}. */
  rideKeyValue: z.string(),
  /** The planner's page (001 §3 redirect_page): an http(s) address, or null. */
  redirectPage: z.string().nullable(),
  /** The planner's meeting calendar for the consulting join page, or null. */
  consultingMeetingCalendarLink: z.string().nullable(),
  /** How many clients may join; 0 = unlimited. */
  authorizedUsersCount: z.number().int(),
  action: z.enum(ACCESS_KEY_ACTIONS),
  subdomain: z.string().nullable(),
  /** ISO date-time after which the key admits no one, or null. */
  expiresAt: z.string().nullable(),
  /** expiresAt has passed. */
  expired: z.boolean(),
  /** The planner revoked the key: it admits no one until restored. */
  revoked: z.boolean(),
  /** How many places are taken (the clients below). */
  joinedUsersCount: z.number().int(),
  /** Places left, or null when unlimited. */
  placesLeft: z.number().int().nullable(),
  /** The clients who joined, the newest first. */
  joinedUsers: z.array(joinedTripUserItem),
  /** Added (decision 0028): mail the planner when a client this key admitted opens the trip for the first time (default true). */
  notifyOnFirstOpen: z.boolean(),
  /** Added (decision 0045): the trip's one-time links, the newest first, with who used each (the newest 200). */
  oneTimeLinks: z.array(oneTimeLinkItem),
});
export type RideKeyFullInformation = z.infer<typeof rideKeyFullInformationWire>;

export const rideKeyFullInformationResponse = envelope({ rideKeyData: rideKeyFullInformationWire });
export type RideKeyFullInformationResponse = z.infer<typeof rideKeyFullInformationResponse>;

/**
 * POST update_assigned_ride_key_full_information: { ride_id, redirectPage, authorizedUsersCount, action } (001 §7)
 * plus ours: consultingMeetingCalendarLink, expiresAt, revoked, renewKey, notifyOnFirstOpen. Fields not sent keep their value; redirectPage,
 * consultingMeetingCalendarLink and expiresAt '' or null clear them. Answers the key as the read does.
 */
export const updateTripKeyFullInformationRequest = z.object({
  ride_id: wireId,
  redirectPage: linkField().optional(),
  authorizedUsersCount: authorizedUsersCount.optional(),
  action: accessKeyAction.optional(),
  consultingMeetingCalendarLink: linkField().optional(),
  expiresAt: accessKeyExpiry.optional(),
  revoked: wireBoolean.optional(),
  /** true: a new key value; the old link admits no one from now on (the clients who joined stay). */
  renewKey: wireBoolean.optional(),
  /** Added (decision 0028): mail the planner on a client's first open of the trip (true by default). */
  notifyOnFirstOpen: wireBoolean.optional(),
});
export type UpdateTripKeyFullInformationRequest = z.input<typeof updateTripKeyFullInformationRequest>;

export const updateTripKeyFullInformationResponse = rideKeyFullInformationResponse;
export type UpdateTripKeyFullInformationResponse = RideKeyFullInformationResponse;

/** POST remove_user_from_ride_privacy_api (ours): { ride_id, userId }: the client loses access; their place is free. */
export const removeTripUserRequest = z.object({ ride_id: wireId, userId: wireId });
export type RemoveTripUserRequest = z.input<typeof removeTripUserRequest>;

export const removeTripUserResponse = rideKeyFullInformationResponse;
export type RemoveTripUserResponse = RideKeyFullInformationResponse;

// ------------------------------------------------------------------------------------------- joining

/** POST get_assigned_ride_key_information: { rideAssignedKey } (no sign-in). */
export const rideKeyInformationRequest = z.object({ rideAssignedKey: accessKeyValue });
export type RideKeyInformationRequest = z.input<typeof rideKeyInformationRequest>;

/**
 * What joining would be refused with now for want of a place (decision 0045): a one-time link someone else came in with,
 * or a reusable link at its quota. Revoked and expired keys are refused by the read itself (410).
 */
export const JOIN_PLACE_REFUSALS = ['one_time_link_already_used', 'ritch_to_ride_limitation'] as const;

/**
 * rideData: what the join page shows (001 §3 "Ride key information": ride_id, consulting_meeting_calendar_link). The
 * page reads it before asking anything: an unusable key says so first (decision 0045).
 */
export const rideKeyInformationWire = z.object({
  ride_id: z.number().int(),
  title: z.string(),
  consulting_meeting_calendar_link: z.string().nullable(),
  action: z.enum(ACCESS_KEY_ACTIONS),
  subdomain: z.string().nullable(),
  /** The planner's name (the welcome text): the trip's planner, else its author. */
  plannerName: z.string(),
  /** Places left, or null when unlimited (0: the join will be refused with ritch_to_ride_limitation). */
  placesLeft: z.number().int().nullable(),
  /** The signed-in caller already has the trip (joined, or its author or planner): go to it (their copy for copy keys). */
  alreadyAssigned: z.boolean(),
  /** When alreadyAssigned: the trip to open (the trip, or the caller's copy). */
  assignedRideId: z.number().int().nullable(),
  /**
   * Added (decision 0045): the code a join by this caller would be refused with now (no place left), or null (a place
   * is left, or the caller has the trip already). A visitor is told before being asked to register.
   */
  joinRefusal: z.enum(JOIN_PLACE_REFUSALS).nullable(),
});
export type RideKeyInformation = z.infer<typeof rideKeyInformationWire>;

export const rideKeyInformationResponse = envelope({ rideData: rideKeyInformationWire });
export type RideKeyInformationResponse = z.infer<typeof rideKeyInformationResponse>;

/** POST add_user_to_ride_privacy_api: { rideKeyValue, subdomain } (signed in). subdomain: the join page's, or null. */
export const addUserToRidePrivacyRequest = z.object({
  rideKeyValue: accessKeyValue,
  subdomain: z
    .preprocess(
      (v) => (v === undefined || v === '' ? null : v),
      text().max(63, { error: 'bad_request' }).nullable(),
    )
    .optional(),
});
export type AddUserToRidePrivacyRequest = z.input<typeof addUserToRidePrivacyRequest>;

export const addUserToRidePrivacyResponse = envelope({
  /** The trip to open: the trip itself (view key) or the user's new copy (copy key). */
  newRideId: z.number().int(),
  /** The trip of the key. */
  ride_id: z.number().int(),
  action: z.enum(ACCESS_KEY_ACTIONS),
});
export type AddUserToRidePrivacyResponse = z.infer<typeof addUserToRidePrivacyResponse>;
