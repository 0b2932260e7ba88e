import {
  estimateLeg,
  stayOfDay,
  suggestDayOrder,
  usableCoordinates,
  type LegMode,
  type SuggestOrderResponse,
} from '@rides/contract';
import type { Database } from '../../db/client.js';
import { AppError } from '../../lib/errors.js';
import type { SessionUser } from '../../plugins/auth.js';
import { decideEditFor } from '../trip-editing/edit-transaction.js';
import { readTrip } from '../trip-editing/trip-lock.repository.js';
import type { TripsService } from '../trips/trips.service.js';

/**
 * POST /api/trips/{rideId}/days/{dayId}/suggest-order (issue 36 point 4, decision 0072): a better order for one day,
 * nothing written (the screen applies it through the editing calls).
 *
 *  - Who: first the trip's own view policy (the trip page's view: an unknown trip 404, a private trip its stranger the
 *    private 403, so the call says no more than the page), then the one edit policy (decideEditFor, as every editing
 *    call asks it: the author, an editor member, a white-label client allowed to edit; a locked trip nobody): a
 *    suggestion is for whoever could apply it. Signed out: 401, a viewer or a stranger of a public trip: 403.
 *  - The day: its index in attractionsByDay, as the editing calls' dayIndex; a day the trip does not have is 400
 *    day_not_in_trip_range, their answer to a bad dayIndex.
 *  - The stops: dayStops' own (the previous night's stay, the activities in the author's order, that night's stay);
 *    a timed activity (dateTime set) keeps its position, an activity without coordinates too (listed in `skipped`).
 *  - The cost of a leg: the contract's estimate for the mode (legs.ts), so the order and the minutes saved are the
 *    same whether or not a routing service is configured, and need no request to one.
 */
export interface DayOrderServiceOptions {
  db: Database;
  rides: Pick<TripsService, 'getTripView'>;
}

export function createDayOrderService(opts: DayOrderServiceOptions) {
  return {
    async suggestOrder(
      rideId: number,
      dayId: number,
      user: SessionUser | null,
      mode: LegMode,
      pin: { first?: boolean | undefined; last?: boolean | undefined } = {},
    ): Promise<SuggestOrderResponse> {
      const view = await opts.rides.getTripView(rideId, user);
      const ride = await readTrip(opts.db, rideId);
      if (!ride) throw new AppError('not_found');
      const decision = await decideEditFor(opts.db, ride, user, 'edit');
      if (!decision.allowed) throw new AppError(decision.code);
      const days = view.attractionsByDay;
      const day = days[dayId];
      if (!day) throw new AppError('day_not_in_trip_range');
      const morning = stayOfDay(days[dayId - 1]);
      const night = stayOfDay(day);
      const result = suggestDayOrder({
        stops: day.daily_attractions.map((a) => {
          const at = usableCoordinates(a.lat, a.lng);
          return { id: a.id, lat: at?.lat ?? null, lng: at?.lng ?? null, fixed: a.dateTime !== null };
        }),
        start: morning && usableCoordinates(morning.latitude, morning.longtitude),
        end: night && usableCoordinates(night.latitude, night.longtitude),
        pinFirst: pin.first === true,
        pinLast: pin.last === true,
        cost: (from, to) => estimateLeg(from, to, mode).durationS,
      });
      return {
        ServerMassageCode: 'success',
        dayId,
        mode,
        order: result.order,
        savedS: result.savedS,
        beforeS: Math.round(result.beforeS),
        afterS: Math.round(result.afterS),
        skipped: result.skipped,
      };
    },
  };
}

export type DayOrderService = ReturnType<typeof createDayOrderService>;
