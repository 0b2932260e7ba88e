import type { LegMode, TripChecksResponse } from '@rides/contract';
import type { TripViewer } from '../access/trip-access.policy.js';
import type { LegsService } from '../legs/legs.service.js';
import type { TripsService } from '../trips/trips.service.js';
import { DEFAULT_DAY_LIMIT_S } from './day-plan.js';
import { tripWarnings } from './warnings.js';

/**
 * GET /api/trips/{rideId}/checks (issue 36 point 3, decision 0073): the day's warnings. The trip is the trip page's own
 * view (the rides module's cached presentation, through the one view policy: an unknown trip 404, a private trip's
 * stranger the private 403, exactly as ride_attractions_api and the legs), so the warnings are of the trip as it is now
 * (the view is dropped on every change) and say nothing the viewer could not read on its page; hidden dates hide every
 * warning that needs one. The legs are the legs call's own (legsOfDays: the same kept routed answers, else the
 * estimate), asked once for the view already read. A day is too long against the reader's own limit (their account's
 * longest day; signed out or none chosen, 12 hours), so two readers of one trip may be told differently; the answer
 * says which (`limitS`).
 */
export interface ChecksServiceOptions {
  rides: Pick<TripsService, 'getTripView'>;
  legs: Pick<LegsService, 'legsOfDays'>;
  /** The reader's own longest day in seconds, or null (signed out, none chosen). */
  dayLimitSOf: (viewer: TripViewer) => Promise<number | null>;
}

export function createChecksService(opts: ChecksServiceOptions) {
  return {
    async checks(rideId: number, viewer: TripViewer, mode: LegMode): Promise<TripChecksResponse> {
      // The reader's limit is their own, asked beside the trip: it tells nothing of the trip, so a refusal still wins.
      const [view, ownLimitS] = await Promise.all([
        opts.rides.getTripView(rideId, viewer),
        opts.dayLimitSOf(viewer),
      ]);
      const legs = await opts.legs.legsOfDays(view.attractionsByDay, mode);
      const limitS = ownLimitS ?? DEFAULT_DAY_LIMIT_S;
      const warnings = tripWarnings({
        days: view.attractionsByDay,
        datesHidden: view.ride.dates_hidden,
        legs,
        limitS,
      });
      return { ServerMassageCode: 'success', mode, limitS, warnings };
    },
  };
}

export type ChecksService = ReturnType<typeof createChecksService>;
