import { addAttractionToTrip, removeAttraction, updateAttractionTime } from '../../data/attraction-calls';
import { addDayAfter, moveDayActivities } from '../api/day-calls';
import { addExtraInformation, updateExtraInformation } from '../api/trip-calls';

/**
 * Undo of a removed day (issue 5 "Go beyond": a removed day comes back with one click for 10 seconds). The removal
 * went to the server at once, like every change; undoing rebuilds the day with the spec's own calls, each one the
 * server's transaction under the trip's lock and its permission rules (decision 0017):
 *
 *  1. An empty day where it was: add_day_to_ride_api after the day before it (forced if the removal was: the
 *     bookings move back with the days). The first day has no day before it: a day is added after it, and what is now
 *     the first day (the old second day: its activities with move_day_attractions_by_date_api, its notes with
 *     update_extra_information_to_ride) moves onto that new day, which leaves the first day empty.
 *  2. The day's activities back on it, in their order, with their times: moved back from the day they were pushed to
 *     (update_attraction_ride_time_api with their time; one without a time is taken off and added again, since that
 *     call needs a time), or added again when they were deleted with the day.
 *  3. The day's notes, written again (they went with the day).
 *
 * Stays follow the day rules both ways (a stay over the day grows by a night); a suggested stay that the removal left
 * without a night is not brought back. Each step is its own call: an edit by someone else between them is not undone.
 */
interface RemovedActivity {
  id: number;
  /** hh:mm:ss A, or null. */
  dateTime: string | null;
}

export interface RemovedDay {
  /** 0-based index the day had. */
  dayIndex: number;
  /** YYYY-MM-DD of each day of the trip before the removal. */
  dates: readonly string[];
  /** Its activities in their order. */
  activities: readonly RemovedActivity[];
  /** Its notes (text as stored). */
  notes: readonly { text: string }[];
  /** remove_day_from_ride_api (activities pushed to the next day, or to the previous for the last day). */
  keepActivities: boolean;
  /** The removal was the /force variant (ordered accommodation). */
  force: boolean;
  /** For the first day only: the second day's notes and whether it had activities (they become the first day's). */
  next?: { notes: readonly { id: number; text: string }[]; hasActivities: boolean };
}

/** The calls an undo makes, by what they do; `dayUndoCalls` are the real ones. */
export interface DayUndoCalls {
  addDayAfter(dayIndex: number, force: boolean): Promise<unknown>;
  moveDayActivities(dayIndex: number, date: string): Promise<unknown>;
  addAttraction(attractionId: number, date: string): Promise<unknown>;
  removeAttraction(attractionId: number): Promise<unknown>;
  setTime(attractionId: number, date: string, time: string): Promise<unknown>;
  addDayNote(text: string, date: string): Promise<unknown>;
  moveNote(note: { id: number; text: string }, date: string): Promise<unknown>;
}

export const dayUndoCalls = (rideId: number): DayUndoCalls => ({
  addDayAfter: (dayIndex, force) => addDayAfter(rideId, dayIndex, force),
  moveDayActivities: (dayIndex, date) => moveDayActivities(rideId, dayIndex, date),
  addAttraction: (attractionId, date) => addAttractionToTrip(rideId, attractionId, date),
  removeAttraction: (attractionId) => removeAttraction(rideId, attractionId),
  setTime: (attractionId, date, time) => updateAttractionTime(rideId, attractionId, date, time),
  addDayNote: (text, date) => addExtraInformation({ ride_id: rideId, title: '', text, date }),
  moveNote: (note, date) =>
    updateExtraInformation({ ride_id: rideId, extra_information_id: note.id, title: '', text: note.text, date }),
});

export async function restoreRemovedDay(removed: RemovedDay, calls: DayUndoCalls): Promise<void> {
  const { dayIndex, dates, activities, notes, keepActivities, force } = removed;
  const date = dates[dayIndex];
  if (date === undefined) throw new Error(`no day ${dayIndex}`);
  if (dayIndex > 0) {
    await calls.addDayAfter(dayIndex - 1, force);
  } else {
    const second = dates[1];
    if (second === undefined) throw new Error('a one-day trip has no removed day');
    await calls.addDayAfter(0, force);
    // The first day now holds the old second day (and, when kept, the removed day's activities after them).
    if (removed.next?.hasActivities || (keepActivities && activities.length > 0)) await calls.moveDayActivities(0, second);
    for (const note of removed.next?.notes ?? []) await calls.moveNote(note, second);
  }
  for (const a of activities) {
    if (keepActivities && a.dateTime) {
      await calls.setTime(a.id, date, a.dateTime);
    } else {
      if (keepActivities) await calls.removeAttraction(a.id);
      await calls.addAttraction(a.id, date);
      if (a.dateTime) await calls.setTime(a.id, date, a.dateTime);
    }
  }
  for (const note of notes) await calls.addDayNote(note.text, date);
}
