import { z } from 'zod';
import { TRIP_CATEGORIES, TRIP_LANGUAGES } from '../constants.js';
import { envelope } from '../envelope.js';
import { text } from '../input-rules.js';
import { TRIP_ROLES } from '../trip-members.js';

/**
 * The trip page's read calls (000 §7): ride_attractions_api, ride_header_api, user_info_from_ride_id_api and
 * attraction_api. Field names are the spec's (000 §3), spellings included (longtitude, cuntry_and_city,
 * firestDayAtThisAccommodation, paralel_ride_accommodation, base_trip_accomodation): old clients read them.
 * Decisions (formats, nulls, hidden dates) are in docs/decisions/0009-ride-view.md.
 *
 * Formats on the wire:
 *  - trip dates (ride start/end, accommodation check-in/out, per-day notes): DD-MM-YYYY;
 *  - Day.dateTime: "DD/MM/YYYY 00:00" (the day header is the text before "00:00", 000 §2);
 *  - Attraction.plannedDate: M/D/YYYY (the date picker's format), Attraction.dateTime: hh:mm:ss A or null.
 *
 * Hidden dates (000 §6: private trips, end date passed, viewer not the author): ride.dates_hidden is true and every
 * calendar date of the answer is null (start_date, end_date, Day.dateTime, plannedDate, check_in/out, per-day
 * note dates). Days keep their order; per-day notes keep `dayIndex`, so they can still be placed.
 */

/** Path parameter of every ride call: a positive 32-bit integer, else 400 bad_request. */
export const tripIdParam = z
  .string()
  .regex(/^[1-9]\d{0,9}$/, { error: 'bad_request' })
  .transform(Number)
  .refine((n) => n <= 2_147_483_647, { error: 'bad_request' });

export const tripIdParams = z.object({ rideId: tripIdParam });
export type TripIdParams = z.input<typeof tripIdParams>;

export const ATTRACTION_AFFILIATE_SOURCES = ['getyourguide', 'tiqets'] as const;
export type AffiliateSourceName = (typeof ATTRACTION_AFFILIATE_SOURCES)[number];

export const ACCOMMODATION_STATUS_VALUES = ['booked', 'base_trip_accomodation'] as const;
export type AccommodationStatusValue = (typeof ACCOMMODATION_STATUS_VALUES)[number];

/** Affiliate mapping by place id (000 §3): a ticket button on the attraction. */
export const attractionAffiliate = z.object({
  link: z.string(),
  info: z.string().nullable(),
  affiliateSource: z.enum(ATTRACTION_AFFILIATE_SOURCES),
  /** CSS colour of the button, null for the default. */
  colour: z.string().nullable(),
});
export type AttractionAffiliate = z.infer<typeof attractionAffiliate>;

/** Opening hours as the maps service gives them: one line per weekday. */
export const openingHours = z.object({ weekday_text: z.array(z.string()) });
export type OpeningHours = z.infer<typeof openingHours>;

export const attractionReview = z.object({
  author_name: z.string(),
  rating: z.number(),
  text: z.string(),
});
export type AttractionReviewWire = z.infer<typeof attractionReview>;

/**
 * What every answer about one attraction carries (000 §3 Attraction), on a trip day and in the details modal alike.
 * lat = latitude and lng = longtitude: the same values under both spellings (old clients read either).
 */
/**
 * The fields every answer about an attraction carries (the trip day, the details, the searches, the manager's
 * table). HTML is sanitised by the server (the web rebuilds it from an allow-list again).
 */
export const attractionFields = {
  id: z.number().int(),
  title: z.string(),
  address: z.string().nullable(),
  /** HTML, sanitised. */
  text: z.string(),
  link: z.string().nullable(),
  rate: z.number().nullable(),
  lat: z.number(),
  lng: z.number(),
  latitude: z.number(),
  longtitude: z.number(),
  image: z.string().nullable(),
  placeId: z.string().nullable(),
  category_id: z.number().int().nullable(),
  subcategory_id: z.number().int().nullable(),
};

const attractionCommon = {
  ...attractionFields,
  authorId: z.number().int(),
  /** HTML fragments crediting the photo, sanitised. */
  imageHtmlAttributions: z.array(z.string()),
  openingHours: openingHours.nullable(),
  /**
   * Ours (issue 36): the opening hours in OpenStreetMap's `opening_hours` syntax ("Tu-Su 10:00-18:00") that the day's
   * checks evaluate; null when none is kept. The spec's `openingHours` stays the maps service's weekday lines.
   */
  osmOpeningHours: z.string().nullable(),
  reviews: z.array(attractionReview),
  googleImage: z.string().nullable(),
  affiliate: attractionAffiliate.nullable(),
};

