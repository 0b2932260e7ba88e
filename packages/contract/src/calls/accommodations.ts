import { z } from 'zod';
import { ACCOMMODATION_NAME_MAX, BOOKING_CONFIRMATION_MAX } from '../constants.js';
import { dateRangeProblem } from '../dates.js';
import { envelope } from '../envelope.js';
import { normaliseLink, text } from '../input-rules.js';
import { parseWireDate } from './editing.js';
import { accommodation, ride, tripIdParam } from './trips.js';
import { TRIP_ROLES } from '../trip-members.js';

/**
 * The accommodation calls (000 §2, §3, §5, §7; 001 §5; issue 6; decision 0018):
 *   GET  ride_accommodations_api/{rideId}                 the trip's stays in the checklist's two groups
 *   POST create_accommodation_and_add_to_ride_api/{rideId} accommodation fields
 *   POST update_accommodation_api/{id}                     accommodation fields
 *   GET  delete_accommodation_api/{id}
 * The fields are the spec's form state (000 §3 "Accommodation form state"): the wire names of the Accommodation object
 * (cuntry_and_city, booking_confirmation, check_in_date, check_out_date) and lat/lng. Every rule is
 * `accommodationProblems` below, run by the server and by the form before it sends: ALL the problems come back at
 * once as `errors` ({ field, code }), the first one's code as ServerMassageCode.
 */

// ------------------------------------------------------------------------------------------------ the body

/** A form value: text fields arrive as strings from forms and JSON alike; numbers may be either. */
const formText = text().max(20_000, { message: 'accommodation_field_too_long' }).optional().nullable();
const formNumber = z
  .union([z.number(), text().max(40)])
  .optional()
  .nullable();

export const accommodationBody = z.object({
  name: formText,
  /** "country, city"; or send `country` and `city` (the place's long names) and the server joins them. */
  cuntry_and_city: formText,
  country: formText,
  city: formText,
  address: formText,
  /** Where a navigation app should take the traveller, when it differs from the place (000 §2 "navigation address if different"). */
  navigation_address: formText,
  link: formText,
  /** HTML from the editor; sanitised when stored. */
  text: formText,
  image: formText,
  lat: formNumber,
  lng: formNumber,
  rate: formNumber,
  booking_confirmation: formText,
  /** DD-MM-YYYY (as the Accommodation object), M/D/YYYY or YYYY-MM-DD. */
  check_in_date: formText,
  check_out_date: formText,
});
export type AccommodationBody = z.input<typeof accommodationBody>;

export const accommodationIdParams = z.object({ id: tripIdParam });

// ------------------------------------------------------------------------------------------------ the rules

/** A stored stay's place and card (the columns the trip view and the hotel search present), as the server keeps them. */
export interface AccommodationCardValues {
  name: string;
  countryAndCity: string | null;
  address: string | null;
  link: string | null;
  text: string;
  imageUrl: string | null;
  rate: number | null;
  lat: number;
  lng: number;
}

/** The stored form of a stay, once every rule passed. Dates ISO. */
export interface AccommodationValues extends AccommodationCardValues {
  navigationAddress: string | null;
  bookingConfirmation: string | null;
  checkInDate: string;
  checkOutDate: string;
}

export interface AccommodationProblem {
  field: string;
  code: string;
}

/** Longest text kept in the short fields (place, address, link, image address). */
export const ACCOMMODATION_SHORT_FIELD_MAX = 2000;

const trimmed = (v: string | null | undefined): string => (v ?? '').trim();
const orNull = (v: string): string | null => (v === '' ? null : v);

/** "country, city" from the place's country and locality long names (000 §3); either may be missing. */
export function joinCountryAndCity(
  country: string | null | undefined,
  city: string | null | undefined,
): string {
  return [trimmed(country), trimmed(city)].filter((p) => p !== '').join(', ');
}

function readNumber(value: number | string | null | undefined): number | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string' && value.trim() === '') return null;
  const n = typeof value === 'number' ? value : Number(value.trim());
  return Number.isFinite(n) ? n : Number.NaN;
}

/**
 * Every rule of a stay (000 §5, 001 §5) that needs only the trip's dates: name required and at most 140 characters;
 * check-in and check-out required, check-out after check-in, check-in not before the trip's first day and check-out
 * not after its last (date_are_not_in_range); booking confirmation at most 40; a map location required. Overlaps
 * with the trip's other stays (you_Are_having_double_booking) need the other stays: the server checks them after
 * these. Answers the problems (empty when none) and, when there are none, the values to store.
 */
