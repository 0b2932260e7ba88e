import type { MoveDayResponse, TripDatesResponse } from '@rides/contract';
import { editGet } from '../../../../lib/api';
import { isoToPickerDate } from '../../data/wire';

/**
 * The day calls of 000 §7 (decision 0015: dayIndex is 0-based). Each is first sent without /force; a trip with
 * ordered accommodation answers 409 rideHaveOrderedAccommodation and the screen asks before repeating it forced.
 */
const forced = (force: boolean) => (force ? '/force' : '');

/** GET add_day_to_ride_api/{rideId}/{dayIndex}[/force]: an empty day after day dayIndex. */
export const addDayAfter = (rideId: number, dayIndex: number, force = false) =>
  editGet<TripDatesResponse>(rideId, `add_day_to_ride_api/${rideId}/${dayIndex}${forced(force)}`);

/**
 * Removes a day: `keepActivities` moves its activities to the next day (remove_day_from_ride_api), otherwise they go
 * with it (remove_day_and_attractions_from_ride_api).
 */
export const removeDay = (rideId: number, dayIndex: number, keepActivities: boolean, force = false) =>
  editGet<TripDatesResponse>(
    rideId,
    `${keepActivities ? 'remove_day_from_ride_api' : 'remove_day_and_attractions_from_ride_api'}/${rideId}/${dayIndex}${forced(force)}`,
  );

/** GET move_day_attractions_by_date_api/{rideId}/{dayIndex}, Data: {"date": "M/D/YYYY"}; `date` is YYYY-MM-DD. */
export const moveDayActivities = (rideId: number, dayIndex: number, date: string) =>
  editGet<MoveDayResponse>(rideId, `move_day_attractions_by_date_api/${rideId}/${dayIndex}`, {
    Data: JSON.stringify({ date: isoToPickerDate(date) }),
  });
