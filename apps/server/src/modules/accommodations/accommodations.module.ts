import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client.js';
import { createRideEditor } from '../ride-editing/edit-transaction.js';
import type { RidesService } from '../rides/rides.service.js';
import type { SearchService } from '../search/search.service.js';
import { createAccommodationsService } from './accommodations.service.js';

/**
 * The accommodation calls on the editing transaction of issue 5: after each change the presented trip and the cached
 * search answers (the hotel search reads stays) are dropped, as for every other change of a trip.
 */
export function createAccommodations(deps: { db: Database; rides: RidesService; search: SearchService; log: FastifyBaseLogger }) {
  const editRide = createRideEditor({
    db: deps.db,
    afterWrite: (rideId) => {
      deps.rides.invalidateRide(rideId);
      deps.search.invalidate();
    },
  });
  return createAccommodationsService({ db: deps.db, editRide, rides: deps.rides, log: deps.log });
}
