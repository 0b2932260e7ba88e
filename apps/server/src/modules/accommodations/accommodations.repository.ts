import type { AccommodationValues } from '@rides/contract';
import { and, asc, eq, gt, lt, ne, sql } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client.js';
import { accommodations, type AccommodationStatus } from '../../db/schema/index.js';

/** The stays of a trip (000 §3 Accommodation): the SQL of the accommodation calls. */

/** The trip of a stay, read without a lock (the change then locks that trip and reads the stay again). */
export async function tripIdOfAccommodation(db: Database, id: number): Promise<number | undefined> {
  const [row] = await db
    .select({ rideId: accommodations.rideId })
    .from(accommodations)
    .where(eq(accommodations.id, id));
  return row?.rideId;
}

export async function findAccommodation(tx: Transaction, rideId: number, id: number) {
  const [row] = await tx
    .select({
      id: accommodations.id,
      status: accommodations.status,
      orderedByUser: accommodations.orderedByUser,
      checkInDate: accommodations.checkInDate,
      checkOutDate: accommodations.checkOutDate,
    })
    .from(accommodations)
    .where(and(eq(accommodations.id, id), eq(accommodations.rideId, rideId)));
  return row;
}

/** The first stay of the same status whose nights meet [checkIn, checkOut), other than `exceptId`. */
export async function overlappingStay(
  tx: Transaction,
  rideId: number,
  status: AccommodationStatus,
  checkIn: string,
  checkOut: string,
  exceptId: number | null,
) {
  const [row] = await tx
    .select({ id: accommodations.id, name: accommodations.name })
    .from(accommodations)
    .where(
      and(
        eq(accommodations.rideId, rideId),
        eq(accommodations.status, status),
        lt(accommodations.checkInDate, checkOut),
        gt(accommodations.checkOutDate, checkIn),
        exceptId === null ? undefined : ne(accommodations.id, exceptId),
      ),
    )
    .orderBy(asc(accommodations.checkInDate))
    .limit(1);
  return row;
}

/**
 * The original trip's suggestion (status base_trip_accomodation, in this copy) that shares the most nights with
 * [checkIn, checkOut): the stay a booking stands in for (paralel_ride_accommodation). Ties: the earlier.
 */
export async function parallelSuggestion(
  tx: Transaction,
  rideId: number,
  checkIn: string,
  checkOut: string,
): Promise<number | null> {
  const [row] = await tx
    .select({ id: accommodations.id })
    .from(accommodations)
    .where(
      and(
        eq(accommodations.rideId, rideId),
        eq(accommodations.status, 'base_trip_accomodation'),
        lt(accommodations.checkInDate, checkOut),
        gt(accommodations.checkOutDate, checkIn),
      ),
    )
    .orderBy(
      sql`least(${accommodations.checkOutDate}, ${checkOut}::date) - greatest(${accommodations.checkInDate}, ${checkIn}::date) DESC`,
      asc(accommodations.checkInDate),
    )
    .limit(1);
  return row?.id ?? null;
}

const columnsOf = (v: AccommodationValues) => ({
  name: v.name,
  countryAndCity: v.countryAndCity,
  address: v.address,
  navigationAddress: v.navigationAddress,
  link: v.link,
  text: v.text,
  imageUrl: v.imageUrl,
  rate: v.rate,
  lat: v.lat,
  lng: v.lng,
  bookingConfirmation: v.bookingConfirmation,
  checkInDate: v.checkInDate,
  checkOutDate: v.checkOutDate,
});

export async function insertAccommodation(
  tx: Transaction,
  rideId: number,
  values: AccommodationValues,
  extra: { status: AccommodationStatus; orderedByUser: boolean; parallelRideAccommodationId: number | null },
): Promise<number> {
  const [row] = await tx
    .insert(accommodations)
    .values({ rideId, ...columnsOf(values), ...extra })
    .returning({ id: accommodations.id });
  if (!row) throw new Error('accommodation not inserted');
  return row.id;
}

export async function updateAccommodation(
  tx: Transaction,
  id: number,
  values: AccommodationValues,
  parallelRideAccommodationId: number | null | undefined,
): Promise<void> {
  await tx
    .update(accommodations)
    .set({
      ...columnsOf(values),
      ...(parallelRideAccommodationId === undefined ? {} : { parallelRideAccommodationId }),
    })
    .where(eq(accommodations.id, id));
}

/** A stay's confirmation number (a booking brought in by its confirmation, issue 34). */
export async function setBookingConfirmation(tx: Transaction, id: number, confirmation: string): Promise<void> {
  await tx.update(accommodations).set({ bookingConfirmation: confirmation }).where(eq(accommodations.id, id));
}

export async function deleteAccommodation(tx: Transaction, id: number): Promise<void> {
  await tx.delete(accommodations).where(eq(accommodations.id, id));
}
