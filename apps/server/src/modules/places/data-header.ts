import { ACTIVITY_SEARCH_TYPES, activityDataHeader, type ActivityDataHeader } from '@rides/contract';
import { AppError } from '../../lib/errors.js';

/**
 * Reads the `Data` request header of serch_activity_by_location_with_google_api (001 §7: "header Data:
 * googleAttractions or googleRestorant"). It is JSON; the spec does not show its shape, so every shape an old client
 * may have sent is read: "googleAttractions" (a JSON string), {"type": ...} (also searchType or source), or
 * {"googleRestorant": true}; `language` (hebrew|english) may ride along. Anything else is bad input (400, field Data).
 */
const bad = (): AppError => new AppError('bad_request', [{ field: 'Data', code: 'bad_request' }]);

export function parseActivityDataHeader(raw: string | string[] | undefined): ActivityDataHeader {
  if (typeof raw !== 'string' || raw.trim() === '' || raw.length > 2000) throw bad();
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    throw bad();
  }
  let candidate: unknown = value;
  if (value !== null && typeof value === 'object' && !Array.isArray(value)) {
    const o = value as Record<string, unknown>;
    const named = o.type ?? o.searchType ?? o.source ?? ACTIVITY_SEARCH_TYPES.find((t) => o[t] === true);
    candidate = { type: named, ...(o.language !== undefined ? { language: o.language } : {}) };
  } else if (typeof value === 'string') {
    candidate = { type: value };
  }
  const parsed = activityDataHeader.safeParse(candidate);
  if (!parsed.success) throw bad();
  return parsed.data;
}
