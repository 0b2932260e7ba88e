import { ACTIVITY_SEARCH_TYPES, type ActivityDataHeader, activityDataHeader } from '@rides/contract';
import type { z } from 'zod';
import { AppError } from './errors.js';

/**
 * The `Data` request header, read in one place: some calls of the spec carry their input as JSON in it (000 §7: "new
 * date and time in a data header", "target date in a data header"; 001 §7: "header Data: googleAttractions or
 * googleRestorant"). Each route reads it with the contract's schema and the reading of its call (below), before the
 * service is called. Missing, too long, or not matching: 400 bad_request, field Data, and nothing changes.
 */
const MAX_HEADER = 2000;
const bad = (): AppError => new AppError('bad_request', [{ field: 'Data', code: 'bad_request' }]);

/**
 * How a call's header is read before its schema checks it. JSON is read as JSON; text that is not JSON is read as a
 * string (old clients sent bare words and dates), which the call's shape and schema then take or refuse.
 */
export interface DataReading {
  /** The value as the schema's shape (the spec never showed the header's shape; old clients sent several). */
  shape: (value: unknown) => unknown;
}

/** The editing calls' dates: a bare JSON string, or plain text that is not JSON, is the `date` field. */
export const DATE_DATA: DataReading = {
  shape: (value) => (typeof value === 'string' ? { date: value } : value),
};

/**
 * serch_activity_by_location_with_google_api: the bare word the old client sends (googleAttractions, as 001 §7 shows
 * the header), "googleAttractions" (a JSON string), {"type": ...} (also searchType or source), or
 * {"googleRestorant": true}; `language` (hebrew|english) may ride along. Any other word is refused by the schema.
 */
export const ACTIVITY_DATA: DataReading = {
  shape: (value) => {
    if (typeof value === 'string') return { type: value };
    if (value === null || typeof value !== 'object' || Array.isArray(value)) return value;
    const o = value as Record<string, unknown>;
    const named = o.type ?? o.searchType ?? o.source ?? ACTIVITY_SEARCH_TYPES.find((t) => o[t] === true);
    return { type: named, ...(o.language !== undefined ? { language: o.language } : {}) };
  },
};

export function readDataHeader<S extends z.ZodType>(
  raw: string | string[] | undefined,
  schema: S,
  reading: DataReading,
): z.output<S> {
  if (typeof raw !== 'string' || raw.trim() === '' || raw.length > MAX_HEADER) throw bad();
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    value = raw.trim();
  }
  const parsed = schema.safeParse(reading.shape(value));
  if (!parsed.success) throw bad();
  return parsed.data;
}

/** The activity search's header, as its route reads it. */
export const readActivityData = (raw: string | string[] | undefined): ActivityDataHeader =>
  readDataHeader(raw, activityDataHeader, ACTIVITY_DATA);
