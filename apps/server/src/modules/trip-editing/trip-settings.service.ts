import {
  addDays,
  daysBetween,
  isResettableTrip,
  type CategoryResponse,
  type LockResponse,
  type ResetResponse,
  type RideCategory,
} from '@rides/contract';
import { AppError } from '../../lib/errors.js';
import type { SessionUser } from '../../plugins/auth.js';
import { copyPlacements, deletePlacements } from './copy.repository.js';
import { assertDuration, dayCount } from './day-math.js';
import type { TripEditor } from './edit-transaction.js';
import { setTripDates } from './trip-lock.repository.js';
import { resizeDays } from '../lineage/day-ids.js';
import { editDayIds } from '../lineage/lineage.repository.js';
import { readBaseDates, setCategory, setLocked } from './trip-settings.repository.js';

/**
 * The trip's settings (001 §4): lock, category, and reset to the base trip's order. All by the author (edit.policy.ts);
 * the lock and the category also on a locked trip, the reset never on one.
 */
export function createTripSettingsService(deps: { editRide: TripEditor }) {
  const { editRide: editTrip } = deps;
  return {
    /** lock_ride_api/{rideId}: is_locked. A locked trip refuses every change of its content. */
    lock(rideId: number, isLocked: boolean, user: SessionUser | null): Promise<LockResponse> {
      return editTrip(rideId, user, 'lock', async (tx, _ride, note) => {
        note({ type: 'trip', target: { fields: ['locked'] } });
        await setLocked(tx, rideId, isLocked);
        return { ServerMassageCode: 'success', rideId, is_locked: isLocked };
      });
    },

    /** update_ride_category_api/{rideId}: one of the fixed categories (planning, active, client, template, inactive). */
    category(rideId: number, category: RideCategory, user: SessionUser | null): Promise<CategoryResponse> {
      return editTrip(rideId, user, 'category', async (tx, _ride, note) => {
        note({ type: 'trip', target: { fields: ['category'] } });
        await setCategory(tx, rideId, category);
        return { ServerMassageCode: 'success', rideId, category_name: category };
      });
    },

    /**
     * reset_ride_to_original_order_api/{rideId}: a white-label, non-base, private, unlocked copy goes back to its base
     * trip's activities (same days from its own start date, same order and times) and length. Its stays and notes are
     * the traveller's and stay. Any other trip: 400 ride_reset_error; locked or not the owner's: 403.
     */
    reset(rideId: number, user: SessionUser | null): Promise<ResetResponse> {
      return editTrip(rideId, user, 'reset', async (tx, ride, note) => {
        // Every activity and the trip's length go back to the base trip's: a change of everything.
        note({ type: 'activities', target: { all: true } });
        const baseId = ride.basedRideId;
        // (baseId === null is part of isResettableTrip; repeated so the type narrows.)
        if (!isResettableTrip(ride) || baseId === null) throw new AppError('ride_reset_error');
        const base = await readBaseDates(tx, baseId);
        if (!base) throw new AppError('ride_reset_error');
        const days = dayCount(base);
        assertDuration(days);
        await deletePlacements(tx, rideId);
        await copyPlacements(tx, baseId, rideId, daysBetween(base.startDate, ride.startDate));
        await setTripDates(tx, rideId, ride.startDate, addDays(ride.startDate, days - 1));
        // The days' stable ids (issue 37): the copy keeps its first days' ids; days come or go at the end.
        await editDayIds(tx, rideId, (ids) => resizeDays(ids, days));
        return { ServerMassageCode: 'ride_reset_success', rideId, basedRideId: baseId };
      });
    },
  };
}

export type RideSettingsService = ReturnType<typeof createTripSettingsService>;
