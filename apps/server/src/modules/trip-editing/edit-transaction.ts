import type { Changes } from '../../changes.js';
import type { Database, Transaction } from '../../db/client.js';
import { AppError } from '../../lib/errors.js';
import type { SessionUser } from '../../plugins/auth.js';
import { isTripClient } from '../one-time-links/one-time-links.repository.js';
import { appendTripEvent, type TripChange } from '../trip-events/trip-events.repository.js';
import { memberRoleOf } from '../trip-members/trip-members.repository.js';
import { CONTENT_ACTIONS, decideEdit, type EditAction, type EditDecision } from '../access/edit.policy.js';
import { lockRide, markContentChanged, type LockedTrip } from './trip-lock.repository.js';

/**
 * Every change of a trip goes through `editTrip`: ONE transaction that first locks the ride row (FOR UPDATE), then
 * asks the edit policy with that row, then runs the change, notes that the content changed (CONTENT_ACTIONS: a copy
 * then stands on its own in search) and publishes `{ kind: 'ride' }` on the change feed in the same transaction
 * (every other process drops the trip when it commits); after the commit this process drops it too, so the next read
 * anywhere sees it (changes.ts says which caches: the trip view, the searches, our own places). It also bumps the
 * trip's version and writes what changed to trip_events (issue 33, decision 0062): `work` says what it changed with
 * `note` (a day, a placement, a field); an edit that says nothing is written as a change of anything.
 *
 * Inside `work` only `tx` may be used: on PGlite every query outside the open transaction waits for it to end, so
 * reading through `db` (or through the rides service, whose cache reads `db`) from inside would wait for ever.
 */
export interface TripEditorDeps {
  db: Database;
  /** The change feed: published inside the transaction, dropped locally after the commit. */
  changes: Pick<Changes, 'publish' | 'afterCommit'>;
}

/** Says what the edit changed (the trip_events row it writes); the last call wins. */
export type NoteChange = (change: TripChange) => void;

export type EditWork<T> = (tx: Transaction, ride: LockedTrip & object, note: NoteChange) => Promise<T>;

/**
 * The edit policy asked with every fact it needs, the white-label client's too: the one way to ask it, under the lock
 * (editTrip) or before slow work outside it (an upload's decoding, a maps-service call), so a rule such as "the
 * clients of a white-label trip may edit it when its sub-domain manager allows" holds on every path (decision 0030).
 */
export async function decideEditFor(
  db: Database | Transaction,
  ride: LockedTrip & object,
  user: SessionUser | null,
  action: EditAction,
): Promise<EditDecision> {
  // A white-label trip whose sub-domain manager lets its clients edit: is this user one of them (decision 0030)?
  const editorIsClient =
    ride.isWhiteLabel &&
    ride.clientsMayEdit &&
    user !== null &&
    user.id !== ride.authorId &&
    (await isTripClient(db, ride.id, user.id));
  // A member of the trip (issue 33): an editor edits as its author does.
  const memberRole =
    user !== null && user.id !== ride.authorId ? await memberRoleOf(db, ride.id, user.id) : null;
  return decideEdit({ ...ride, editorIsClient, memberRole }, user, action);
}

export function createTripEditor(deps: TripEditorDeps) {
  return async function editRide<T>(
    rideId: number,
    user: SessionUser | null,
    action: EditAction,
    work: EditWork<T>,
  ): Promise<T> {
    const result = await deps.db.transaction(async (tx) => {
      const ride = await lockRide(tx, rideId);
      if (!ride) throw new AppError('not_found');
      const decision = await decideEditFor(tx, ride, user, action);
      if (!decision.allowed) throw new AppError(decision.code);
      let change: TripChange = { type: 'trip', target: { all: true } };
      const done = await work(tx, ride, (noted) => (change = noted));
      if (CONTENT_ACTIONS.has(action)) await markContentChanged(tx, rideId);
      await appendTripEvent(tx, rideId, user?.id ?? null, change);
      await deps.changes.publish(tx, { kind: 'ride', rideId });
      return done;
    });
    await deps.changes.afterCommit({ kind: 'ride', rideId });
    return result;
  };
}

export type TripEditor = ReturnType<typeof createTripEditor>;
