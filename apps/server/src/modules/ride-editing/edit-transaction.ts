import type { Database, Transaction } from '../../db/client.js';
import { AppError } from '../../lib/errors.js';
import type { SessionUser } from '../../plugins/auth.js';
import { decideEdit, type EditAction } from './edit.policy.js';
import { lockRide, type LockedRide } from './ride-lock.repository.js';

/**
 * Every change of a trip goes through `editRide`: ONE transaction that first locks the ride row (FOR UPDATE), then
 * asks the edit policy with that row, then runs the change; after the commit the trip's caches are dropped so the next
 * read sees it (the trip view's LRU, decision 0009, and the search answers, decision 0013).
 *
 * Inside `work` only `tx` may be used: on PGlite every query outside the open transaction waits for it to end, so
 * reading through `db` (or through the rides service, whose cache reads `db`) from inside would wait for ever.
 */
export interface RideEditorDeps {
  db: Database;
  /** Called after every committed change of a trip (rides.invalidateRide + tripSearch.invalidate). */
  afterWrite: (rideId: number) => void;
}

export type EditWork<T> = (tx: Transaction, ride: LockedRide & object) => Promise<T>;

export function createRideEditor(deps: RideEditorDeps) {
  return async function editRide<T>(rideId: number, user: SessionUser | null, action: EditAction, work: EditWork<T>): Promise<T> {
    const result = await deps.db.transaction(async (tx) => {
      const ride = await lockRide(tx, rideId);
      if (!ride) throw new AppError('not_found');
      const decision = decideEdit(ride, user, action);
      if (!decision.allowed) throw new AppError(decision.code);
      return work(tx, ride);
    });
    deps.afterWrite(rideId);
    return result;
  };
}

export type RideEditor = ReturnType<typeof createRideEditor>;
