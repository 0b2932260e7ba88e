import { z } from 'zod';
import { TRIP_CATEGORIES, TRIP_LANGUAGES } from '../constants.js';
import { tripDateToIso } from '../dates.js';
import { envelope } from '../envelope.js';
import { accommodationFields, attractionFields, hotelAffiliate, tripIdParam } from './trips.js';

/**
 * The search calls (001 §3 "Search filters", §7; 000 §7; 002 §7): global_rides_api, get_all_sertch_point,
 * serch_attractions_by_location_api, serch_attractions_of_ride_manger_by_location_api,
 * serch_accommodations_by_location_api and fetch_ride_manager_attractions. Decisions (which trips are searched,
 * radius, the reading of serch_points, the GET aliases, caching): docs/decisions/0013-geo-search.md.
 *
 * Old clients posted forms, so every number and flag also comes as text ("31.5", "true", "on"); an empty text or
 * null is the same as leaving the field out. Anything else that is not a number in range, a real DD-MM-YYYY date
 * or a known status answers 400 bad_request, with the offending fields in `errors`.
 */

/** Trips, attractions and hotels within this distance of the point are "near" it (km) unless radius_km says otherwise. */
export const SEARCH_RADIUS_KM = 50;
/** The largest radius a search may ask for (km): a bounding box of ~600 km still reads only a few hundred cells. */
export const SEARCH_MAX_RADIUS_KM = 300;
/** Trips per answer of global_rides_api unless `limit` says otherwise, and the most it may ask for. */
export const SEARCH_TRIPS_PAGE = 50;
export const SEARCH_TRIPS_MAX_PAGE = 200;
/** Attractions or hotels per location search (nearest first). */
export const SEARCH_PLACES_LIMIT = 50;
/** Images per trip card (the search result carousel). */
export const SEARCH_TRIP_IMAGES = 6;

/** status filter: 'noFilters' (default) or one trip category (001 §3: "Search filters: status (default noFilters)"). */
export const SEARCH_STATUSES = ['noFilters', ...TRIP_CATEGORIES] as const;
export type SearchStatus = (typeof SEARCH_STATUSES)[number];

const bad = { error: 'bad_request' } as const;
/** A decimal number as text: "31.5", "-0.25", "35". No exponents, no NaN or Infinity. */
const NUMBER_TEXT = /^[+-]?(\d+(\.\d*)?|\.\d+)$/;

/** Form-posted "" and JSON null mean "not given". */
const blankToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v);

const numeric = z.union([z.number(bad), z.string(bad).trim().regex(NUMBER_TEXT, bad).transform(Number)], bad);

const inRange = (min: number, max: number) => numeric.pipe(z.number(bad).min(min, bad).max(max, bad));

/** Latitude in degrees, -90..90, as a number or decimal text. */
export const latitudeField = inRange(-90, 90);
/** Longitude in degrees, -180..180, as a number or decimal text. */
export const longitudeField = inRange(-180, 180);
const radiusField = inRange(0.1, SEARCH_MAX_RADIUS_KM);

const intInRange = (min: number, max: number) =>
  numeric.pipe(z.number(bad).int(bad).min(min, bad).max(max, bad));

/** A checkbox: true/false, "true"/"false", "1"/"0", 1/0, or "on" (an HTML checkbox posted as a form). */
const flagField = z.union(
  [
    z.boolean(bad),
    z.literal([1, 0], bad).transform((v) => v === 1),
    z
      .enum(['true', 'false', '1', '0', 'on', 'off'], bad)
      .transform((v) => v === 'true' || v === '1' || v === 'on'),
  ],
  bad,
);

/** A trip date DD-MM-YYYY (the wire format of trips), to ISO YYYY-MM-DD; not a real date: 400. */
const tripDateField = z
  .string(bad)
  .trim()
  .transform((v, ctx) => {
    const iso = tripDateToIso(v);
    if (iso === null) {
      ctx.addIssue({ code: 'custom', message: 'bad_request' });
      return z.NEVER;
    }
    return iso;
  });

