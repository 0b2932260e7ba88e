import type { Changes } from '../../changes.js';
import type { Database } from '../../db/client.js';
import type { Places } from '../../providers/places/index.js';
import type { TripsService } from '../trips/trips.service.js';
import { createAttractionsService } from './attractions.service.js';
import { createCopyService } from './copy.service.js';
import { createDaysService } from './days.service.js';
import type { TripEditor } from './edit-transaction.js';
import { createExtraInformationService } from './extra-information.service.js';
import { createSetDayOrderService } from './set-day-order.service.js';
import { createTripSettingsService } from './trip-settings.service.js';

/**
 * Editing a trip (issue 5): the services of the module, sharing the app's one editor (a transaction holding the
 * trip's row lock, the edit policy, and the change published and dropped, edit-transaction.ts). The copy makes a new
 * trip in a transaction of its own and publishes it through the same change feed.
 */
export interface TripEditingDeps {
  db: Database;
  editRide: TripEditor;
  changes: Changes;
  rides: TripsService;
  places: Places;
}

export function createTripEditing(deps: TripEditingDeps) {
  const { editRide: editTrip } = deps;
  return {
    days: createDaysService({ editRide: editTrip }),
    dayOrder: createSetDayOrderService({ editRide: editTrip }),
    attractions: createAttractionsService({
      db: deps.db,
      editRide: editTrip,
      places: deps.places,
      rides: deps.rides,
    }),
    extra: createExtraInformationService({ editRide: editTrip }),
    settings: createTripSettingsService({ editRide: editTrip }),
    copy: createCopyService({ db: deps.db, changes: deps.changes }),
  };
}

export type RideEditing = ReturnType<typeof createTripEditing>;
