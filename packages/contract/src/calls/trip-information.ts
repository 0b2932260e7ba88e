import { z } from 'zod';
import { DEFAULT_PARTY, TRIP_LANGUAGES, TITLE_MAX } from '../constants.js';
import { envelope } from '../envelope.js';
import { linkField, text } from '../input-rules.js';
import { wireBoolean, wireDate } from './editing.js';

/**
 * The trip information form (001 §2 "Trip information form", §5; decision 0019): add_ride_api, ride_information_api
 * and update_ride_information_api with the spec's field names. Dates on the wire are DD-MM-YYYY (the other formats of
 * wireDate are read too). Refusals: bad input 400 (title_required, title_too_long, party_count_invalid, bad_request,
 * date_are_not_in_range, limiting_the_trip_duration), no token 401, not the author or a locked trip 403
 * (uesr_is_not_authorize_to_edit_this_ride), a private trip by a non-manager 403 (private_ride_requires_manager), a
 * sub-domain trip by someone who manages no sub-domain 403 (subdomain_ride_requires_subdomain_manager), unknown trip
 * 404, a new start date that would move ordered accommodation 409 (rideHaveOrderedAccommodation; repeat with force).
 */

/** Party counters: whole numbers, never below 0 (001 §5). Form text ("2") is read too. */
const MAX_PARTY_COUNT = 99;
const partyCount = z.preprocess(
  (v) => (typeof v === 'string' && /^\s*-?\d+\s*$/.test(v) ? Number(v) : v),
  z
    .number({ error: 'party_count_invalid' })
    .int({ error: 'party_count_invalid' })
    .min(0, { error: 'party_count_invalid' })
    .max(MAX_PARTY_COUNT, { error: 'party_count_invalid' }),
);

/** Title: required (spaces alone are none), at most TITLE_MAX characters after trimming. */
export const rideTitle = text({ error: 'title_required' })
  .trim()
  .min(1, { error: 'title_required' })
  .max(TITLE_MAX, { error: 'title_too_long' });

/** The free text: HTML, sanitised by the server on store. */
export const TRIP_TEXT_MAX = 20_000;
const tripText = text().max(TRIP_TEXT_MAX, { error: 'bad_request' });
/** The photo album: the one link rule ('' or null: none). */
const albumLink = linkField();

/** The fields both calls share; add_ride_api gives them defaults, an update keeps what it is not sent. */
const commonFields = {
  title: rideTitle,
  photos_albom_link: albumLink.optional(),
  text: tripText.optional(),
  number_of_adult: partyCount.optional(),
  number_of_teen: partyCount.optional(),
  number_of_child: partyCount.optional(),
  physical_disabilities: wireBoolean.optional(),
  /** false makes the trip private (managers only, 001 §6). */
  is_publick: wireBoolean.optional(),
  /** The trip belongs to the closed environment of the sub-domain its author manages (sub-domain managers only). */
  is_subdomain: wireBoolean.optional(),
};

/** POST add_ride_api: a new trip of the signed-in user, checkIn..checkOut (1..60 days). */
export const addRideBody = z.object({
  ...commonFields,
  text: tripText.optional().default(''),
  number_of_adult: partyCount.optional().default(DEFAULT_PARTY.number_of_adult),
  number_of_teen: partyCount.optional().default(DEFAULT_PARTY.number_of_teen),
  number_of_child: partyCount.optional().default(DEFAULT_PARTY.number_of_child),
  physical_disabilities: wireBoolean.optional().default(DEFAULT_PARTY.physical_disabilities),
  is_publick: wireBoolean.optional().default(true),
  is_subdomain: wireBoolean.optional().default(false),
  checkIn: wireDate,
  checkOut: wireDate,
  /** The trip's language (he or en); the web sends the language the form was filled in. Default hebrew. */
  language: z.enum(TRIP_LANGUAGES, { error: 'bad_request' }).optional().default('hebrew'),
});
export type AddRideBody = z.input<typeof addRideBody>;

export const addRideResponse = envelope({ rideId: z.number().int() });
export type AddRideResponse = z.infer<typeof addRideResponse>;

/**
 * POST update_ride_information_api/{rideId}: the form in edit mode. checkIn is the new first day (a new start moves
 * the whole trip as update_ride_duration_api does); checkOut is optional and, when absent, the trip keeps its length.
 * is_locked: the lock toggle (a trip that stays locked refuses the change, as every edit of a locked trip).
 */
export const updateRideInformationBody = z.object({
  ...commonFields,
  checkIn: wireDate,
  checkOut: wireDate.optional(),
  is_locked: wireBoolean.optional(),
  /** Move ordered accommodation along with a new start date. */
  force: wireBoolean.optional().default(false),
});
export type UpdateRideInformationBody = z.input<typeof updateRideInformationBody>;

export const updateRideInformationResponse = envelope({
  rideId: z.number().int(),
  start_date: z.string(),
  end_date: z.string(),
  duration: z.number().int(),
  /** Ordered accommodation moved with a new start date (a forced call): the traveller must update the hotels. */
  accommodationsShifted: z.boolean(),
});
export type UpdateRideInformationResponse = z.infer<typeof updateRideInformationResponse>;

/** What the signed-in user may set on the form (the checkboxes they see). */
export const tripInformationPermissions = z.object({
  /** A manager: the private-ride checkbox. */
  canMakePrivate: z.boolean(),
  /** The sub-domain the user manages (the sub-domain checkbox), or null. */
  managedSubdomain: z.string().nullable(),
});
export type TripInformationPermissions = z.infer<typeof tripInformationPermissions>;

/** GET ride_information_api (ours, no id): what a new trip's form offers the user and its defaults. */
export const newTripInformationResponse = envelope({
  permissions: tripInformationPermissions,
  defaults: z.object({
    number_of_adult: z.number().int(),
    number_of_teen: z.number().int(),
    number_of_child: z.number().int(),
    physical_disabilities: z.boolean(),
    /** On when the user manages a sub-domain (001 §2: "default on when creating"). */
    is_subdomain: z.boolean(),
  }),
});
export type NewTripInformationResponse = z.infer<typeof newTripInformationResponse>;

/** GET ride_information_api/{rideId}: the form's fields, for the trip's author. */
export const rideInformationResponse = envelope({
  rideId: z.number().int(),
  title: z.string(),
  photos_albom_link: z.string().nullable(),
  /** Sanitised HTML. */
  text: z.string(),
  /** DD-MM-YYYY. */
  checkIn: z.string(),
  checkOut: z.string(),
  duration: z.number().int(),
  number_of_adult: z.number().int(),
  number_of_teen: z.number().int(),
  number_of_child: z.number().int(),
  physical_disabilities: z.boolean(),
  is_publick: z.boolean(),
  is_subdomain: z.boolean(),
  /** The trip's sub-domain, when it has one. */
  subdomain: z.string().nullable(),
  is_locked: z.boolean(),
  language: z.enum(TRIP_LANGUAGES),
  permissions: tripInformationPermissions,
});
export type RideInformationResponse = z.infer<typeof rideInformationResponse>;
