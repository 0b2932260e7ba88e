import type { PlacementResponse, PlaceSource, RemoveAttractionResponse } from '@rides/contract';
import { editGet, editPost } from '../../../lib/api';
import { isoToPickerDate } from './wire';

/**
 * The activity calls of 000 §7 as the server defines them (decision 0015). `date` is YYYY-MM-DD; it is sent as
 * M/D/YYYY, the spec's picker format. Errors are ApiErrors whose code is a translation key.
 */

/** POST add_attraction_to_ride_api/{rideId}/{attractionId} (form: date, shouldCopyTheAttraction). */
export const addAttractionToTrip = (
  rideId: number,
  attractionId: number,
  date: string,
  shouldCopyTheAttraction = false,
) =>
  editPost<PlacementResponse>(rideId, `add_attraction_to_ride_api/${rideId}/${attractionId}`, {
    date: isoToPickerDate(date),
    shouldCopyTheAttraction,
  });

/** GET add_google_attraction_to_ride_api/{rideId}/{placeId}, Data: {"date", "source"}. */
export const addPlaceToTrip = (rideId: number, placeId: string, date: string, source: PlaceSource) =>
  editGet<PlacementResponse>(
    rideId,
    `add_google_attraction_to_ride_api/${rideId}/${encodeURIComponent(placeId)}`,
    {
      Data: JSON.stringify({ date: isoToPickerDate(date), source }),
    },
  );

/**
 * GET update_attraction_ride_time_api/{rideId}/{attractionId}, Data: {"date": "M/D/YYYY", "time": "hh:mm:ss A"}.
 * `time` null is "no time"; left out (undefined), the activity keeps its time (a move to another day, decision 0043).
 */
export const updateAttractionTime = (
  rideId: number,
  attractionId: number,
  date: string,
  time?: string | null,
) =>
  editGet<PlacementResponse>(rideId, `update_attraction_ride_time_api/${rideId}/${attractionId}`, {
    Data: JSON.stringify({ date: isoToPickerDate(date), time }),
  });

/** GET remove_attraction_from_ride_api/{rideId}/{attractionId}: off the trip (the attraction stays in the catalogue). */
export const removeAttraction = (rideId: number, attractionId: number) =>
  editGet<RemoveAttractionResponse>(rideId, `remove_attraction_from_ride_api/${rideId}/${attractionId}`);
