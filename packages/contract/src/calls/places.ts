import { z } from 'zod';
import { TRIP_LANGUAGES } from '../constants.js';
import { envelope } from '../envelope.js';
import { text } from '../input-rules.js';
import { attractionReview, openingHours, tripIdParam } from './trips.js';

/**
 * Places: the one place search behind every "where" box of the web app, place details, and the activity search
 * near a point (serch_activity_by_location_with_google_api). Decision: docs/decisions/0012-places-provider.md.
 *
 * Every answer says which source answered (`source`) and carries `notice`: null normally, or a translation key
 * the web shows beside the results:
 *  - places_local_source: the maps service is not configured; these results are from our own data;
 *  - places_provider_fallback: the maps service failed or was too slow; these results are from our own data.
 */
export const PLACE_SOURCES = ['local', 'google', 'osm'] as const;
export type PlaceSource = (typeof PLACE_SOURCES)[number];

export const PLACE_KINDS = [
  'country',
  'city',
  'region',
  'attraction',
  'accommodation',
  'restaurant',
  'place',
] as const;
export type PlaceKind = (typeof PLACE_KINDS)[number];

export const PLACE_NOTICES = ['places_local_source', 'places_provider_fallback'] as const;
export type PlaceNotice = (typeof PLACE_NOTICES)[number];

/**
 * A place query longer than this is not a place name. Bad input of these calls answers 400 `bad_request` with
 * `errors: [{field, code}]` naming the field (q, lat, lng, source, Data, ...): no new codes, so the web's
 * translations stay complete (decision 0012).
 */
export const PLACE_QUERY_MAX = 200;
export const PLACE_SUGGESTIONS_DEFAULT = 6;
export const PLACE_SUGGESTIONS_MAX = 10;
/** Photos in place details (500 x 500 at most each). */
export const PLACE_PHOTOS_MAX = 6;
export const PLACE_PHOTO_SIZE = 500;

const decimal = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)$/;

/** A latitude as text (query string or path): a decimal number in [-90, 90], else 400. */
export const latitudeText = z
  .string({ error: 'bad_request' })
  .trim()
  .regex(decimal, { error: 'bad_request' })
  .transform(Number)
  .refine((v) => v >= -90 && v <= 90, { error: 'bad_request' });

/** A longitude as text: a decimal number in [-180, 180], else 400. */
export const longitudeText = z
  .string({ error: 'bad_request' })
  .trim()
  .regex(decimal, { error: 'bad_request' })
  .transform(Number)
  .refine((v) => v >= -180 && v <= 180, { error: 'bad_request' });

const placeLanguage = z.enum(TRIP_LANGUAGES, { error: 'bad_request' });

/** Google's autocomplete session token, passed through to details so one search is billed once. */
const sessionToken = z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, { error: 'bad_request' });

/** GET /api/places_autocomplete?q=&language=&limit=&lat=&lng=&session= */
export const placesAutocompleteQuery = z
  .object({
    q: text().trim().min(1, { error: 'bad_request' }).max(PLACE_QUERY_MAX, { error: 'bad_request' }),
    /** The language of names and secondary texts; default hebrew (the product is Hebrew first). */
    language: placeLanguage.default('hebrew'),
    limit: z
      .string()
      .regex(/^\d{1,2}$/, { error: 'bad_request' })
      .transform(Number)
      .refine((n) => n >= 1 && n <= PLACE_SUGGESTIONS_MAX, { error: 'bad_request' })
      .optional(),
    /** A point to prefer places near (the map's centre, the trip's area); both or neither. */
    lat: latitudeText.optional(),
    lng: longitudeText.optional(),
    session: sessionToken.optional(),
  })
  .superRefine((v, ctx) => {
    if (v.lat === undefined && v.lng !== undefined)
      ctx.addIssue({ code: 'custom', path: ['lat'], message: 'bad_request' });
    if (v.lng === undefined && v.lat !== undefined)
      ctx.addIssue({ code: 'custom', path: ['lng'], message: 'bad_request' });
  });
export type PlacesAutocompleteQuery = z.input<typeof placesAutocompleteQuery>;

/** One suggestion of the place search. */
export const placeSuggestion = z.object({
  /** Opaque; with `source`, what place details take. Local ids: gn:<GeoNames id>, cc:<country>, rg:<destination>,
   * at:<our attraction id>, ac:<our accommodation id>; google: a Google place id; osm: N|W|R + OSM id. */
  id: z.string(),
  source: z.enum(PLACE_SOURCES),
  /** In the asked language when the source has it (else the name it has). */
  name: z.string(),
  /** Region and country ("מחוז הצפון, ישראל", "Italy"), or an address; '' when none. */
  secondary: z.string(),
  /** Null only from google (its autocomplete gives no coordinates): ask place details for them on selection. */
  lat: z.number().nullable(),
  lng: z.number().nullable(),
  kind: z.enum(PLACE_KINDS),
  /** ISO 3166-1 alpha-2, when known. */
  countryCode: z.string().nullable(),
});
export type PlaceSuggestion = z.infer<typeof placeSuggestion>;

const answerHead = {
  /** The source that answered (the local one after a fallback). */
  source: z.enum(PLACE_SOURCES),
  notice: z.enum(PLACE_NOTICES).nullable(),
};

export const placesAutocompleteResponse = envelope({ ...answerHead, suggestions: z.array(placeSuggestion) });
export type PlacesAutocompleteResponse = z.infer<typeof placesAutocompleteResponse>;

/** GET /api/places_details/{source}/{id}?language=&session= */
export const placeDetailsParams = z.object({
  source: z.enum(PLACE_SOURCES, { error: 'bad_request' }),
  id: z
    .string()
    .min(1, { error: 'bad_request' })
    .max(300, { error: 'bad_request' })
    .regex(/^[A-Za-z0-9:_-]+$/, { error: 'bad_request' }),
});
export const placeDetailsQuery = z.object({
  language: placeLanguage.default('hebrew'),
  session: sessionToken.optional(),
});

