/**
 * The time of day an activity has after update_attraction_ride_time_api (decision 0043): a move keeps the time or
 * clears it to "no time", never turns "no time" into midnight.
 *
 * - `time` left out: the activity keeps its time (a drag to another day, a "change day").
 * - `time` null: "no time".
 * - Midnight sent with a move to another day for an activity that had no time is "no time": older clients (and 000 §5,
 *   "a drop sets ... the time as hh:mm:ss A") sent 12:00:00 AM for "the start of the day", which then showed as 00:00
 *   in the calendar and the PDF and became a midnight event in the ICS. Midnight chosen on the activity's own day is
 *   a time the user set and is kept.
 */
export const MIDNIGHT = '00:00:00';

export function timeAfterMove(
  current: { plannedDate: string; timeOfDay: string | null },
  requested: { date: string; time?: string | null | undefined },
): string | null {
  if (requested.time === undefined) return current.timeOfDay;
  if (requested.time === MIDNIGHT && current.timeOfDay === null && requested.date !== current.plannedDate)
    return null;
  return requested.time;
}