/** An attraction placed on a day of a trip (000 §3 Attraction). */
export const rideAttraction = z.object({
  ...attractionCommon,
  /** image = imageUrl: the same address (or null) under both names. */
  imageUrl: z.string().nullable(),
  /** M/D/YYYY; null when the trip's dates are hidden. */
  plannedDate: z.string().nullable(),
  /** Time of day hh:mm:ss A (e.g. "09:30:00 AM"); null when none is set. */
  dateTime: z.string().nullable(),
});
export type RideAttractionWire = z.infer<typeof rideAttraction>;

/** Accommodation-booking mapping by trip id (000 §3): the hotel widget's parameters. Null on private trips. */
export const hotelAffiliate = z.object({
  aid: z.string(),
  target_aid: z.string().nullable(),
  destination_id: z.string(),
  destination_type: z.enum(['city', 'region']),
  name: z.string().nullable(),
});
export type HotelAffiliate = z.infer<typeof hotelAffiliate>;

/** The fields every answer about a stay carries (a trip day, the hotel search). */
export const accommodationFields = {
  id: z.number().int(),
  name: z.string(),
  /** "country, city". */
  cuntry_and_city: z.string().nullable(),
  address: z.string().nullable(),
  link: z.string().nullable(),
  /** HTML, sanitised. */
  text: z.string(),
  image: z.string().nullable(),
  rate: z.number().nullable(),
  latitude: z.number(),
  longtitude: z.number(),
};

/** 000 §3 Accommodation, as shown on a day. */
export const accommodation = z.object({
  ...accommodationFields,
  /** Where navigation should go when it differs from the place (000 §2); null: the place's position. */
  navigation_address: z.string().nullable(),
  /** DD-MM-YYYY; the last night is the day before check-out. Null when the trip's dates are hidden. */
  check_in_date: z.string().nullable(),
  check_out_date: z.string().nullable(),
  booking_confirmation: z.string().nullable(),
  status: z.enum(ACCOMMODATION_STATUS_VALUES),
  /** True on the day of check-in (the first night there). */
  firestDayAtThisAccommodation: z.boolean(),
  ordered_by_user: z.boolean(),
  /** Id of the base trip's suggestion this booking stands in for, or null. */
  paralel_ride_accommodation: z.number().int().nullable(),
  hotelAffiliate: hotelAffiliate.nullable(),
});
export type AccommodationWire = z.infer<typeof accommodation>;

/** 000 §3 Day. The web shows `accommodation ?? base_trip_accommodation`. */
export const tripDay = z.object({
  /** "DD/MM/YYYY 00:00"; null when the trip's dates are hidden. */
  dateTime: z.string().nullable(),
  /** In the author's order (position within the day); dateTime is shown, not used to sort. */
  daily_attractions: z.array(rideAttraction),
  /** The booked stay covering this night (check_in <= day < check_out), or null. */
  accommodation: accommodation.nullable(),
  /** The base trip's suggested stay covering this night, or null. */
  base_trip_accommodation: accommodation.nullable(),
});
export type TripDay = z.infer<typeof tripDay>;

export const rideExtraInformationItem = z.object({
  id: z.number().int(),
  title: z.string(),
  text: z.string(),
});
export const tripExtraInformationByDayItem = z.object({
  id: z.number().int(),
  /** DD-MM-YYYY; null when the trip's dates are hidden. */
  date: z.string().nullable(),
  /** 0-based index of the day in attractionsByDay (ours: lets a client place the note without dates). */
  dayIndex: z.number().int(),
  text: z.string(),
});

