import { eq, sql } from 'drizzle-orm';
import type { Transaction } from '../../db/client.js';
import { rides, tripEvents } from '../../db/schema/index.js';

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
  await tx
    .insert(tripEvents)
    .values({
      rideId,
      version: row.version,
      type: change.type,
      target: change.target ?? { all: true },
      userId,
    });
  return row.version;
}
