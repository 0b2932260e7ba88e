import { z } from 'zod';
import { envelope } from '../envelope.js';
import { dayIndexParam, wireBoolean } from './editing.js';
import { legMode } from './legs.js';
import { tripIdParam } from './trips.js';

/**
 * POST /api/trips/{rideId}/days/{dayId}/suggest-order?mode=walk|drive|bike|transit (issue 36 point 4, decision 0072):
 * a better order for one day's activities, by the contract's heuristic (day-order.ts), nothing written. `dayId` is the
 * day's 0-based index in ride_attractions_api's attractionsByDay (the editing calls' dayIndex). Timed activities keep
 * their positions, and so do the first and the last with `pinFirst` / `pinLast`, and activities without coordinates;
 * the day starts at the previous night's stay and ends at that night's. Only those who may edit the trip (the edit
 * policy); an unknown trip 404, a private trip its stranger the private 403 (as its page), a day the trip does not
 * have 400 day_not_in_trip_range, an unknown or missing mode 400 unknown_travel_mode.
 *
 * `order`: the day's activity (attraction) ids in the suggested order, the current order when nothing is better;
 * `savedS`: the seconds of travel saved (0 then); `beforeS`/`afterS`: the day's travel in the current and suggested
 * order; `skipped`: the activities left in place for lack of coordinates. The times are the legs' estimate.
 */
export const suggestOrderParams = z.object({ rideId: tripIdParam, dayId: dayIndexParam });

export const suggestOrderQuery = z.object({
  mode: legMode,
  pinFirst: wireBoolean.optional(),
  pinLast: wireBoolean.optional(),
});

export const suggestOrderResponse = envelope({
  dayId: z.number().int().min(0),
  mode: legMode,
  order: z.array(z.number().int()),
  savedS: z.number().int().min(0),
  beforeS: z.number().int().min(0),
  afterS: z.number().int().min(0),
  skipped: z.array(z.number().int()),
});
export type SuggestOrderResponse = z.infer<typeof suggestOrderResponse>;

/**
 * PUT /api/trips/{rideId}/days/{dayId}/order (issue 36 point 4, decision 0074): the day's activities in a new order,
 * as one edit of the trip (the suggested order applied; its undo is the same call with `order` and `before` swapped).
 * `order`: the day's attraction ids in their new order, a permutation of `before` (else 400 day_order_mismatch);
 * `before`: the order the caller saw, which must be the day's order now (else 409 day_changed_meanwhile, nothing
 * written). Who: the editing calls' edit policy (401, 403, a locked trip nobody); a day the trip does not have is 400
 * day_not_in_trip_range.
 */
export const setDayOrderParams = suggestOrderParams;

/** More activities than a day can sensibly hold: the lists' cap, so a body stays small. */
export const DAY_ORDER_MAX = 1000;

const dayActivityIds = z
  .array(z.number({ error: 'bad_request' }).int({ error: 'bad_request' }).min(1).max(2_147_483_647), {
    error: 'bad_request',
  })
  .max(DAY_ORDER_MAX, { error: 'bad_request' });

export const setDayOrderBody = z.object({ order: dayActivityIds, before: dayActivityIds });
export type SetDayOrderBody = z.infer<typeof setDayOrderBody>;

export const setDayOrderResponse = envelope({
  dayId: z.number().int().min(0),
  /** The day's attraction ids in the order now kept. */
  order: z.array(z.number().int()),
});
export type SetDayOrderResponse = z.infer<typeof setDayOrderResponse>;
