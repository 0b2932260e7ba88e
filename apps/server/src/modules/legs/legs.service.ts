import {
  tripLegPlan,
  tripLegs,
  type LegMode,
  type TripDay,
  type TripLegsDay,
  type TripLegsResponse,
} from '@rides/contract';
import type { Database } from '../../db/client.js';
import type { TripViewer } from '../access/trip-access.policy.js';
import type { TripsService } from '../trips/trips.service.js';
import { legKeyOf, legKeyText } from './legs.repository.js';
import type { RoutedLegs } from './routed-legs.service.js';

/**
 * GET /api/trips/{rideId}/legs (issue 36 point 1, decision 0071). The trip is the trip page's own view (the rides
 * module's cached presentation, through the one view policy: an unknown trip 404, a private trip the viewer may not
 * view the private 403, exactly as ride_attractions_api), so the legs are always of the trip as it is now and show
 * nothing the viewer could not read on its page. Its days' legs (the contract's tripLegPlan: the previous night's stay,
 * the activities in order, that night's stay; stops without coordinates skipped and listed), each routed when the
 * configured service answers it in time (routed-legs.service.ts), else the contract's estimate.
 */
export interface LegsServiceOptions {
  db: Database;
  rides: Pick<TripsService, 'getTripView'>;
  routing: RoutedLegs;
}

export function createLegsService(opts: LegsServiceOptions) {
  /** The legs of a trip's days as its viewer reads them: routed where the service answers, else estimated. */
  async function legsOfDays(days: readonly TripDay[], mode: LegMode): Promise<TripLegsDay[]> {
    const plan = tripLegPlan(days);
    const routed = await opts.routing.route(
      opts.db,
      mode,
      plan.flatMap((d) => d.legs),
    );
    return tripLegs(plan, mode, (leg) => {
      const figures = routed.get(legKeyText(legKeyOf(leg.from, leg.to)));
      return figures && { ...figures, source: 'routed' };
    });
  }

  return {
    async legs(rideId: number, viewer: TripViewer, mode: LegMode): Promise<TripLegsResponse> {
      const view = await opts.rides.getTripView(rideId, viewer);
      const days = await legsOfDays(view.attractionsByDay, mode);
      return { ServerMassageCode: 'success', mode, routedBy: opts.routing.serviceFor(mode), days };
    },
    /** The same figures for another call on a view it already read (the day's warnings: never routed twice). */
    legsOfDays,
  };
}

export type LegsService = ReturnType<typeof createLegsService>;
