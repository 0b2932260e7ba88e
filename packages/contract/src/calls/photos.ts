import { z } from 'zod';
import { TITLE_MAX } from '../constants.js';
import { envelope } from '../envelope.js';
import { text } from '../input-rules.js';
import { accommodationBody } from './accommodations.js';
import { wireDateTime } from './editing.js';

/**
 * Trips from photos (issue 20; 001 §2 "Build from photos", §3 uploaded photo metadata, §5, §7; decision 0037).
 *
 * get_image_information_api (POST multipart): `image` (the photo: JPEG, PNG, WebP, GIF, HEIC/HEIF/AVIF), and optional
 * text fields: `rideId` (the trip the photo is for: its language names the places; a trip the user may edit),
 * `kind` (attraction | accommodation: which places are suggested), `keep` ("false": analyse only, nothing stored:
 * the draft's photos that are not kept are never stored), and what the browser read from the original before it
 * shrank it (`date_taken` "YYYY-MM-DDTHH:mm:ss" wall time, `offset` "+03:00", `latitude`, `longitude`), used when the
 * uploaded file has no EXIF of its own. The server reads EXIF first (exifr), converts HEIC/HEIF to JPEG, shrinks to
 * 1024 px and 1 MB, stores it (unless keep=false) and answers the photo's metadata and `locationAnalitics`.
 */
export const PHOTO_KINDS = ['attraction', 'accommodation'] as const;
export type PhotoKind = (typeof PHOTO_KINDS)[number];

export const GET_IMAGE_INFORMATION_PATH = '/api/get_image_information_api';

/** How many nearby places the answer lists. */
export const PHOTO_NEARBY_MAX = 8;

const optionalNumber = z.coerce.number({ message: 'bad_request' }).finite().optional();

export const imageInformationFields = z.object({
  rideId: z.coerce.number({ message: 'bad_request' }).int().positive().max(2_147_483_647).optional(),
  kind: z.enum(PHOTO_KINDS, { message: 'bad_request' }).default('attraction'),
  keep: z.enum(['true', 'false'], { message: 'bad_request' }).default('true'),
  language: z.enum(['hebrew', 'english'], { message: 'bad_request' }).optional(),
  date_taken: z
    .string()
    .max(40)
    .regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?$/, { message: 'bad_request' })
    .optional(),
  offset: z
    .string()
    .max(6)
    .regex(/^(Z|[+-]\d{2}:?\d{2})$/, { message: 'bad_request' })
    .optional(),
  latitude: optionalNumber,
  longitude: optionalNumber,
  /** The photo's name on the device (a multipart file part's own name does not reach the route). */
  filename: text().max(255).optional(),
});
export type ImageInformationFields = z.input<typeof imageInformationFields>;

const geoLocation = z.object({ latitude: z.number(), longitude: z.number() });

/** A place as the photo flow shows it: the spec's displayName.text, id and geoLocation, and ours (source, distance). */
export const photoPlace = z.object({
  displayName: z.object({ text: z.string() }),
  /** The places provider's id: at:<attraction>, ac:<stay>, gn:<gazetteer place>, or a Google place id. */
  id: z.string(),
  source: z.enum(['local', 'google', 'osm']),
  kind: z.enum(['attraction', 'accommodation', 'restaurant', 'city', 'region', 'country']),
  geoLocation,
  /** Metres from the photo's position. */
  distanceM: z.number().int(),
  address: z.string().nullable(),
});
export type PhotoPlace = z.infer<typeof photoPlace>;

export const locationAnalitics = z.object({
  /** The chosen place: nearest known place (within 1 km) or locality; a configured model may choose instead. */
  chosenPlace: z.union([
    photoPlace.extend({ success: z.literal(true), chosenBy: z.enum(['nearest', 'model']) }),
    z.object({ success: z.literal(false) }),
  ]),
  /** Places near the photo, nearest first. */
  nearbyPlaces: z.array(photoPlace),
});
export type LocationAnalitics = z.infer<typeof locationAnalitics>;

export const photoLocation = z.object({
  latitude: z.number(),
  latitudeRef: z.enum(['N', 'S']),
  longitude: z.number(),
  longitudeRef: z.enum(['E', 'W']),
});
export type PhotoLocation = z.infer<typeof photoLocation>;