const optional = <T extends z.ZodType>(schema: T) => z.preprocess(blankToUndefined, schema.optional());
/** Inside the preprocess, so "" and null get the default too. */
const withDefault = <T extends z.ZodType>(schema: T, value: z.output<T>) =>
  z.preprocess(blankToUndefined, schema.default(value as never));

/**
 * POST global_rides_api (and ours: GET global_rides_api?lat=…). Filters of 001 §3: status (default noFilters),
 * lat, lng, physicalDisabilities. Ours: radius_km, limit, offset. lat and lng come together or not at all.
 * Unknown fields are ignored (older clients sent more than the filters).
 */
export const globalRidesBody = z
  .object({
    status: withDefault(z.enum(SEARCH_STATUSES, bad), 'noFilters'),
    lat: optional(latitudeField),
    lng: optional(longitudeField),
    /** true: only trips suitable for people with limited mobility; false or absent: no filter. */
    physicalDisabilities: withDefault(flagField, false),
    radius_km: withDefault(radiusField, SEARCH_RADIUS_KM),
    limit: withDefault(intInRange(1, SEARCH_TRIPS_MAX_PAGE), SEARCH_TRIPS_PAGE),
    offset: withDefault(intInRange(0, 100_000), 0),
  })
  .superRefine((v, ctx) => {
    if ((v.lat === undefined) !== (v.lng === undefined)) {
      ctx.addIssue({ code: 'custom', message: 'bad_request', path: [v.lat === undefined ? 'lat' : 'lng'] });
    }
  });
export type GlobalRidesBody = z.input<typeof globalRidesBody>;
export type GlobalTripsFilters = z.output<typeof globalRidesBody>;

/** 001 §3 "Ride list item", as a search result card shows it (001 §2 /search_ride). */
export const tripListItem = z.object({
  id: z.number().int(),
  title: z.string(),
  /** HTML, sanitised by the server (the same rule as the trip page); cards clamp it. */
  text: z.string(),
  /** Number of days (end - start + 1). */
  duration: z.number().int(),
  /** DD-MM-YYYY (search lists public trips only, whose dates are never hidden). */
  start_date: z.string(),
  end_date: z.string(),
  /** The carousel: the trip's cover image first, then images of its attractions in day order (at most 6). */
  rideImages: z.array(z.object({ href: z.string() })),
  authorId: z.number().int(),
  /** Always null here: trips with a ride manager are private and never listed. */
  ride_manager_id: z.number().int().nullable(),
  language: z.enum(TRIP_LANGUAGES),
  top_page_image_url: z.string().nullable(),
  physical_disabilities: z.boolean(),
  category_name: z.enum(TRIP_CATEGORIES),
  is_demo: z.boolean(),
  /** Ours: km from the searched point to the trip's nearest attraction (0.1 km); null when no point was given. */
  distance_km: z.number().nullable(),
});
export type TripListItem = z.infer<typeof tripListItem>;

/** Nearest first when a point was given (only trips within radius_km), else newest first. */
export const globalRidesResponse = envelope({
  rides: z.array(tripListItem),
  /** Ours: more trips follow (ask again with offset + limit). */
  hasMore: z.boolean(),
});
export type GlobalRidesResponse = z.infer<typeof globalRidesResponse>;

/**
 * POST get_all_sertch_point (and ours: GET get_all_sertch_point?start_date=…): optional start and end date
 * (DD-MM-YYYY); a trip counts when its days overlap them. start_date after end_date: 400.
 */
export const searchPointsBody = z
  .object({
    start_date: optional(tripDateField),
    end_date: optional(tripDateField),
  })
  .superRefine((v, ctx) => {
    if (v.start_date && v.end_date && v.start_date > v.end_date) {
      ctx.addIssue({ code: 'custom', message: 'bad_request', path: ['end_date'] });
    }
  });
export type SearchPointsBody = z.input<typeof searchPointsBody>;
export type SearchPointsFilters = z.output<typeof searchPointsBody>;

/** One map point: where shared trips have attractions (a 0.5° cell, at the mean of those attractions), and how many trips. */
export const searchPoint = z.object({ lat: z.number(), lng: z.number(), count: z.number().int() });
export type SearchPoint = z.infer<typeof searchPoint>;

