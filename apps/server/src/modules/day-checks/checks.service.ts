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
 * estimate), asked once for the view already read.
 */
export interface ChecksServiceOptions {
  rides: Pick<TripsService, 'getTripView'>;
  legs: Pick<LegsService, 'legsOfDays'>;
}

export function createChecksService(opts: ChecksServiceOptions) {
  return {
    async checks(rideId: number, viewer: TripViewer, mode: LegMode): Promise<TripChecksResponse> {
      const view = await opts.rides.getTripView(rideId, viewer);
      const legs = await opts.legs.legsOfDays(view.attractionsByDay, mode);
      const warnings = tripWarnings({
        days: view.attractionsByDay,
        datesHidden: view.ride.dates_hidden,
        legs,
        limitS: DEFAULT_DAY_LIMIT_S,
      });
      return { ServerMassageCode: 'success', mode, warnings };
    },
  };
}

export type ChecksService = ReturnType<typeof createChecksService>;
