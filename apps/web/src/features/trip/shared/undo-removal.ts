import type { RideAttractionWire } from '@rides/contract';
import { addAttractionToTrip, updateAttractionTime } from '../data/attraction-calls';

/** How long a removed activity can be brought back (issue 5 "Go beyond": one click, 10 seconds). */
export const UNDO_MS = 10_000;

/**
 * Puts a removed activity back on its day, with its time. The removal itself went to the server at once (so other
 * readers, other tabs and a closed tab all see the truth); undoing adds the same attraction again on the same date
 * (add_attraction_to_ride_api) and restores its time (update_attraction_ride_time_api). The server places it last
 * on that day: there is no call that sets a position.
 */
export async function restoreRemovedAttraction(
  rideId: number,
  attraction: Pick<RideAttractionWire, 'id' | 'dateTime'>,
  dateIso: string,
): Promise<void> {
  await addAttractionToTrip(rideId, attraction.id, dateIso);
  if (attraction.dateTime) await updateAttractionTime(rideId, attraction.id, dateIso, attraction.dateTime);
}
