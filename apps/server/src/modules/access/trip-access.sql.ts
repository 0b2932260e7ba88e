import { and, eq, exists, isNull, or, sql, type SQL } from 'drizzle-orm';
import { alias, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { rideAttractions, rideAuthorizedUsers, rides, tripMembers } from '../../db/schema/index.js';

/**
 * The view policy (trip-access.policy.ts, decideTripView) as SQL, for the reads that are lists: a query cannot ask the
 * pure policy row by row, so this is its twin, built from the same facts (type, ride_manager_id, author_id,
 * ride_authorized_users). A table test (test/db/trip-access-sql.test.ts) runs both over every combination of the facts
 * and every kind of viewer, so the two cannot drift. Nothing else in the server writes "a trip is private" in SQL.
 *
 * An attraction is content of the trips that place it (decision 0023): whoever may view one of those trips may see it,
 * and its author always may (they wrote it). One that only private trips place is hidden from everyone else; one that
 * no trip places (created, then removed from its day) is its author's alone.
 */

type TripColumns = { id: AnyPgColumn; type: AnyPgColumn; rideManagerId: AnyPgColumn; authorId: AnyPgColumn };

/** Anyone may view it, signed in or not: the twin of `!isPrivateRide(ride)`. */
export const publicTrip = (r: Pick<TripColumns, 'type' | 'rideManagerId'>): SQL =>
  and(eq(r.type, 'public'), isNull(r.rideManagerId)) as SQL;

/**
 * The trips the viewer stands in personally: author, ride manager (planner), an authorised user or a member (any
 * role, issue 33). With `publicTrip`, the whole of decideTripView's `allowed` (viewableTrip).
 */
export function personalTrip(r: TripColumns, viewerId: number): SQL {
  const granted = exists(
    sql`(SELECT 1 FROM ${rideAuthorizedUsers} WHERE ${rideAuthorizedUsers.rideId} = ${r.id} AND ${rideAuthorizedUsers.userId} = ${viewerId})`,
  );
  const member = exists(
    sql`(SELECT 1 FROM ${tripMembers} WHERE ${tripMembers.rideId} = ${r.id} AND ${tripMembers.userId} = ${viewerId})`,
  );
  return or(eq(r.authorId, viewerId), eq(r.rideManagerId, viewerId), granted, member) as SQL;
}

/** decideTripView(ride, viewer).allowed, in SQL. `viewerId` null: a visitor who is not signed in. */
export const viewableTrip = (r: TripColumns, viewerId: number | null): SQL =>
  viewerId === null ? publicTrip(r) : (or(publicTrip(r), personalTrip(r, viewerId)) as SQL);

/** Whether this viewer may see the attraction: they wrote it, or a trip they may view places it. */
export function visibleAttraction(
  a: { id: AnyPgColumn; authorId: AnyPgColumn },
  viewerId: number | null,
): SQL {
  const ra = alias(rideAttractions, 'seen_ra');
  const r = alias(rides, 'seen_r');
  const placedInViewable = exists(
    sql`(SELECT 1 FROM ${rideAttractions} ${sql.identifier('seen_ra')} INNER JOIN ${rides} ${sql.identifier('seen_r')} ON ${r.id} = ${ra.rideId}
         WHERE ${ra.attractionId} = ${a.id} AND ${viewableTrip(r, viewerId)})`,
  );
  return viewerId === null ? placedInViewable : (or(eq(a.authorId, viewerId), placedInViewable) as SQL);
}
