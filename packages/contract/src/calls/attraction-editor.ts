import { z } from 'zod';
import { TITLE_MAX } from '../constants.js';
import { envelope } from '../envelope.js';
import { LINK_MAX, linkField, text } from '../input-rules.js';
import { wireDate } from './editing.js';
import { attractionFields } from './trips.js';

/**
 * The attraction editor (001 §2 "Attraction editor", §5, §6, §7; 000 §5, §6): create_attraction_and_add_to_ride_api,
 * update_attraction_api, get_place_ai_information, and our attraction_information_api (the editor's own read of an
 * attraction, with the fields only its author edits). The spec gives "attraction fields" and no shapes: the names are
 * the spec's attraction fields (000 §3), shapes ours (docs/decisions/0020-attraction-editor-and-categories.md).
 *
 * Bodies arrive as JSON, url-encoded or multipart forms alike: numbers and ids may be text, an empty field is "none".
 */

/** Our bounds of the free fields (the database has none; a body stays small). */
export const ATTRACTION_TEXT_MAX = 20_000;
export const ATTRACTION_ADDRESS_MAX = 500;
export const ATTRACTION_LINK_MAX = LINK_MAX;
/** Opening hours in OpenStreetMap's syntax: at most OpenStreetMap's own bound of a tag's value (255 characters). */
export const OPENING_HOURS_MAX = 255;

/**
 * The warning of an attraction's opening hours the hours library cannot read (issue 36, decision 0070): the text is
 * kept as typed, the editor says so once, and the trip's checks treat the hours as unknown (never an error).
 */
export const OPENING_HOURS_UNREADABLE = 'opening_hours_unreadable';

/** Something the author may want to fix that did not stop the save: the field and a translation key, as `errors`. */
export const editorWarning = z.object({ field: z.string(), code: z.string() });
export type EditorWarning = z.infer<typeof editorWarning>;

const empty = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && v.trim() === '');

/** An optional text field: '' or null is none (null); longer than max is 400 attraction_field_too_long. */
const optionalText = (max: number) =>
  z.preprocess(
    (v) => (empty(v) ? null : typeof v === 'string' ? v.trim() : v),
    text().max(max, { error: 'attraction_field_too_long' }).nullable(),
  );

/** A number field as JSON or form text; '' is none. */
const optionalNumber = (schema: z.ZodNumber) =>
  z.preprocess((v) => (empty(v) ? null : typeof v === 'string' ? Number(v.trim()) : v), schema.nullable());

/** A positive 32-bit id as JSON or form text; '' or null is none. */
const optionalId = z.preprocess(
  (v) => (empty(v) ? null : typeof v === 'string' ? Number(v.trim()) : v),
  z
    .number({ error: 'bad_request' })
    .int({ error: 'bad_request' })
    .min(1, { error: 'bad_request' })
    .max(2_147_483_647, { error: 'bad_request' })
    .nullable(),
);

/** A website as the author types it: the one link rule (input-rules.ts; 400 invalid_link). */
const website = linkField();

/** The title: required (attraction_title_required), at most 140 characters (attraction_title_too_long). */
export const attractionTitle = text({ error: 'attraction_title_required' })
  .trim()
  .min(1, { error: 'attraction_title_required' })
  .max(TITLE_MAX, { error: 'attraction_title_too_long' });

/** The fields of both calls (000 §3 Attraction). lat and lng are required together (attraction_location_required). */
export const attractionFieldsBody = z.object({
  title: attractionTitle,
  address: optionalText(ATTRACTION_ADDRESS_MAX),
  /** HTML; the server keeps it through the one HTML policy (sanitised on store). */
  text: optionalText(ATTRACTION_TEXT_MAX),
  link: website,
  rate: optionalNumber(
    z.number({ error: 'bad_request' }).min(0, { error: 'bad_request' }).max(5, { error: 'bad_request' }),
  ),
  lat: optionalNumber(
    z.number({ error: 'bad_request' }).min(-90, { error: 'bad_request' }).max(90, { error: 'bad_request' }),
  ),
  lng: optionalNumber(
    z.number({ error: 'bad_request' }).min(-180, { error: 'bad_request' }).max(180, { error: 'bad_request' }),
  ),
  /** An uploaded image's address (the upload call answers it) or a maps-service photo. */
  image: optionalText(ATTRACTION_LINK_MAX),
  /** The maps service's place id, when the place came from the autocomplete. */
  placeId: optionalText(300),
  /** Managers only (001 §6 "pick categories"); a subcategory must be one of the category's. */
  category_id: optionalId,
  subcategory_id: optionalId,
  /** Where to navigate to when it differs from the address. */
  navigation_address: optionalText(ATTRACTION_ADDRESS_MAX),
  /**
   * Opening hours in OpenStreetMap's `opening_hours` syntax ("Tu-Su 10:00-18:00"; issue 36). Ours, optional: absent
   * keeps the attraction's own (a client that does not know the field never clears it), '' or null clears them. Any
   * text is kept: one the hours library cannot read is answered with the warning `opening_hours_unreadable`.
   */
  osmOpeningHours: z
    .preprocess(
      (v) => (v === undefined ? undefined : empty(v) ? null : typeof v === 'string' ? v.trim() : v),
      text().max(OPENING_HOURS_MAX, { error: 'attraction_field_too_long' }).nullable(),
    )
    .optional(),
});