/** 000 §3 / 001 §3 Ride. */
export const ride = z.object({
  id: z.number().int(),
  authorId: z.number().int(),
  title: z.string(),
  /** HTML, sanitised by the server (p, b, strong, i, em, u, ul, ol, li, br, a, h2-h4). */
  text: z.string(),
  /** DD-MM-YYYY; null when hidden (dates_hidden). */
  start_date: z.string().nullable(),
  end_date: z.string().nullable(),
  /** Ours: true when the viewer may not see this private trip's dates (000 §6). */
  dates_hidden: z.boolean(),
  /** Number of days (end - start + 1); given even when the dates are hidden. */
  duration: z.number().int(),
  language: z.enum(TRIP_LANGUAGES),
  is_based_ride: z.boolean(),
  based_ride_id: z.number().int().nullable(),
  is_white_label: z.boolean(),
  is_locked: z.boolean(),
  ride_manager_id: z.number().int().nullable(),
  number_of_child: z.number().int(),
  number_of_teen: z.number().int(),
  number_of_adult: z.number().int(),
  physical_disabilities: z.boolean(),
  type: z.enum(['public', 'private']),
  top_page_image_url: z.string().nullable(),
  subdomain: z.string().nullable(),
  category_name: z.enum(TRIP_CATEGORIES),
  is_demo: z.boolean(),
  rideExtraInformation: z.array(rideExtraInformationItem),
  rideExtraInformationByDay: z.array(tripExtraInformationByDayItem),
});
export type TripWire = z.infer<typeof ride>;

/** A timeline entry of the summary's accommodations tab: consecutive nights in one place. */
export const highLevelTripLocation = z.object({
  /** Id of the first accommodation of the stay. */
  id: z.number().int(),
  /** The city of cuntry_and_city ("country, city"), else the accommodation's name. */
  locationName: z.string(),
  /** Nights there. */
  numberOfDays: z.number().int(),
  lat: z.number(),
  lng: z.number(),
});
export type HighLevelTripLocation = z.infer<typeof highLevelTripLocation>;

/** GET /api/ride_attractions_api/{rideId} */
export const rideAttractionsResponse = envelope({
  ride,
  /** One entry per day of the trip, start to end, empty days included. */
  attractionsByDay: z.array(tripDay),
  highLevelRideLocations: z.array(highLevelTripLocation),
  /** Ours: the page shows no summary area for this trip (000 §2; the server's SUMMARY_HIDDEN_RIDE_IDS). Absent = shown. */
  summaryHidden: z.literal(true).optional(),
});
export type RideAttractionsResponse = z.infer<typeof rideAttractionsResponse>;

/**
 * GET /api/ride_header_api/{rideId}: the same ride object; isAuthor is the viewer's token user_id === authorId. Ours:
 * `role`, the viewer's role in the trip (issue 33, decision 0062: owner, a member's role, viewer for an authorised
 * client; null for anyone else), so an editor gets the editing controls the server lets them use.
 */
export const rideHeaderResponse = envelope({
  ride,
  isAuthor: z.boolean(),
  role: z.enum(TRIP_ROLES).nullable().optional(),
});
export type RideHeaderResponse = z.infer<typeof rideHeaderResponse>;

/** 000 §3 "User extra information" (author block). */
export const userInfo = z.object({
  profile_image: z.string().nullable(),
  name: z.string(),
  title: z.string().nullable(),
  about: z.string().nullable(),
  facebook_link: z.string().nullable(),
  instagram_link: z.string().nullable(),
  website_link: z.string().nullable(),
});
export type UserInfo = z.infer<typeof userInfo>;

/** GET /api/user_info_from_ride_id_api/{rideId}: the trip author's block (same access rule as the trip). */
export const userInfoResponse = envelope({ userInfo });
export type UserInfoResponse = z.infer<typeof userInfoResponse>;

/** attraction_api/{id}/{source}: 'internal' is our database; 'google' a Google place id, looked up through the places provider. */
export const ATTRACTION_SOURCES = ['internal', 'google'] as const;
export const attractionParams = z.object({
  id: text().min(1, { error: 'bad_request' }).max(300, { error: 'bad_request' }),
  source: z.enum(ATTRACTION_SOURCES, { error: 'bad_request' }),
});
export const attractionQuery = z.object({
  language: z.enum(TRIP_LANGUAGES, { error: 'bad_request' }).optional(),
});

/** The attraction details modal (000 §2): image(s), title, text, rating, link, opening hours, reviews. */
export const attractionDetails = z.object({
  ...attractionCommon,
  /** Image addresses, the main one first; empty when none. */
  images: z.array(z.string()),
});
export type AttractionDetails = z.infer<typeof attractionDetails>;

/** GET /api/attraction_api/{id}/{source}?language=hebrew|english */
export const attractionResponse = envelope({ attraction: attractionDetails });
export type AttractionResponse = z.infer<typeof attractionResponse>;
