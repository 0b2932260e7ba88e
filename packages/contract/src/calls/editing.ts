import { z } from 'zod';
import { TRIP_CATEGORIES, TITLE_MAX } from '../constants.js';
import { tripDateToIso } from '../dates.js';
import { envelope } from '../envelope.js';
import { text } from '../input-rules.js';
import { tripIdParam } from './trips.js';

/**
 * Editing a trip (000 §4, §5, §6, §7; 001 §2 "Extra information form", §4 lock and category). Paths, methods and
 * payload names are the spec's; the shapes of the Data headers and of the answers are ours (the spec shows neither):
 * docs/decisions/0015-trip-copy-and-editing.md.
 *
 * Day indexes are 0-based, as `dayIndex` of rideExtraInformationByDay and the order of attractionsByDay.
 * Every refusal is 4xx with its code: bad input 400 (bad_request, day_not_in_trip_range, date_are_not_in_range,
 * limiting_the_trip_duration), no token 401 (user_is_not_authorized), not the author or a locked trip 403
 * (uesr_is_not_authorize_to_edit_this_ride), unknown trip or attraction 404 (not_found), ordered accommodation 409
 * (rideHaveOrderedAccommodation; repeat with /force).
 */

// ------------------------------------------------------------------------------------------- wire values

/**
 * A calendar date as clients send it: M/D/YYYY (the date picker, 000 §9; a time after it is ignored, e.g.
 * "3/16/2026, 11:59:00 PM" from the add-activity page's "23:59 of the day"), DD-MM-YYYY (trip dates), or
 * YYYY-MM-DD (optionally followed by a time, "2026-03-16T23:59"). Answers ISO YYYY-MM-DD, or null when it is none of
 * those or not a real date. Only the digits are read: no time zone ever moves the day.
 */
export function parseWireDate(value: string): string | null {
  const v = value.trim();
  const mdy = /^(\d{1,2})\/(\d{1,2})\/(\d{4})(?:[ ,T].*)?$/.exec(v);
  if (mdy) {
    const [, m, d, y] = mdy as unknown as [string, string, string, string];
    return tripDateToIso(`${d.padStart(2, '0')}-${m.padStart(2, '0')}-${y}`);
  }
  // YYYY-MM-DD, and EXIF's YYYY:MM:DD (a photo's date taken, 001 §9 "Y:m:d for photo accommodations").
  const iso = /^(\d{4})[-:](\d{2})[-:](\d{2})(?:[ T].*)?$/.exec(v);
  if (iso) return tripDateToIso(`${iso[3]}-${iso[2]}-${iso[1]}`);
  return /^\d{2}-\d{2}-\d{4}$/.test(v) ? tripDateToIso(v) : null;
}

/**
 * A time of day as clients send it: hh:mm:ss A (000 §3 "Pending attraction time"; hour 1-12, seconds optional),
 * or 24-hour HH:MM[:SS]. Answers 'HH:MM:SS' (the database `time`), or null ("25:61", "13:00 PM").
 */
export function parseWireTime(value: string): string | null {
  const v = value.trim();
  const pad = (n: number) => String(n).padStart(2, '0');
  const ampm = /^(\d{1,2}):(\d{2})(?::(\d{2}))?\s*([AaPp])\.?[Mm]\.?$/.exec(v);
  if (ampm) {
    const h = Number(ampm[1]);
    const m = Number(ampm[2]);
    const s = Number(ampm[3] ?? '0');
    if (h < 1 || h > 12 || m > 59 || s > 59) return null;
    const pm = (ampm[4] as string).toLowerCase() === 'p';
    return `${pad((h % 12) + (pm ? 12 : 0))}:${pad(m)}:${pad(s)}`;
  }
  const h24 = /^(\d{1,2}):(\d{2})(?::(\d{2}))?$/.exec(v);
  if (h24) {
    const [h, m, s] = [Number(h24[1]), Number(h24[2]), Number(h24[3] ?? '0')];
    return h > 23 || m > 59 || s > 59 ? null : `${pad(h)}:${pad(m)}:${pad(s)}`;
  }
  return null;
}

/** A date field of a body: any format of parseWireDate, transformed to ISO; else 400 bad_request. */
export const wireDate = z
  .string({ error: 'bad_request' })
  .max(40, { error: 'bad_request' })
  .transform((v, ctx) => {
    const iso = parseWireDate(v);
    if (iso === null) {
      ctx.addIssue({ code: 'custom', message: 'bad_request' });
      return z.NEVER;
    }
    return iso;
  });

