import type { Database } from '../../db/client.js';
import type { Places } from '../../providers/places/index.js';
import type { RidesService } from '../rides/rides.service.js';
import type { SearchService } from '../search/search.service.js';
import { createAttractionsService } from './attractions.service.js';
import { createCopyService } from './copy.service.js';
import { createDaysService } from './days.service.js';
import { createRideEditor } from './edit-transaction.js';
import { createExtraInformationService } from './extra-information.service.js';
import { createRideSettingsService } from './ride-settings.service.js';

/**
 * Editing a trip (issue 5): the services of the module, sharing one editor (a transaction holding the trip's row
 * lock, the edit policy, and the cache invalidation after the commit).
 */
export interface RideEditingDeps {
  db: Database;
  rides: RidesService;
  search: SearchService;
  places: Places;
}

export function createRideEditing(deps: RideEditingDeps) {
  // Readers must see a change at once: the presented trip and every cached search answer go (decisions 0009, 0013).
  const afterWrite = (rideId: number) => {
    deps.rides.invalidateRide(rideId);
    deps.search.invalidate();
  };
  const editRide = createRideEditor({ db: deps.db, afterWrite });
  return {
    days: createDaysService({ editRide }),
    attractions: createAttractionsService({ db: deps.db, editRide, places: deps.places, rides: deps.rides }),
    extra: createExtraInformationService({ editRide }),
    settings: createRideSettingsService({ editRide }),
    copy: createCopyService({ db: deps.db, afterWrite }),
  };
}

export type RideEditing = ReturnType<typeof createRideEditing>;
