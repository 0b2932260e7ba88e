import { eq, sql } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client.js';
import { rides, rideWhiteLabelPermissions, subdomainThemes } from '../../db/schema/index.js';
import { tripFields } from '../../db/selections.js';

/**
 * The first statement of every change of a trip: SELECT ... FOR UPDATE of the ride row, in the change's transaction.
 * A second change of the same trip waits here until the first commits and then reads the trip as the first left it,
 * so no update is lost and the day order is never computed from stale dates. On PostgreSQL this is the row lock; on
 * PGlite (one session) transactions already run one at a time and the same statement is simply granted.
 * The sub-domain theme's manager comes along for the edit policy (outer join, so only the ride row is locked).
 */
const lockedColumns = {
  ...tripFields,
  photosAlbumLink: rides.photosAlbumLink,
  subdomainManagerId: subdomainThemes.userId,
  /** The sub-domain manager lets the clients of this white-label trip edit it (decision 0030). */
  clientsMayEdit: sql<boolean>`coalesce(${rideWhiteLabelPermissions.usersMayEdit}, false)`,
};

/** The trip's row with its sub-domain theme's manager: the one query both reads below run. */
const selectTrip = (db: Database | Transaction, rideId: number) =>
  db
    .select(lockedColumns)
    .from(rides)
    .leftJoin(subdomainThemes, eq(subdomainThemes.subdomain, rides.subdomain))
    .leftJoin(rideWhiteLabelPermissions, eq(rideWhiteLabelPermissions.rideId, rides.id))
    .where(eq(rides.id, rideId));

export type LockedTrip = Awaited<ReturnType<typeof lockRide>>;

/** Locks the trip for the rest of the transaction and answers it; undefined when there is no such trip. */
export async function lockRide(tx: Transaction, rideId: number) {
  const [row] = await selectTrip(tx, rideId).for('update', { of: rides });
  return row;
}

/** Writes new first and last days. */
export async function setTripDates(
  tx: Transaction,
  rideId: number,
  startDate: string,
  endDate: string,
): Promise<void> {
  await tx.update(rides).set({ startDate, endDate }).where(eq(rides.id, rideId));
}

/** The author changed the trip's content now (a copy then stands on its own in search). */
export async function markContentChanged(tx: Transaction, rideId: number): Promise<void> {
  await tx
    .update(rides)
    .set({ contentChangedAt: sql`now()` })
    .where(eq(rides.id, rideId));
}

/**
 * The same facts without a lock, outside any transaction: a cheap refusal before slow work that must not run under
 * the lock (a maps-service call). The change itself decides again under the lock.
 */
export async function readTrip(db: Database, rideId: number) {
  const [row] = await selectTrip(db, rideId);
  return row;
}
