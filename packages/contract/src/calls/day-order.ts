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