export function accommodationProblems(
  body: AccommodationBody,
  trip: { startDate: string; endDate: string } | null,
): { problems: AccommodationProblem[]; values: AccommodationValues | null } {
  const problems: AccommodationProblem[] = [];
  const add = (field: string, code: string) => problems.push({ field, code });

  const name = trimmed(body.name);
  if (name === '') add('name', 'accommodation_name_required');
  else if (name.length > ACCOMMODATION_NAME_MAX) add('name', 'accommodation_name_too_long');

  const checkIn = trimmed(body.check_in_date) === '' ? null : parseWireDate(trimmed(body.check_in_date));
  const checkOut = trimmed(body.check_out_date) === '' ? null : parseWireDate(trimmed(body.check_out_date));
  if (!checkIn) add('check_in_date', 'check_in_required');
  if (!checkOut) add('check_out_date', 'check_out_required');
  if (checkIn && checkOut) {
    // The one range rule (dates.ts); a stay says the reversed order in its own words (check-out, check-in).
    const problem = dateRangeProblem(checkIn, checkOut, { sameDay: false, within: trip });
    if (problem === 'end_before_start') add('check_out_date', 'check_out_before_check_in');
    else if (problem) add('check_in_date', problem);
  }

  const booking = trimmed(body.booking_confirmation);
  if (booking.length > BOOKING_CONFIRMATION_MAX) add('booking_confirmation', 'booking_confirmation_too_long');

  const lat = readNumber(body.lat);
  const lng = readNumber(body.lng);
  const located =
    lat !== null && lng !== null && Math.abs(lat) <= 90 && Math.abs(lng) <= 180 && !(lat === 0 && lng === 0);
  if (!located) add('location', 'accommodation_location_required');

  const rate = readNumber(body.rate);
  if (rate !== null && !(rate >= 0 && rate <= 5)) add('rate', 'bad_request');

  const place =
    trimmed(body.country) !== '' || trimmed(body.city) !== ''
      ? joinCountryAndCity(body.country, body.city)
      : trimmed(body.cuntry_and_city);
  // The one link rule (input-rules.ts): http(s) with a real host, http:// added when there is no scheme.
  const link = normaliseLink(body.link);
  if (link === null) add('link', 'invalid_link');
  const address = trimmed(body.address);
  const navigationAddress = trimmed(body.navigation_address);
  const image = trimmed(body.image);
  for (const [field, value] of [
    ['cuntry_and_city', place],
    ['address', address],
    ['navigation_address', navigationAddress],
    ['image', image],
  ] as const) {
    if (value.length > ACCOMMODATION_SHORT_FIELD_MAX) add(field, 'accommodation_field_too_long');
  }
  // The image is an address we gave (upload_image_api: /uploads/... or the bucket's https address) or a web address.
  if (image !== '' && !/^(https?:\/\/|\/uploads\/)[^\s"'<>]+$/i.test(image)) add('image', 'bad_request');

  if (problems.length > 0 || !checkIn || !checkOut || lat === null || lng === null || link === null)
    return { problems, values: null };
  return {
    problems,
    values: {
      name,
      countryAndCity: orNull(place),
      address: orNull(address),
      navigationAddress: orNull(navigationAddress),
      link: orNull(link),
      text: (body.text ?? '').trim(),
      imageUrl: orNull(image),
      rate,
      lat,
      lng,
      bookingConfirmation: orNull(booking),
      checkInDate: checkIn,
      checkOutDate: checkOut,
    },
  };
}

// ------------------------------------------------------------------------------------------------ the answers

/** A stay as the checklist and the edit page read it: the trip day's Accommodation object, on its first night. */
export const accommodationItem = accommodation;

/**
 * ride_accommodations_api/{rideId}: the checklist's two groups (000 §2 "Accommodation checklist page"): baseRide, the
 * stays suggested by the original trip (status base_trip_accomodation), and ride, the traveller's own (booked), each in
 * check-in order; with the trip's facts the pages need. Under the trip's view rule (a private trip: 403).
 */
export const rideAccommodationsResponse = envelope({
  rideId: z.number().int(),
  isAuthor: z.boolean(),
  /** Ours: the viewer's role in the trip (as ride_header_api's; an editor changes its stays too, issue 33). */
  role: z.enum(TRIP_ROLES).nullable().optional(),
  trip: ride.pick({
    title: true,
    start_date: true,
    end_date: true,
    duration: true,
    dates_hidden: true,
    is_based_ride: true,
    based_ride_id: true,
    is_locked: true,
    type: true,
  }),
  baseRide: z.array(accommodationItem),
  ride: z.array(accommodationItem),
  /** Ours (issue 6 "go beyond"): the trip's nights (0-based day indexes, not the last day) with no stay at all. */
  nightsWithoutStay: z.array(z.number().int()),
});
export type RideAccommodationsResponse = z.infer<typeof rideAccommodationsResponse>;

/**
 * The trip's nights with no stay at all, booked or suggested (0-based day indexes; the last day has no night in the
 * trip: check-out is at most the last day). One rule for the checklist's answer and the calendar's flags.
 */
export function nightsWithoutStay(
  days: readonly { accommodation: unknown; base_trip_accommodation: unknown }[],
): number[] {
  const nights: number[] = [];
  for (let i = 0; i < days.length - 1; i++) {
    const day = days[i];
    if (day && !day.accommodation && !day.base_trip_accommodation) nights.push(i);
  }
  return nights;
}

/** create / update: the stored stay as the trip shows it. */
export const accommodationSavedResponse = envelope({
  rideId: z.number().int(),
  accommodation: accommodationItem,
});
export type AccommodationSavedResponse = z.infer<typeof accommodationSavedResponse>;

export const accommodationDeletedResponse = envelope({ rideId: z.number().int(), id: z.number().int() });
export type AccommodationDeletedResponse = z.infer<typeof accommodationDeletedResponse>;