/** A time field: hh:mm:ss A (or HH:MM[:SS]) to 'HH:MM:SS'; else 400 bad_request. */
export const wireTime = z
  .string({ error: 'bad_request' })
  .max(20, { error: 'bad_request' })
  .transform((v, ctx) => {
    const t = parseWireTime(v);
    if (t === null) {
      ctx.addIssue({ code: 'custom', message: 'bad_request' });
      return z.NEVER;
    }
    return t;
  });

/**
 * The time of day written after a YYYY-MM-DD or EXIF YYYY:MM:DD date ("2026-03-16T11:44", "2026:03:16 11:44:05"), as
 * 'HH:MM:SS'; null when there is none. A photo's time taken is its activity's time (decision 0043). The M/D/YYYY
 * forms' times are not read: the add-activity page's "23:59 of the day" only names the day.
 */
export function parseWireTimeAfterDate(value: string): string | null {
  const m = /^\d{4}[-:]\d{2}[-:]\d{2}[ T](\d{1,2}:\d{2}(?::\d{2})?)$/.exec(value.trim());
  return m ? parseWireTime(m[1] as string) : null;
}

/** A date that may carry a time (a photo's time taken): { date: ISO, time: 'HH:MM:SS' or null }; else 400. */
export const wireDateTime = z
  .string({ error: 'bad_request' })
  .max(40, { error: 'bad_request' })
  .transform((v, ctx) => {
    const date = parseWireDate(v);
    if (date === null) {
      ctx.addIssue({ code: 'custom', message: 'bad_request' });
      return z.NEVER;
    }
    return { date, time: parseWireTimeAfterDate(v) };
  });

/** Forms send booleans as text: true/false, 1/0, on/off (a checkbox), yes/no. */
export const wireBoolean = z.preprocess(
  (v) => {
    if (typeof v === 'boolean') return v;
    if (typeof v === 'number') return v === 1 ? true : v === 0 ? false : v;
    if (typeof v === 'string') {
      const s = v.trim().toLowerCase();
      if (['true', '1', 'on', 'yes'].includes(s)) return true;
      if (['false', '0', 'off', 'no', ''].includes(s)) return false;
    }
    return v;
  },
  z.boolean({ error: 'bad_request' }),
);

/** An id in a body: a positive 32-bit integer, as a number or as form text. */
export const wireId = z.preprocess(
  (v) => (typeof v === 'number' && Number.isInteger(v) ? String(v) : v),
  z.string({ error: 'bad_request' }).pipe(tripIdParam),
);

/** A day index in a path: 0..9999 (a trip has at most 60 days; the service answers day_not_in_trip_range beyond). */
export const dayIndexParam = z
  .string()
  .regex(/^(0|[1-9]\d{0,3})$/, { error: 'bad_request' })
  .transform(Number);

// ------------------------------------------------------------------------------------------- path params

export const rideAttractionParams = z.object({ rideId: tripIdParam, attractionId: tripIdParam });
export type RideAttractionParams = z.input<typeof rideAttractionParams>;

export const tripDayParams = z.object({ rideId: tripIdParam, dayIndex: dayIndexParam });
export type TripDayParams = z.input<typeof tripDayParams>;

/** A maps-service place id (Google "ChIJ...", OSM "node:123", our own "at:12"). */
export const tripPlaceParams = z.object({
  rideId: tripIdParam,
  placeId: z
    .string()
    .min(1, { error: 'bad_request' })
    .max(300, { error: 'bad_request' })
    .regex(/^[A-Za-z0-9:_-]+$/, { error: 'bad_request' }),
});
export type TripPlaceParams = z.input<typeof tripPlaceParams>;

// ------------------------------------------------------------------------------------------- activities

/** POST add_attraction_to_ride_api/{rideId}/{attractionId} (form): the day, and whether to add a copy of the attraction. */
export const addAttractionBody = z.object({
  date: wireDate,
  /** Honoured for a manager who authors a private trip (000 §4); anyone else asking for it is refused (403). */
  shouldCopyTheAttraction: wireBoolean.optional().default(false),
});
export type AddAttractionBody = z.input<typeof addAttractionBody>;