/** The rules across fields: a location is required; a subcategory needs its category. */
const fieldRules = (v: z.output<typeof attractionFieldsBody>, ctx: z.RefinementCtx) => {
  if (v.lat === null || v.lng === null || (v.lat === 0 && v.lng === 0))
    ctx.addIssue({ code: 'custom', path: ['lat'], message: 'attraction_location_required' });
  if (v.subcategory_id !== null && v.category_id === null)
    ctx.addIssue({ code: 'custom', path: ['subcategory_id'], message: 'subcategory_not_in_category' });
};

/** POST update_attraction_api/{id}: the fields (only the attraction's author). */
export const attractionEditorBody = attractionFieldsBody.superRefine(fieldRules);
export type AttractionEditorBody = z.input<typeof attractionEditorBody>;
export type AttractionEditorFields = z.output<typeof attractionEditorBody>;

/**
 * POST create_attraction_and_add_to_ride_api/{rideId}: the fields, and the day to put it on (`date`, any wire date of
 * the editing calls; default the trip's first day). The attraction is the user's; it goes last on that day.
 */
export const createAttractionBody = attractionFieldsBody
  .extend({ date: z.preprocess((v) => (empty(v) ? undefined : v), wireDate.optional()) })
  .superRefine(fieldRules);
export type CreateAttractionBody = z.input<typeof createAttractionBody>;

// The fields of every answer about an attraction (calls/trips.ts), but for the second spellings of the position that
// old clients read on a trip: the editor is new and reads lat and lng only.
const { latitude: _latitude, longtitude: _longtitude, ...placedAttractionFields } = attractionFields;

/** The attraction as its author edits it (attraction_information_api, and the answers of both calls). */
export const editableAttraction = z.object({
  ...placedAttractionFields,
  authorId: z.number().int(),
  navigation_address: z.string().nullable(),
  /** Opening hours in OpenStreetMap's syntax, as kept (null: none). */
  osmOpeningHours: z.string().nullable(),
});
export type EditableAttraction = z.infer<typeof editableAttraction>;

export const attractionIdParams = z.object({
  id: text()
    .regex(/^[1-9]\d{0,9}$/, { error: 'bad_request' })
    .transform(Number)
    .refine((n) => n <= 2_147_483_647, { error: 'bad_request' }),
});

/** create_attraction_and_add_to_ride_api: the new attraction and where it went (0-based day, M/D/YYYY). */
export const createAttractionResponse = envelope({
  rideId: z.number().int(),
  attractionId: z.number().int(),
  dayIndex: z.number().int(),
  plannedDate: z.string(),
  attraction: editableAttraction,
  /** What the author may want to fix, the attraction saved all the same (opening_hours_unreadable on osmOpeningHours). */
  warnings: z.array(editorWarning),
});
export type CreateAttractionResponse = z.infer<typeof createAttractionResponse>;

/**
 * update_attraction_api/{id} and attraction_information_api/{id}: the attraction as it now is, and what the author may
 * want to fix in it (`warnings`, as in create's answer: the same for the kept attraction whichever call reads it).
 */
export const editableAttractionResponse = envelope({ attraction: editableAttraction, warnings: z.array(editorWarning) });
export type EditableAttractionResponse = z.infer<typeof editableAttractionResponse>;

/**
 * POST get_place_ai_information (001 §7): title, address, lat, lng, rideId -> success, text. Managers only (001 §6).
 * `text`, when sent, is the editor's description box: a non-empty one is refused (atraction_text_box_is_not_empty), the
 * same rule the web checks before calling.
 */
export const placeAiBody = z.object({
  title: attractionTitle,
  address: optionalText(ATTRACTION_ADDRESS_MAX),
  lat: optionalNumber(
    z.number({ error: 'bad_request' }).min(-90, { error: 'bad_request' }).max(90, { error: 'bad_request' }),
  ),
  lng: optionalNumber(
    z.number({ error: 'bad_request' }).min(-180, { error: 'bad_request' }).max(180, { error: 'bad_request' }),
  ),
  rideId: z.preprocess(
    (v) => (typeof v === 'string' ? Number(v.trim()) : v),
    z
      .number({ error: 'bad_request' })
      .int({ error: 'bad_request' })
      .min(1, { error: 'bad_request' })
      .max(2_147_483_647, { error: 'bad_request' }),
  ),
  text: optionalText(ATTRACTION_TEXT_MAX).optional(),
});
export type PlaceAiBody = z.input<typeof placeAiBody>;

/** The generated description: plain paragraphs as HTML (<p>...</p>), sanitised. */
export const placeAiResponse = envelope({ text: z.string() });
export type PlaceAiResponse = z.infer<typeof placeAiResponse>;
