import { z } from 'zod';
import { envelope } from '../envelope.js';
import { CURRENCY_CODE } from '../money.js';

/**
 * The signed-in account's own settings, read and set by the account itself (the call names no one else):
 *   GET /api/account/settings
 *   PUT /api/account/settings    { homeCurrency?: "EUR" | null, dayLimitHours?: 4..20 | null }
 * - `homeCurrency` (issue 35, rule 88): the currency its trips without one chosen count their costs in. Null: none
 *   chosen (₪ for a trip in Hebrew, else US dollars). An unknown code: `unknown_currency`.
 * - `dayLimitHours` (issue 36 point 3, rule 107): the longest day the traveller plans, activities and travel, in whole
 *   hours from 4 to 20; the trip's checks warn of a longer day (`day_too_long`) to this reader. Null: none chosen
 *   (12 hours). Anything else: `bad_day_limit`.
 * In a PUT a field left out keeps its value, null clears it back to the default; the answer is the settings after it.
 */
export const DAY_LIMIT_HOURS_MIN = 4;
export const DAY_LIMIT_HOURS_MAX = 20;
/** The traveller's day when none is chosen: activities and travel (issue 36 point 3). */
export const DEFAULT_DAY_LIMIT_HOURS = 12;

const currency = z.string().regex(CURRENCY_CODE, { error: 'unknown_currency' });
const dayLimitHours = z
  .number({ error: 'bad_day_limit' })
  .int({ error: 'bad_day_limit' })
  .min(DAY_LIMIT_HOURS_MIN, { error: 'bad_day_limit' })
  .max(DAY_LIMIT_HOURS_MAX, { error: 'bad_day_limit' });

export const accountSettingsBody = z.strictObject({
  homeCurrency: currency.nullable().optional(),
  dayLimitHours: dayLimitHours.nullable().optional(),
});
export type AccountSettingsBody = z.infer<typeof accountSettingsBody>;

export const accountSettingsResponse = envelope({
  homeCurrency: z.string().nullable(),
  dayLimitHours: z.number().int().nullable(),
});
export type AccountSettingsResponse = z.infer<typeof accountSettingsResponse>;