/** 001 §7: "response serch_points.sertchPoint with lat, lng, count" (our reading: an object holding the list). */
export const searchPointsResponse = envelope({
  serch_points: z.object({ sertchPoint: z.array(searchPoint) }),
});
export type SearchPointsResponse = z.infer<typeof searchPointsResponse>;

/** Path of serch_accommodations_by_location_api/{lat}/{lng}. */
export const locationParams = z.object({ lat: latitudeField, lng: longitudeField });
/** Path of serch_attractions_(of_ride_manger_)by_location_api/{rideId}/{lat}/{lng}. */
export const tripLocationParams = z.object({ rideId: tripIdParam, lat: latitudeField, lng: longitudeField });
/** Ours, on every location search: ?radius_km= (default SEARCH_RADIUS_KM). */
export const locationQuery = z.object({ radius_km: withDefault(radiusField, SEARCH_RADIUS_KM) });

/** 000 §3 "Search result attraction" (title, rate, text, image, link, id, imageHtmlAttributions) and what the map needs. */
export const searchAttraction = z.object({
  ...attractionFields,
  authorId: z.number().int(),
  imageHtmlAttributions: z.array(z.string()),
  /** Ours: km from the searched point (0.01 km). */
  distance_km: z.number(),
  /** Ours: the attraction is already placed in the trip of the path (000 §2 map legend). */
  inRide: z.boolean(),
});
export type SearchAttraction = z.infer<typeof searchAttraction>;

/** Nearest first, at most SEARCH_PLACES_LIMIT. */
export const attractionsByLocationResponse = envelope({ attractions: z.array(searchAttraction) });
export type AttractionsByLocationResponse = z.infer<typeof attractionsByLocationResponse>;

/** A hotel of a shared trip (001 §2 /search_accommodations: name, image, country and city, text, link, view the trip). */
export const searchAccommodation = z.object({
  ...accommodationFields,
  /** The trip it belongs to ("view the trip"). */
  ride_id: z.number().int(),
  /** The trip's booking-partner mapping ("open a booking site"), or null. */
  hotelAffiliate: hotelAffiliate.nullable(),
  /** Ours: km from the searched point (0.01 km). */
  distance_km: z.number(),
});
export type SearchAccommodation = z.infer<typeof searchAccommodation>;

/** Nearest first, one entry per hotel (copies of a trip share their hotels), at most SEARCH_PLACES_LIMIT. */
export const accommodationsByLocationResponse = envelope({ accommodations: z.array(searchAccommodation) });
export type AccommodationsByLocationResponse = z.infer<typeof accommodationsByLocationResponse>;

/** A row of the manager's attraction table (001 §2 /ride_manager_attraction). */
/** The manager's table: text cut at MANAGER_TABLE_TEXT_PREVIEW characters by the web. */
export const managerAttraction = z.object(attractionFields);
export type ManagerAttraction = z.infer<typeof managerAttraction>;

/** GET fetch_ride_manager_attractions (managers only): every attraction the signed-in manager authored, newest first. */
export const managerAttractionsResponse = envelope({ attractions: z.array(managerAttraction) });
export type ManagerAttractionsResponse = z.infer<typeof managerAttractionsResponse>;

/** How many of the newest shared trips the home page's carousel shows (001 §2 Home "latest-trips carousel"). */
export const HOME_LATEST_TRIPS = 8;

/** A home-page card (001 §2 Home: "title, number of days and location"): a list item with where the trip is. */
export const homeRide = tripListItem.extend({
  /** "country, city" of the trip's first stay, or null when it has none. */
  location: z.string().nullable(),
});
export type HomeRide = z.infer<typeof homeRide>;

/**
 * GET home_rides_api (ours; decision 0004): the home page's trips in one cacheable answer. featured and
 * recommended keep the configured order and list only trips anyone may view (a configured id that is private or
 * gone is left out); latest: the newest shared trips. whatsappNumber: the contact button's number (digits, with
 * the country code, as wa.me takes it), or null when none is configured.
 */
export const homeRidesResponse = envelope({
  featured: z.array(homeRide),
  recommended: z.array(homeRide),
  latest: z.array(homeRide),
  whatsappNumber: z.string().nullable(),
});
export type HomeRidesResponse = z.infer<typeof homeRidesResponse>;
