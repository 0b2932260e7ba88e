import type { Database } from '../../db/client.js';
import type { RidesService } from '../rides/rides.service.js';
import type { SearchService } from '../search/search.service.js';
import { createRideEditor } from '../ride-editing/edit-transaction.js';
import { createRideInformationService } from './ride-information.service.js';

/**
 * The trip information form's service with its editor: every change through edit-transaction.ts (the trip's row lock,
 * the edit policy), and after it the trip view's and the search's caches are dropped, as for every trip edit.
 */
export function createRideInformation(deps: { db: Database; rides: RidesService; search: SearchService }) {
  const afterWrite = (rideId: number) => {
    deps.rides.invalidateRide(rideId);
    deps.search.invalidate();
  };
  return createRideInformationService({ db: deps.db, editRide: createRideEditor({ db: deps.db, afterWrite }), afterWrite });
}
