import type { Changes } from '../../changes.js';
import type { Database } from '../../db/client.js';
import type { Places } from '../../providers/places/index.js';
import type { RidesService } from '../rides/rides.service.js';
import { createAttractionsService } from './attractions.service.js';
import { createCopyService } from './copy.service.js';
import { createDaysService } from './days.service.js';
import type { RideEditor } from './edit-transaction.js';
import { createExtraInformationService } from './extra-information.service.js';
import { createRideSettingsService } from './ride-settings.service.js';

/**
 * Editing a trip (issue 5): the services of the module, sharing the app's one editor (a transaction holding the
 * trip's row lock, the edit policy, and the change published and dropped, edit-transaction.ts). The copy makes a new
 * trip in a transaction of its own and publishes it through the same change feed.
 */
export interface RideEditingDeps {
  db: Database;
  editRide: RideEditor;
  changes: Changes;
  rides: RidesService;
  places: Places;
}

export function createRideEditing(deps: RideEditingDeps) {
  const { editRide } = deps;
  return {
    days: createDaysService({ editRide }),
    attractions: createAttractionsService({ db: deps.db, editRide, places: deps.places, rides: deps.rides }),
    extra: createExtraInformationService({ editRide }),
    settings: createRideSettingsService({ editRide }),
    copy: createCopyService({ db: deps.db, changes: deps.changes }),
  };
}

export type RideEditing = ReturnType<typeof createRideEditing>;
