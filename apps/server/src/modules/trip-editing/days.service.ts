import {
  addDays,
  dateRangeProblem,
  daysBetween,
  MAX_TRIP_DAYS,
  type MoveDayResponse,
  type TripDatesResponse,
} from '@rides/contract';
import type { Transaction } from '../../db/client.js';
import { AppError } from '../../lib/errors.js';
import type { SessionUser } from '../../plugins/auth.js';
import { pickerDate } from '../trips/trips.presenter.js';
import { assertDuration, assertInTrip, dateOfDay, dayCount, dayIndexOf, presentDates } from './day-math.js';
import {
  deleteDayActivities,
  deleteDayNotes,
  deleteEmptyStays,
  hasOrderedAccommodation,
  lastContentDate,
  moveDayActivities,
  shiftDatesAfter,
} from './days.repository.js';
import type { TripEditor } from './edit-transaction.js';
import type { TripChange } from '../trip-events/trip-events.repository.js';
import { setTripDates } from './trip-lock.repository.js';
import { insertDayAfter, removeDayAt, resizeDays } from '../lineage/day-ids.js';
import { editDayIds } from '../lineage/lineage.repository.js';

/**
 * The day rules (000 §4): adding or removing a day moves every later activity, day note and stay by a day and the
 * trip's end with them; a trip with ordered accommodation answers rideHaveOrderedAccommodation (409) unless the call
 * is the /force variant, after which the ordered stays move too (the web tells the traveller to update the hotels);
 * a trip has 1 to 60 days. Each call is one transaction under the trip's row lock (edit-transaction.ts).
 */

/** A day added or removed, new first or last days: every day moves (decision 0065: `dates` clashes with any day). */
const DATES_CHANGE: TripChange = { type: 'days', target: { fields: ['dates'] } };

/** 409 unless forced; answers whether ordered accommodation is about to move. */
async function guardOrdered(tx: Transaction, rideId: number, force: boolean): Promise<boolean> {
  const ordered = await hasOrderedAccommodation(tx, rideId);
  if (ordered && !force) throw new AppError('rideHaveOrderedAccommodation');
  return ordered;
}

export function createDaysService(deps: { editRide: TripEditor }) {
  const { editRide: editTrip } = deps;

  return {
    /** add_day_to_ride_api/{rideId}/{dayIndex}[/force]: a new empty day right after day `dayIndex` ("add day after"). */
    addDay(
      rideId: number,
      dayIndex: number,
      force: boolean,
      user: SessionUser | null,
    ): Promise<TripDatesResponse> {
      return editTrip(rideId, user, 'edit', async (tx, ride, note) => {
        note(DATES_CHANGE);
        const day = dateOfDay(ride, dayIndex);
        assertDuration(dayCount(ride) + 1);
        const shifted = await guardOrdered(tx, rideId, force);
        await shiftDatesAfter(tx, rideId, day, 1);
        const dates = { startDate: ride.startDate, endDate: addDays(ride.endDate, 1) };
        await setTripDates(tx, rideId, dates.startDate, dates.endDate);
        // The days' stable ids (issue 37): a new id right after that day's; the others keep theirs.
        await editDayIds(tx, rideId, (ids) => insertDayAfter(ids, dayIndex));
        return presentDates(rideId, dates, shifted);
      });
    },

    /**
     * remove_day_from_ride_api (keepActivities: the day's activities go to the end of the next day, or of the day
     * before when it is the last day) and remove_day_and_attractions_from_ride_api. The day's notes go with the day
     * either way (000 §4 warns that this loss is permanent).
     */
    removeDay(
      rideId: number,
      dayIndex: number,
      opts: { keepActivities: boolean; force: boolean },
      user: SessionUser | null,
    ): Promise<TripDatesResponse> {
      return editTrip(rideId, user, 'edit', async (tx, ride, note) => {
        note(DATES_CHANGE);
        const day = dateOfDay(ride, dayIndex);
        const days = dayCount(ride);
        assertDuration(days - 1);
        const shifted = await guardOrdered(tx, rideId, opts.force);
        if (opts.keepActivities)
          await moveDayActivities(tx, rideId, day, addDays(day, dayIndex < days - 1 ? 1 : -1));
        else await deleteDayActivities(tx, rideId, day);
        await deleteDayNotes(tx, rideId, day);
        await shiftDatesAfter(tx, rideId, day, -1);
        await deleteEmptyStays(tx, rideId);
        const dates = { startDate: ride.startDate, endDate: addDays(ride.endDate, -1) };
        await setTripDates(tx, rideId, dates.startDate, dates.endDate);
        await editDayIds(tx, rideId, (ids) => removeDayAt(ids, dayIndex));
        return presentDates(rideId, dates, shifted);
      });
    },

    /** move_day_attractions_by_date_api/{rideId}/{dayIndex}: every activity of the day to the end of the target day. */
    moveDayActivities(
      rideId: number,
      dayIndex: number,
      target: string,
      user: SessionUser | null,
    ): Promise<MoveDayResponse> {
      return editTrip(rideId, user, 'edit', async (tx, ride, note) => {
        const day = dateOfDay(ride, dayIndex);
        assertInTrip(ride, target);
        note({ type: 'activities', target: { days: [day, target] } });
        const moved = await moveDayActivities(tx, rideId, day, target);
        return {
          ServerMassageCode: 'success',
          rideId,
          dayIndex: dayIndexOf(ride, target),
          plannedDate: pickerDate(target),
          moved,
        };
      });
    },

    /**
     * update_ride_duration_api/{rideId}: new first and last days. A new start moves the whole trip (activities, notes,
     * stays) by the difference; ordered stays move only when forced (409 otherwise). A trip cannot end before its last
     * dated content (date_are_not_in_range): shortening is done by removing days, which says what happens to them.
     */
    updateDuration(
      rideId: number,
      input: { rideCheckin: string; rideCheckout: string; force: boolean },
      user: SessionUser | null,
    ): Promise<TripDatesResponse> {
      return editTrip(rideId, user, 'edit', async (tx, ride, note) => {
        note(DATES_CHANGE);
        const { rideCheckin: startDate, rideCheckout: endDate } = input;
        const problem = dateRangeProblem(startDate, endDate, { sameDay: true, maxDays: MAX_TRIP_DAYS });
        if (problem) throw new AppError(problem);
        const delta = daysBetween(ride.startDate, startDate);
        let shifted = false;
        if (delta !== 0) {
          shifted = await guardOrdered(tx, rideId, input.force);
          await shiftDatesAfter(tx, rideId, null, delta);
        }
        const last = await lastContentDate(tx, rideId);
        // Throwing rolls the shift back with the rest of the transaction.
        if (last !== null && last > endDate) throw new AppError('date_are_not_in_range');
        await setTripDates(tx, rideId, startDate, endDate);
        // A new start moves every date, not the days: days come or go at the end.
        await editDayIds(tx, rideId, (ids) => resizeDays(ids, dayCount({ startDate, endDate })));
        return presentDates(rideId, { startDate, endDate }, shifted);
      });
    },
  };
}

export type DaysService = ReturnType<typeof createDaysService>;