/**
 * Data header of add_google_attraction_to_ride_api: JSON {"date": "<M/D/YYYY | DD-MM-YYYY | YYYY-MM-DD>"}, optional
 * "source" (google | osm | local; default google) and "language" (hebrew | english; default the trip's).
 */
export const googleAttractionHeader = z.object({
  date: wireDate,
  source: z.enum(['google', 'osm', 'local'], { error: 'bad_request' }).optional(),
  language: z.enum(['hebrew', 'english'], { error: 'bad_request' }).optional(),
});
export type GoogleAttractionHeader = z.input<typeof googleAttractionHeader>;

/**
 * Data header of update_attraction_ride_time_api: JSON {"date": "M/D/YYYY", "time": "hh:mm:ss A"} (000 §3, §5).
 * The time may be left out: a move to another day keeps the activity's time (decision 0043); null or "" clears it to
 * "no time". Transformed to `time`: 'HH:MM:SS', null (no time) or undefined (keep).
 */
export const attractionTimeHeader = z.object({
  date: wireDate,
  time: z.preprocess((v) => (v === '' ? null : v), wireTime.nullable().optional()),
});
export type AttractionTimeHeader = z.input<typeof attractionTimeHeader>;

/** What the activity calls answer: the placement as it now is (plannedDate M/D/YYYY, dateTime hh:mm:ss A or null). */
export const placementResponse = envelope({
  rideId: z.number().int(),
  attractionId: z.number().int(),
  /** 0-based day of the trip. */
  dayIndex: z.number().int(),
  plannedDate: z.string(),
  dateTime: z.string().nullable(),
  /** add_*: the trip held this attraction already; nothing changed. */
  alreadyInRide: z.boolean(),
});
export type PlacementResponse = z.infer<typeof placementResponse>;

/** remove_attraction_from_ride_api: the placement is gone (the attraction stays in the catalogue). */
export const removeAttractionResponse = envelope({
  rideId: z.number().int(),
  attractionId: z.number().int(),
});
export type RemoveAttractionResponse = z.infer<typeof removeAttractionResponse>;

/** POST check_if_user_has_place_id_in_attractions_api/{rideId}: googlePlaceId. */
export const checkPlaceIdBody = z.object({
  googlePlaceId: text().trim().min(1, { error: 'bad_request' }).max(300, { error: 'bad_request' }),
});
export type CheckPlaceIdBody = z.input<typeof checkPlaceIdBody>;

export const checkPlaceIdResponse = envelope({
  /** The signed-in user authored an attraction with this place id. */
  hasPlaceId: z.boolean(),
  /** That attraction (the oldest), or null. */
  attractionId: z.number().int().nullable(),
  /** The trip already holds an attraction with this place id (anyone's). */
  inRide: z.boolean(),
});
export type CheckPlaceIdResponse = z.infer<typeof checkPlaceIdResponse>;

// ------------------------------------------------------------------------------------------- days and dates

/** Data header of move_day_attractions_by_date_api: JSON {"date": "M/D/YYYY"} (or a JSON string of the date). */
export const moveDayHeader = z.object({ date: wireDate });
export type MoveDayHeader = z.input<typeof moveDayHeader>;

/** What move_day_attractions_by_date_api answers (the web then shows day_activities_moved_successfully). */
export const moveDayResponse = envelope({
  rideId: z.number().int(),
  /** The day the activities are on now (0-based) and its date (M/D/YYYY). */
  dayIndex: z.number().int(),
  plannedDate: z.string(),
  moved: z.number().int(),
});
export type MoveDayResponse = z.infer<typeof moveDayResponse>;

/** POST update_ride_duration_api/{rideId}: the new first and last day (DD-MM-YYYY, or the other formats of wireDate). */
export const updateDurationBody = z.object({
  rideCheckin: wireDate,
  rideCheckout: wireDate,
  /** Move ordered accommodation along with a new start date (as the /force day calls). */
  force: wireBoolean.optional().default(false),
});
export type UpdateDurationBody = z.input<typeof updateDurationBody>;

/** What the day calls and update_ride_duration_api answer: the trip's dates now. */
export const tripDatesResponse = envelope({
  rideId: z.number().int(),
  start_date: z.string(),
  end_date: z.string(),
  duration: z.number().int(),
  /** Ordered accommodation moved with the days (a /force call): the traveller must update the hotels (000 §4). */
  accommodationsShifted: z.boolean(),
});
export type TripDatesResponse = z.infer<typeof tripDatesResponse>;

