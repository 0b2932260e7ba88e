import { and, asc, eq, gt, sql } from 'drizzle-orm';
import type { Transaction } from '../../db/client.js';
import { rides, tripEvents, users } from '../../db/schema/index.js';

/**
 * What a change did to a trip (issue 33, decision 0062), as its row of trip_events says it: its `type` (what kind of
 * thing changed) and its `target` (which days, placements, stays or fields; `all` when the writer cannot say, which
 * clashes with every other edit). Live pages read it to refresh in place; the If-Match check compares targets.
 */
export interface TripChange {
  type: TripChangeType;
  target?: TripChangeTarget;
}

export type TripChangeType =
  'trip' | 'days' | 'activities' | 'stays' | 'texts' | 'members' | 'comments' | 'votes' | 'lists';

export interface TripChangeTarget {
  /** Days of the trip, YYYY-MM-DD. */
  days?: string[];
  /** ride_attractions rows. */
  placements?: number[];
  /** accommodations rows. */
  stays?: number[];
  /** Trip-wide fields (title, text, dates, party, ...). */
  fields?: string[];
  /** Anything of the trip: clashes with every edit. */
  all?: true;
  /** Ids the listeners need that no edit clashes on (a comment's, a list's). */
  [detail: string]: unknown;
}

/**
 * Writes a change of the trip: bumps rides.version and writes its row of trip_events with the new version, in the
 * change's transaction. The UPDATE takes the ride row's lock (editTrip holds it already), so versions are given one
 * at a time and in commit order. Answers the new version.
 */
export async function appendTripEvent(
  tx: Transaction,
  rideId: number,
  userId: number | null,
  change: TripChange,
): Promise<number> {
  const [row] = await tx
    .update(rides)
    .set({ version: sql`${rides.version} + 1` })
    .where(eq(rides.id, rideId))
    .returning({ version: rides.version });
  if (!row) throw new Error(`appendTripEvent: no trip ${rideId}`);
  await tx.insert(tripEvents).values({
    rideId,
    version: row.version,
    type: change.type,
    target: change.target ?? { all: true },
    userId,
  });
  return row.version;
}

/** A change written after a version, with who made it (the 409 trip_changed_meanwhile answer says it). */
export interface TripEventSince {
  version: number;
  type: string;
  target: Record<string, unknown>;
  userId: number | null;
  userName: string | null;
  at: string;
}

/**
 * The changes of a trip written after `version`, oldest first (at most `limit`): what an edit sent with a stale
 * If-Match is compared with (decision 0065). Versions are given one at a time with a row each, so fewer rows than
 * the versions between says the log was pruned past `version`.
 */
export async function tripEventsSince(
  tx: Transaction,
  rideId: number,
  version: number,
  limit = 1000,
): Promise<TripEventSince[]> {
  const rows = await tx
    .select({
      version: tripEvents.version,
      type: tripEvents.type,
      target: tripEvents.target,
      userId: tripEvents.userId,
      userName: users.userName,
      at: tripEvents.createdAt,
    })
    .from(tripEvents)
    .leftJoin(users, eq(users.id, tripEvents.userId))
    .where(and(eq(tripEvents.rideId, rideId), gt(tripEvents.version, version)))
    .orderBy(asc(tripEvents.version))
    .limit(limit);
  return rows.map((r) => ({ ...r, at: r.at.toISOString() }));
}
