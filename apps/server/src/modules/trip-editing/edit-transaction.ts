import type { Changes } from '../../changes.js';
import type { Database, Transaction } from '../../db/client.js';
import { AppError } from '../../lib/errors.js';
import type { SessionUser } from '../../plugins/auth.js';
import { isTripClient } from '../one-time-links/one-time-links.repository.js';
import {
  appendTripEvent,
  tripChangesSince,
  type TripChange,
  type TripChangeSince,
} from '../trip-events/trip-events.repository.js';
import { decideClash } from '../access/edit-clash.policy.js';
import { currentPrecondition, parseIfMatch } from './edit-precondition.js';
import { memberRoleOf } from '../trip-members/trip-members.repository.js';
import {
  CONTENT_ACTIONS,
  decideEdit,
  type EditAction,
  type EditDecision,
  type EditFacts,
} from '../access/edit.policy.js';
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

export interface EditOptions {
  /**
   * The version the caller read (If-Match; decision 0065). Left out: the request's If-Match header, if any
   * (edit-precondition.ts); null: no condition even when the request has one.
   */
  ifMatch?: number | null;
  /**
   * The edit is decided as this user, and written (trip_events) as `user`: a planner's push into a client's copy
   * (issue 37 point 4) is the planner's act, under the rights of the copy's owner (their lock refuses it).
   */
  as?: SessionUser;
}

/** An edit's refusals that, on a stale version, mean what it edits changed since (a 409 instead). */
const GONE_SINCE: ReadonlySet<string> = new Set(['not_found', 'day_not_in_trip_range']);

/** The changes an answer 409 trip_changed_meanwhile lists (at most this many, newest last). */
const MAX_LISTED_CHANGES = 50;

/** 409 trip_changed_meanwhile: the trip's current version and what changed since the caller's, by whom. */
function changedMeanwhile(version: number, since: TripChangeSince[]): AppError {
  return new AppError('trip_changed_meanwhile', undefined, {
    version,
    changes: since.slice(-MAX_LISTED_CHANGES).map((e) => ({
      version: e.version,
      type: e.type,
      target: e.target,
      userId: e.userId,
      userName: e.userName,
      at: e.at,
    })),
  });
}

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
  return decideEdit(await editFactsFor(db, ride, user), user, action);
}

/** The edit policy's facts of this trip and user (the ride row and what only a query says: client, member). */
export async function editFactsFor(
  db: Database | Transaction,
  ride: LockedTrip & object,
  user: SessionUser | null,
): Promise<EditFacts> {
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
  return { ...ride, editorIsClient, memberRole };
}

export function createTripEditor(deps: TripEditorDeps) {
  return async function editRide<T>(
    rideId: number,
    user: SessionUser | null,
    action: EditAction,
    work: EditWork<T>,
    options: EditOptions = {},
  ): Promise<T> {
    const request = currentPrecondition();
    // A malformed If-Match is refused before anything is locked (400 invalid_version).
    const ifMatch =
      options.ifMatch === undefined ? parseIfMatch(request?.ifMatch) : (options.ifMatch ?? undefined);
    let newVersion = 0;
    const result = await deps.db.transaction(async (tx) => {
      const ride = await lockRide(tx, rideId);
      if (!ride) throw new AppError('not_found');
      const decision = await decideEditFor(tx, ride, options.as ?? user, action);
      if (!decision.allowed) throw new AppError(decision.code);
      // A version this server never gave (ahead of the trip's): not a stale page, a wrong header.
      if (ifMatch !== undefined && ifMatch > ride.version) throw new AppError('invalid_version');
      const stale = ifMatch !== undefined && ifMatch < ride.version;
      let change: TripChange = { type: 'trip', target: { all: true } };
      let done: T;
      try {
        done = await work(tx, ride, (noted) => (change = noted));
      } catch (err) {
        // What the caller edits is gone or changed shape since the version it read (a removed activity, a day no
        // longer in the trip): tell them the trip changed, not that their edit is wrong.
        if (stale && err instanceof AppError && GONE_SINCE.has(err.code))
          throw changedMeanwhile(ride.version, await tripChangesSince(tx, rideId, ifMatch));
        throw err;
      }
      if (stale) {
        // Under the row lock: the changes since the caller's version are all written and no other can come.
        const since = await tripChangesSince(tx, rideId, ifMatch);
        const complete = since.length === ride.version - ifMatch;
        // Throwing rolls back the edit already run above: nothing of it is applied.
        if (decideClash(change, since, complete).clash) throw changedMeanwhile(ride.version, since);
      }
      if (CONTENT_ACTIONS.has(action)) await markContentChanged(tx, rideId);
      newVersion = await appendTripEvent(tx, rideId, user?.id ?? null, change);
      await deps.changes.publish(tx, { kind: 'ride', rideId });
      return done;
    });
    if (request) request.newVersion = newVersion;
    await deps.changes.afterCommit({ kind: 'ride', rideId });
    return result;
  };
}

export type TripEditor = ReturnType<typeof createTripEditor>;