// ------------------------------------------------------------------------------------------- trip settings

/** POST update_ride_category_api/{rideId}: the new category ("category"; "category_name" also read). */
export const updateCategoryBody = z.preprocess(
  (v) => {
    if (v && typeof v === 'object' && !Array.isArray(v)) {
      const o = v as Record<string, unknown>;
      return { category: o.category ?? o.category_name ?? o.newCategory };
    }
    return v;
  },
  z.object({ category: z.enum(TRIP_CATEGORIES, { error: 'bad_request' }) }),
);
export type UpdateCategoryBody = { category?: string; category_name?: string; newCategory?: string };

export const categoryResponse = envelope({
  rideId: z.number().int(),
  category_name: z.enum(TRIP_CATEGORIES),
});
export type CategoryResponse = z.infer<typeof categoryResponse>;

/** POST lock_ride_api/{rideId}: is_locked. */
export const lockBody = z.object({ is_locked: wireBoolean });
export type LockBody = z.input<typeof lockBody>;

export const lockResponse = envelope({ rideId: z.number().int(), is_locked: z.boolean() });
export type LockResponse = z.infer<typeof lockResponse>;

/** reset_ride_to_original_order_api: ServerMassageCode ride_reset_success (ride_reset_error when the trip cannot be reset). */
export const resetResponse = envelope({ rideId: z.number().int(), basedRideId: z.number().int() });
export type ResetResponse = z.infer<typeof resetResponse>;

/** add_ride_to_user_api/{rideId}: ServerMassageCode uesr_copyed_new_ride; the copy the user now edits. */
export const copyTripResponse = envelope({
  /** The user's copy (open it: /single_ride_with_map/{newRideId}). */
  newRideId: z.number().int(),
  /** The trip it was copied from (its based_ride_id). */
  basedRideId: z.number().int(),
  /** The user had a copy of this trip already: that one is answered, no new copy is made. */
  alreadyCopied: z.boolean(),
});
export type CopyTripResponse = z.infer<typeof copyTripResponse>;

// ------------------------------------------------------------------------------------------- extra information

/** Text of a general-information section (HTML, sanitised when stored). */
export const EXTRA_INFORMATION_TEXT_MAX = 20_000;

const extraText = text().max(EXTRA_INFORMATION_TEXT_MAX, { error: 'bad_request' });
const extraTitle = text().trim().max(TITLE_MAX, { error: 'bad_request' });
/** A day note's date; empty or absent means trip-wide. */
const extraDate = z.preprocess((v) => (v === '' || v === null ? undefined : v), wireDate.optional());

/**
 * POST add_extra_information_to_ride (001 §2 "Extra information form"; 000 §7): title, text, ride_id, date. With a date
 * it is that day's note (title hidden), without one a trip-wide section.
 */
export const addExtraInformationBody = z.object({
  ride_id: wireId,
  title: extraTitle.optional().default(''),
  text: extraText,
  date: extraDate,
});
export type AddExtraInformationBody = z.input<typeof addExtraInformationBody>;

/** POST update_extra_information_to_ride: the same and extra_information_id. */
export const updateExtraInformationBody = addExtraInformationBody.extend({ extra_information_id: wireId });
export type UpdateExtraInformationBody = z.input<typeof updateExtraInformationBody>;

/** POST delete_extra_information_to_ride: extra_information_id, ride_id. */
export const deleteExtraInformationBody = z.object({ ride_id: wireId, extra_information_id: wireId });
export type DeleteExtraInformationBody = z.input<typeof deleteExtraInformationBody>;

export const extraInformationItem = z.object({
  id: z.number().int(),
  title: z.string(),
  /** HTML as stored (sanitised). */
  text: z.string(),
  /** DD-MM-YYYY for a day note, null for a trip-wide section. */
  date: z.string().nullable(),
  /** 0-based day of a day note, null for a trip-wide section. */
  dayIndex: z.number().int().nullable(),
});
export type ExtraInformationItem = z.infer<typeof extraInformationItem>;

export const extraInformationResponse = envelope({
  rideId: z.number().int(),
  extraInformation: extraInformationItem,
});
export type ExtraInformationResponse = z.infer<typeof extraInformationResponse>;

export const deleteExtraInformationResponse = envelope({
  rideId: z.number().int(),
  extra_information_id: z.number().int(),
});
export type DeleteExtraInformationResponse = z.infer<typeof deleteExtraInformationResponse>;
