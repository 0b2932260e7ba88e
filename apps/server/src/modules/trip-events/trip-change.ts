import type { Changes } from '../../changes.js';
import type { Database, Transaction } from '../../db/client.js';
import { AppError } from '../../lib/errors.js';
import { lockRide, type LockedTrip } from '../trip-editing/trip-lock.repository.js';
import { appendTripEvent, type TripChange } from './trip-events.repository.js';

/** What a change's work answers: the call's answer, and what it changed (null: nothing, so no event is written). */
export interface TripChangeDone<T> {
  answer: T;
  change: TripChange | null;
}

/**
 * One locked, logged, published change of a trip that is not an edit of its content (comments, votes, lists:
 * decision 0066; editTrip is the content's): the ride row locked first, the work, then the trip_events row and
 * `{ kind: 'ride' }` on the change feed in the same transaction, and this process's own drop after the commit.
 */
export function createTripChange(deps: { db: Database; changes: Pick<Changes, 'publish' | 'afterCommit'> }) {
  return async function tripChange<T>(
    rideId: number,
    userId: number,
    work: (tx: Transaction, ride: NonNullable<LockedTrip>) => Promise<TripChangeDone<T>>,
  ): Promise<T> {
    let changed = false;
    const answer = await deps.db.transaction(async (tx) => {
      const ride = await lockRide(tx, rideId);
      if (!ride) throw new AppError('not_found');
      const done = await work(tx, ride);
      if (done.change) {
        await appendTripEvent(tx, rideId, userId, done.change);
        await deps.changes.publish(tx, { kind: 'ride', rideId });
        changed = true;
      }
      return done.answer;
    });
    if (changed) await deps.changes.afterCommit({ kind: 'ride', rideId });
    return answer;
  };
}