export const imageInformationResponse = envelope({
  filename: z.string(),
  size: z.number().int(),
  /** The type the bytes say (image/jpeg, image/heic ...), whatever the name. */
  type: z.string(),
  /** The camera's wall clock "YYYY-MM-DDTHH:mm:ss", or null. */
  dateTaken: z.string().nullable(),
  offset: z.string().nullable(),
  /** A usable position, or null (none, 0,0, or off the Earth). */
  location: photoLocation.nullable(),
  /** Where the date and the position came from. */
  metadataSource: z.enum(['exif', 'client', 'none']),
  uploadedAt: z.string(),
  /** The stored JPEG (at most 1024 px and 1 MB), or null when keep=false. */
  url: z.string().nullable(),
  width: z.number().int(),
  height: z.number().int(),
  locationAnalitics,
});
export type ImageInformationResponse = z.infer<typeof imageInformationResponse>;

/** The place the user confirmed or picked for a photo (from locationAnalitics, or the place autocomplete). */
export const photoPlaceData = z.object({
  id: text().max(300).optional().nullable(),
  source: z.enum(['local', 'google', 'osm']).optional().nullable(),
  name: text()
    .min(1, { message: 'attraction_title_required' })
    .max(TITLE_MAX, { message: 'attraction_title_too_long' }),
  address: text().max(1000).optional().nullable(),
  lat: z.number().finite(),
  lng: z.number().finite(),
});
export type PhotoPlaceData = z.infer<typeof photoPlaceData>;

/** add_attraction_from_image_to_ride_api (POST JSON): the activity on the photo's day. */
export const addAttractionFromImageBody = z.object({
  ride_id: z.coerce.number({ message: 'bad_request' }).int().positive().max(2_147_483_647),
  /** The stored photo (get_image_information_api's url). */
  image_url: text().max(2000).optional().nullable(),
  /**
   * The photo's day (any wire date format, also EXIF's "YYYY:MM:DD HH:mm:ss"); missing: the trip's first day. A time
   * after a YYYY-MM-DD or EXIF date ("2031-05-11T18:34") becomes the activity's time (decision 0043).
   */
  date_taken: wireDateTime.optional().nullable(),
  /**
   * The place: one the flow offered (an id from locationAnalitics or the place autocomplete; none:
   * please_use_auto_compleate), or with edit_later the photo's position (or the default one) and a name of the client's.
   */
  place_data: photoPlaceData.optional().nullable(),
  /** "add photo and edit later" (001 §2): place_data needs no id. */
  edit_later: z.boolean().optional(),
});
export type AddAttractionFromImageBody = z.input<typeof addAttractionFromImageBody>;

export const addAttractionFromImageResponse = envelope({
  rideId: z.number().int(),
  attractionId: z.number().int(),
  dayIndex: z.number().int(),
  plannedDate: z.string(),
  /** The place was one of our attractions already (placed as it is) rather than a new one of the user's. */
  reused: z.boolean(),
});
export type AddAttractionFromImageResponse = z.infer<typeof addAttractionFromImageResponse>;

/**
 * POST photo_place_names (ours, issue 30 point 7): the draft's stops named after their places before anything is
 * uploaded: for each point, the name of the nearest place suggestion (the one get_image_information_api chooses without
 * a model), or null when none is known there. At most PHOTO_PLACE_NAMES_MAX points (a draft's 200 photos).
 */
export const PHOTO_PLACE_NAMES_MAX = 200;
const point = z.object({
  lat: z
    .number({ message: 'bad_request' })
    .min(-90, { message: 'bad_request' })
    .max(90, { message: 'bad_request' }),
  lng: z
    .number({ message: 'bad_request' })
    .min(-180, { message: 'bad_request' })
    .max(180, { message: 'bad_request' }),
});
export const photoPlaceNamesBody = z.object({
  points: z
    .array(point, { message: 'bad_request' })
    .min(1, { message: 'bad_request' })
    .max(PHOTO_PLACE_NAMES_MAX, { message: 'bad_request' }),
  language: z.enum(['hebrew', 'english'], { message: 'bad_request' }).optional(),
});
export type PhotoPlaceNamesBody = z.input<typeof photoPlaceNamesBody>;
export const photoPlaceNamesResponse = envelope({ names: z.array(z.string().nullable()) });
export type PhotoPlaceNamesResponse = z.infer<typeof photoPlaceNamesResponse>;

/**
 * POST photo_preview (ours, issue 30 point 7; multipart: image): a small JPEG preview of a photo the browser cannot
 * show itself (a HEIC without an embedded JPEG thumbnail, in any browser but Safari), as a data URL. Nothing is kept.
 * At most PHOTO_PREVIEW_SIDE pixels on the longer side.
 */
export const PHOTO_PREVIEW_SIDE = 256;
export const photoPreviewResponse = envelope({ image: z.string() });
export type PhotoPreviewResponse = z.infer<typeof photoPreviewResponse>;

/** create_and_add_accommodation_from_image_to_ride_api/{rideId}: the accommodation fields (dates also Y:m:d). */
export const accommodationFromImageBody = accommodationBody;
