import { and, asc, eq, isNotNull } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client.js';
import { rides, subdomainThemes, type NewRide } from '../../db/schema/index.js';

/**
 * SQL of the trip information form (add_ride_api, ride_information_api, update_ride_information_api). A new trip is
 * inserted with copy.repository's insertTrip; the day shift of a new start date is days.repository's (the service
 * composes them). Everything that writes runs in the caller's transaction, after the trip's row lock.
 */

/** The sub-domains whose theme the user manages (000 §6: "a user whose id matches a theme configuration's userId"). */
export async function managedSubdomains(db: Database | Transaction, userId: number): Promise<string[]> {
  const rows = await db
    .select({ subdomain: subdomainThemes.subdomain })
    .from(subdomainThemes)
    .where(and(eq(subdomainThemes.userId, userId), isNotNull(subdomainThemes.subdomain)))
    .orderBy(asc(subdomainThemes.id));
  return rows.flatMap((r) => (r.subdomain ? [r.subdomain] : []));
}

/** The form's own columns of a trip (the dates are written by setTripDates). */
export type TripInformationColumns = Pick<
  NewRide,
  | 'title'
  | 'text'
  | 'photosAlbumLink'
  | 'numberOfAdult'
  | 'numberOfTeen'
  | 'numberOfChild'
  | 'physicalDisabilities'
  | 'type'
  | 'rideManagerId'
  | 'subdomain'
  | 'isLocked'
>;

export async function updateRideInformation(
  tx: Transaction,
  rideId: number,
  values: Partial<TripInformationColumns>,
): Promise<void> {
  await tx.update(rides).set(values).where(eq(rides.id, rideId));
}
