import { isRearrangementOf, sameOrder, type SetDayOrderResponse } from '@rides/contract';
import { AppError } from '../../lib/errors.js';
import type { SessionUser } from '../../plugins/auth.js';
import { dateOfDay } from './day-math.js';
import { dayOrderOf, setDayPositions } from './days.repository.js';
import type { TripEditor } from './edit-transaction.js';

/**
 * PUT /api/trips/{rideId}/days/{dayId}/order (issue 36 point 4, decision 0074): a day's activities in a new order, as
 * one edit of the trip (the suggested order applied, or its undo: the same call with `order` and `before` swapped).
 *
 *  - One locked edit (editTrip): the edit policy as every editing call asks it ('edit': signed out 401, a viewer or a
 *    stranger 403, a locked trip nobody), the trip's version bumped and the change published, so other open pages
 *    read the day again; the change is the day and its activities (trip_events, If-Match clashes).
 *  - `order` must be `before` rearranged (each of its ids once): 400 day_order_mismatch otherwise.
 *  - `before` must be the day's order now (the trip's read: position, then id): someone who moved, added or removed an
 *    activity of the day since the caller read it makes it 409 day_changed_meanwhile, and nothing is written. So an
 *    order is only ever applied to the day it was made for, and an undo only to the day as the apply left it.
 *  - The day: its 0-based index, as the editing calls' dayIndex; a day the trip does not have is 400
 *    day_not_in_trip_range.
 */
export function createSetDayOrderService(deps: { editRide: TripEditor }) {
  const { editRide: editTrip } = deps;
  return {
    setDayOrder(
      rideId: number,
      dayId: number,
      input: { order: readonly number[]; before: readonly number[] },
      user: SessionUser | null,
    ): Promise<SetDayOrderResponse> {
      return editTrip(rideId, user, 'edit', async (tx, ride, note) => {
        const date = dateOfDay(ride, dayId);
        if (!isRearrangementOf(input.order, input.before)) throw new AppError('day_order_mismatch');
        const current = await dayOrderOf(tx, rideId, date);
        if (!sameOrder(current, input.before)) throw new AppError('day_changed_meanwhile');
        note({ type: 'activities', target: { days: [date], placements: current } });
        await setDayPositions(tx, rideId, date, input.order);
        return { ServerMassageCode: 'success', dayId, order: [...input.order] };
      });
    },
  };
}

export type SetDayOrderService = ReturnType<typeof createSetDayOrderService>;
