import { and, asc, eq, gt, inArray, lte, or, sql } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client.js';
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
  'trip' | 'days' | 'activities' | 'stays' | 'texts' | 'members' | 'comments' | 'votes' | 'lists' | 'money';

export interface TripChangeTarget {
  /** Days of the trip, YYYY-MM-DD. */
  days?: string[];
  /** Activities of the trip, by their attraction's id (a trip places an attraction once; every activity call names it so). */
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
  // Pruned now and then, in the change's own transaction (it holds the ride's lock): the log keeps what a
  // reconnecting page or an If-Match check may still ask for; a client further behind is told to reload (0064).
  if (row.version % PRUNE_EVERY === 0) await pruneTripEvents(tx, rideId, row.version);
  return row.version;
}

/** A trip's log keeps its last KEEP_EVENTS changes, and none older than KEEP_DAYS (decision 0064). */
export const KEEP_EVENTS = 1_000;
export const KEEP_DAYS = 7;
const PRUNE_EVERY = 50;

/** Drops the rows of the trip's log it no longer keeps (never the newest, `version`). */
export async function pruneTripEvents(
  q: Database | Transaction,
  rideId: number,
  version: number,
): Promise<void> {
  await q
    .delete(tripEvents)
    .where(
      and(
        eq(tripEvents.rideId, rideId),
        lte(tripEvents.version, version - 1),
        or(
          lte(tripEvents.version, version - KEEP_EVENTS),
          sql`${tripEvents.createdAt} < now() - make_interval(days => ${KEEP_DAYS})`,
        ),
      ),
    );
}

/** The trip's version now; null when there is no such trip. */
export async function tripVersion(db: Database, rideId: number): Promise<number | null> {
  const [row] = await db.select({ version: rides.version }).from(rides).where(eq(rides.id, rideId));
  return row?.version ?? null;
}

export interface TripEventRow {
  version: number;
  type: string;
  target: Record<string, unknown>;
  userId: number | null;
  userName: string | null;
}

/** A row of the log with its writer's name, as both readers below answer it. */
const eventColumns = {
  version: tripEvents.version,
  type: tripEvents.type,
  target: tripEvents.target,
  userId: tripEvents.userId,
  userName: users.userName,
};

/**
 * The trip's changes after `after`, up to its version now (`head`, read first: a version that committed means every
 * one before it did, as the ride row's lock orders them, so the rows up to it are complete unless pruned), at most
 * `limit` of them, oldest first. `head` null: no such trip.
 */
export async function tripEventsSince(
  db: Database,
  rideId: number,
  after: number,
  limit: number,
): Promise<{ head: number | null; events: TripEventRow[] }> {
  const head = await tripVersion(db, rideId);
  if (head === null || head <= after) return { head, events: [] };
  const events = await db
    .select(eventColumns)
    .from(tripEvents)
    .leftJoin(users, eq(users.id, tripEvents.userId))
    .where(and(eq(tripEvents.rideId, rideId), gt(tripEvents.version, after), lte(tripEvents.version, head)))
    .orderBy(asc(tripEvents.version))
    .limit(limit);
  return { head, events };
}

/** A change written after a version, with who made it and when (the 409 trip_changed_meanwhile answer says it). */
export interface TripChangeSince extends TripEventRow {
  at: string;
}

/**
 * The changes of a trip written after `version`, oldest first (at most `limit`), read under the edit's lock: what an
 * edit sent with a stale If-Match is compared with (decision 0065). Versions are given one at a time with a row each,
 * so fewer rows than the versions between says the log was pruned past `version`.
 */
export async function tripChangesSince(
  tx: Transaction,
  rideId: number,
  version: number,
  limit = 1000,
): Promise<TripChangeSince[]> {
  const rows = await tx
    .select({ ...eventColumns, at: tripEvents.createdAt })
    .from(tripEvents)
    .leftJoin(users, eq(users.id, tripEvents.userId))
    .where(and(eq(tripEvents.rideId, rideId), gt(tripEvents.version, version)))
    .orderBy(asc(tripEvents.version))
    .limit(limit);
  return rows.map((r) => ({ ...r, at: r.at.toISOString() }));
}

/** Users' names, for presence. */
export async function userNames(db: Database, ids: number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: users.id, name: users.userName })
    .from(users)
    .where(inArray(users.id, ids));
  return new Map(rows.map((r) => [r.id, r.name]));
}

/** The channel presence travels on between processes (not the change feed's: it changes no cache). */
export const PRESENCE_CHANNEL = 'rides_presence';

/** Tells every process (PostgreSQL) about a presence; delivered at once (no transaction). */
export async function publishPresence(db: Database, payload: string): Promise<void> {
  await db.execute(sql`SELECT pg_notify(${PRESENCE_CHANNEL}, ${payload})`);
}
