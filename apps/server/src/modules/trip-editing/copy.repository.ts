import { and, asc, eq, sql } from 'drizzle-orm';
import type { Transaction } from '../../db/client.js';
import { rides, type NewRide } from '../../db/schema/index.js';

/**
 * SQL of copying a trip (add_ride_to_user_api) and of resetting a copy to its base (reset_ride_to_original_order_api).
 * Rows are copied inside the database (INSERT ... SELECT): a 60-day trip is four statements, whatever its size.
 * Stored text is copied as stored: every writer sanitises when it stores (lib/sanitize-html.ts). A copied stay or note
 * keeps its original row's lineage id (or the original row's id): who it is across copies (issue 37, decision 0075).
 */

/** The user's earlier copy of a trip (the oldest), if any. */
export async function findCopy(
  tx: Transaction,
  userId: number,
  originalId: number,
): Promise<number | undefined> {
  const [row] = await tx
    .select({ id: rides.id })
    .from(rides)
    .where(and(eq(rides.authorId, userId), eq(rides.basedRideId, originalId)))
    .orderBy(asc(rides.id))
    .limit(1);
  return row?.id;
}

export async function insertTrip(tx: Transaction, values: NewRide): Promise<number> {
  const [row] = await tx.insert(rides).values(values).returning({ id: rides.id });
  return (row as { id: number }).id;
}

/** Places the activities of `from` on `to`, `dayOffset` days later (same order, same times). */
export async function copyPlacements(
  tx: Transaction,
  from: number,
  to: number,
  dayOffset: number,
): Promise<void> {
  await tx.execute(sql`
    INSERT INTO ride_attractions (ride_id, attraction_id, planned_date, time_of_day, position)
    SELECT ${to}, attraction_id, planned_date + ${sql.raw(String(Math.trunc(dayOffset)))}, time_of_day, position
    FROM ride_attractions WHERE ride_id = ${from}`);
}

/**
 * The stays of `from` become the copy's suggestions (status base_trip_accomodation): the copy's traveller has booked
 * none of them, and another traveller's booking confirmation never travels with a copy.
 */
export async function copyStaysAsSuggestions(tx: Transaction, from: number, to: number): Promise<void> {
  await tx.execute(sql`
    INSERT INTO accommodations (ride_id, name, country_and_city, address, navigation_address, link, text, image_url, rate, lat, lng,
                                check_in_date, check_out_date, booking_confirmation, status, ordered_by_user,
                                parallel_ride_accommodation_id, lineage_id)
    SELECT ${to}, name, country_and_city, address, navigation_address, link, text, image_url, rate, lat, lng,
           check_in_date, check_out_date, NULL, 'base_trip_accomodation', false, NULL, COALESCE(lineage_id, id::text)
    FROM accommodations WHERE ride_id = ${from} ORDER BY check_in_date, id`);
}

/** A duplicate by the author keeps the stays as they are (their own bookings included). */
export async function copyStaysAsTheyAre(tx: Transaction, from: number, to: number): Promise<void> {
  await tx.execute(sql`
    INSERT INTO accommodations (ride_id, name, country_and_city, address, navigation_address, link, text, image_url, rate, lat, lng,
                                check_in_date, check_out_date, booking_confirmation, status, ordered_by_user,
                                parallel_ride_accommodation_id, lineage_id)
    SELECT ${to}, name, country_and_city, address, navigation_address, link, text, image_url, rate, lat, lng,
           check_in_date, check_out_date, booking_confirmation, status, ordered_by_user, parallel_ride_accommodation_id,
           COALESCE(lineage_id, id::text)
    FROM accommodations WHERE ride_id = ${from} ORDER BY check_in_date, id`);
}

/** Trip-wide sections and day notes. */
export async function copyExtraInformation(tx: Transaction, from: number, to: number): Promise<void> {
  await tx.execute(sql`
    INSERT INTO ride_extra_information (ride_id, title, text, date, lineage_id)
    SELECT ${to}, title, text, date, COALESCE(lineage_id, id::text)
    FROM ride_extra_information WHERE ride_id = ${from} ORDER BY date NULLS FIRST, id`);
}

/** Removes every activity of a trip (reset re-places the base trip's). */
export async function deletePlacements(tx: Transaction, rideId: number): Promise<void> {
  await tx.execute(sql`DELETE FROM ride_attractions WHERE ride_id = ${rideId}`);
}