export const placePhoto = z.object({
  /** An address the browser can load: ours for Google photos (/api/places_photo?...), never carrying our key. */
  url: z.string(),
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
  /** Credits the photo's owner asks to show (HTML links, escaped by us). */
  htmlAttributions: z.array(z.string()),
});
export type PlacePhoto = z.infer<typeof placePhoto>;

/** What the attraction and accommodation editors fill from a picked place (001 §2: title, address, website, rating,
 * place id, coordinates; 000 §3: cuntry_and_city from the country and locality names). */
export const placeDetails = z.object({
  id: z.string(),
  source: z.enum(PLACE_SOURCES),
  name: z.string(),
  secondary: z.string(),
  kind: z.enum(PLACE_KINDS),
  countryCode: z.string().nullable(),
  lat: z.number(),
  lng: z.number(),
  address: z.string().nullable(),
  /** Country and locality long names in the asked language ("country, city" of an accommodation). */
  country: z.string().nullable(),
  locality: z.string().nullable(),
  website: z.string().nullable(),
  rating: z.number().nullable(),
  userRatingCount: z.number().int().nullable(),
  openingHours: openingHours.nullable(),
  /**
   * Ours (issue 36 point 2): the same hours in OpenStreetMap's `opening_hours` syntax, the rules the day's checks read
   * (decision 0070): OpenStreetMap's own tag, or Google's opening periods written in it. Absent or null: none known.
   */
  osmOpeningHours: z.string().nullable().optional(),
  reviews: z.array(attractionReview),
  /** At most PLACE_PHOTOS_MAX. */
  photos: z.array(placePhoto),
  /** The place on the maps service's site, when it has one. */
  mapsUrl: z.string().nullable(),
  population: z.number().int().nullable(),
  /** Google place id: for local places that came from Google (our attractions keep it), else null. */
  googlePlaceId: z.string().nullable(),
});
export type PlaceDetails = z.infer<typeof placeDetails>;

export const placeDetailsResponse = envelope({ ...answerHead, place: placeDetails });
export type PlaceDetailsResponse = z.infer<typeof placeDetailsResponse>;

/** GET /api/places_photo?ref=places/{place}/photos/{photo}: redirects (302) to the image, at most 500 x 500. */
export const placePhotoQuery = z.object({
  ref: z
    .string()
    .max(500, { error: 'bad_request' })
    .regex(/^places\/[A-Za-z0-9_-]+\/photos\/[A-Za-z0-9_-]+$/, { error: 'bad_request' }),
});

/**
 * serch_activity_by_location_with_google_api/{rideId}/{lat}/{lng}, Data header: which search (001 §4 "search
 * source: internal or google (restaurant variant)"). The header is JSON; we accept the shapes old clients may send:
 * the name as a JSON string ("googleAttractions"), or an object naming it in `type` (also read: `searchType`,
 * `source`) or as a key set to true ({"googleRestorant": true}). Optional `language` (hebrew|english) overrides
 * the trip's language. Missing, not JSON, or no known search → 400 bad_request (field `Data`).
 */
export const ACTIVITY_SEARCH_TYPES = ['googleAttractions', 'googleRestorant'] as const;
export type ActivitySearchType = (typeof ACTIVITY_SEARCH_TYPES)[number];

export const activitySearchParams = z.object({ rideId: tripIdParam, lat: latitudeText, lng: longitudeText });
export type ActivitySearchParams = z.input<typeof activitySearchParams>;

/** The request headers of the call, for the API description (the Data header is read by the server, see above). */
export const activitySearchHeaders = z.looseObject({
  data: text()
    .max(2000)
    .optional()
    .describe('JSON: {"type":"googleAttractions"|"googleRestorant","language"?:"hebrew"|"english"}'),
});

/** What the web sends: `Data: {"type":"googleAttractions"}` (or "googleRestorant"), language optional. */
export const activityDataHeader = z.object({
  type: z.enum(ACTIVITY_SEARCH_TYPES),
  language: z.enum(TRIP_LANGUAGES).optional(),
});
export type ActivityDataHeader = z.infer<typeof activityDataHeader>;

/** 000 §3 "Search result attraction": title, rate, text, image, link, id (internal) or place_id (maps service),
 * imageHtmlAttributions; ours beside them: where it is, how far, and whether the trip already has it. */
export const activityResult = z.object({
  /** Our attraction id (local source), else null. */
  id: z.number().int().nullable(),
  /** The maps service's place id (google, osm), or the Google id our attraction keeps; else null. */
  place_id: z.string().nullable(),
  source: z.enum(PLACE_SOURCES),
  kind: z.enum(PLACE_KINDS),
  title: z.string(),
  /** Plain text (a summary); '' when none. */
  text: z.string(),
  rate: z.number().nullable(),
  image: z.string().nullable(),
  imageHtmlAttributions: z.array(z.string()),
  link: z.string().nullable(),
  address: z.string().nullable(),
  lat: z.number(),
  lng: z.number(),
  /** Kilometres from the searched point (0.01 km), as the other location searches answer it. */
  distance_km: z.number(),
  /** The trip already has this place (same attraction, or same Google place id). */
  inRide: z.boolean(),
});
export type ActivityResult = z.infer<typeof activityResult>;

export const activitySearchResponse = envelope({
  ...answerHead,
  searchType: z.enum(ACTIVITY_SEARCH_TYPES),
  attractions: z.array(activityResult),
});
export type ActivitySearchResponse = z.infer<typeof activitySearchResponse>;
