import type { z } from 'zod';
import { AppError } from '../../lib/errors.js';

/**
 * Reads the JSON of a `Data` request header (000 §7: "new date and time in a data header", "target date in a data
 * header") against a contract schema. A bare JSON string (or plain text that is not JSON) is read as the `date`
 * field, the shape a date-only header most likely had. Missing, too long, or not matching: 400 bad_request, field
 * Data, and nothing changes.
 */
const MAX_HEADER = 2000;
const bad = (): AppError => new AppError('bad_request', [{ field: 'Data', code: 'bad_request' }]);

export function readDataHeader<S extends z.ZodType>(raw: string | string[] | undefined, schema: S): z.output<S> {
  if (typeof raw !== 'string' || raw.trim() === '' || raw.length > MAX_HEADER) throw bad();
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    value = raw.trim();
  }
  if (typeof value === 'string') value = { date: value };
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw bad();
  return parsed.data;
}
