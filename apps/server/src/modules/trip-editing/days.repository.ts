import { and, asc, eq, gt, inArray, sql } from 'drizzle-orm';
import type { Transaction } from '../../db/client.js';
import { accommodations, rideAttractions, rideExtraInformation } from '../../db/schema/index.js';

/**
 * SQL of the day calls (add, remove, move a day's activities, change the trip's dates). Each function runs in the
 * caller's transaction, after the trip's row lock (edit-transaction.ts). Dates are `date` columns: `date + n` is
 * calendar arithmetic in the database, with no time zone.
 */

/** The trip has accommodation the traveller ordered (ordered_by_user): day changes then need /force (000 §4). */
export async function hasOrderedAccommodation(tx: Transaction, rideId: number): Promise<boolean> {
  const rows = await tx
    .select({ id: accommodations.id })
    .from(accommodations)
    .where(and(eq(accommodations.rideId, rideId), eq(accommodations.orderedByUser, true)))
    .limit(1);
  return rows.length > 0;
}

/**
 * Moves everything dated after `after` by `delta` days: activities, day notes, and accommodation check-in and
 * check-out dates (each date on its own, so a stay over the changed day grows or shrinks by a night and the nights
 * stay covered without a gap). `after` null moves everything (a new start date).
 */
export async function shiftDatesAfter(
  tx: Transaction,
  rideId: number,
  after: string | null,
  delta: number,
): Promise<void> {
  if (delta === 0) return;
  const d = sql.raw(String(Math.trunc(delta)));
  const later = <C extends typeof rideAttractions.plannedDate | typeof rideExtraInformation.date>(col: C) =>
    after === null ? undefined : gt(col, after);
  await tx
    .update(rideAttractions)
    .set({ plannedDate: sql`${rideAttractions.plannedDate} + ${d}` })
    .where(and(eq(rideAttractions.rideId, rideId), later(rideAttractions.plannedDate)));
  await tx
    .update(rideExtraInformation)
    .set({ date: sql`${rideExtraInformation.date} + ${d}` })
    .where(
      and(
        eq(rideExtraInformation.rideId, rideId),
        sql`${rideExtraInformation.date} IS NOT NULL`,
        later(rideExtraInformation.date),
      ),
    );
  const moves = (col: typeof accommodations.checkInDate | typeof accommodations.checkOutDate) =>
    after === null ? sql`${col} + ${d}` : sql`CASE WHEN ${col} > ${after} THEN ${col} + ${d} ELSE ${col} END`;
  await tx
    .update(accommodations)
    .set({ checkInDate: moves(accommodations.checkInDate), checkOutDate: moves(accommodations.checkOutDate) })
    .where(
      and(
        eq(accommodations.rideId, rideId),
        after === null ? undefined : gt(accommodations.checkOutDate, after),
      ),
    );
}

/** The position after the last activity of a day (activities moved or added there go last). */
export async function nextPosition(tx: Transaction, rideId: number, date: string): Promise<number> {
  const [row] = await tx
    .select({ next: sql<number>`coalesce(max(${rideAttractions.position}) + 1, 0)::int` })
    .from(rideAttractions)
    .where(and(eq(rideAttractions.rideId, rideId), eq(rideAttractions.plannedDate, date)));
  return row?.next ?? 0;
}

/** Moves every activity of day `from` to the end of day `to`, keeping their order. Answers how many moved. */
export async function moveDayActivities(
  tx: Transaction,
  rideId: number,
  from: string,
  to: string,
): Promise<number> {
  if (from === to) return 0;
  const base = await nextPosition(tx, rideId, to);
  const moved = await tx
    .update(rideAttractions)
    .set({ plannedDate: to, position: sql`${rideAttractions.position} + ${base}` })
    .where(and(eq(rideAttractions.rideId, rideId), eq(rideAttractions.plannedDate, from)))
    .returning({ id: rideAttractions.id });
  return moved.length;
}

/** Removes the activities of one day from the trip (the attractions themselves stay in the catalogue). */
export async function deleteDayActivities(tx: Transaction, rideId: number, date: string): Promise<void> {
  await tx
    .delete(rideAttractions)
    .where(and(eq(rideAttractions.rideId, rideId), eq(rideAttractions.plannedDate, date)));
}

/** Deletes the notes of one day (000 §4: removing a day loses its extra information, permanently). */
export async function deleteDayNotes(tx: Transaction, rideId: number, date: string): Promise<void> {
  await tx
    .delete(rideExtraInformation)
    .where(and(eq(rideExtraInformation.rideId, rideId), eq(rideExtraInformation.date, date)));
}

/**
 * Stays left without a night by a removed day (check-in = check-out). Suggestions are deleted; an ordered stay is
 * kept (its booking confirmation is the traveller's; they were told to update their hotels).
 */
export async function deleteEmptyStays(tx: Transaction, rideId: number): Promise<void> {
  await tx
    .delete(accommodations)
    .where(
      and(
        eq(accommodations.rideId, rideId),
        eq(accommodations.checkInDate, accommodations.checkOutDate),
        eq(accommodations.orderedByUser, false),
      ),
    );
}

/** The last date anything of the trip is on (activities, day notes, check-ins), or null when it has nothing dated. */
export async function lastContentDate(tx: Transaction, rideId: number): Promise<string | null> {
  const result = await tx.execute<{ last: string | null }>(sql`
    SELECT greatest(
      (SELECT max(planned_date) FROM ride_attractions WHERE ride_id = ${rideId}),
      (SELECT max(date) FROM ride_extra_information WHERE ride_id = ${rideId}),
      (SELECT max(check_in_date) FROM accommodations WHERE ride_id = ${rideId})
    )::text AS last`);
  return result.rows[0]?.last ?? null;
}

/** A day's activities (attraction ids) in the order the trip's read gives them: position, then id. */
export async function dayOrderOf(tx: Transaction, rideId: number, date: string): Promise<number[]> {
  const rows = await tx
    .select({ id: rideAttractions.attractionId })
    .from(rideAttractions)
    .where(and(eq(rideAttractions.rideId, rideId), eq(rideAttractions.plannedDate, date)))
    .orderBy(asc(rideAttractions.position), asc(rideAttractions.id));
  return rows.map((r) => r.id);
}

/**
 * Gives a day's activities the positions 0..n-1 in `order` (attraction ids, every activity of the day once): one
 * statement, so the day is never half in one order and half in the other.
 */
export async function setDayPositions(
  tx: Transaction,
  rideId: number,
  date: string,
  order: readonly number[],
): Promise<void> {
  if (order.length === 0) return;
  const cases = sql.join(
    order.map((id, position) => sql`WHEN ${id} THEN ${position}`),
    sql` `,
  );
  await tx
    .update(rideAttractions)
    .set({ position: sql`(CASE ${rideAttractions.attractionId} ${cases} END)::int` })
    .where(
      and(
        eq(rideAttractions.rideId, rideId),
        eq(rideAttractions.plannedDate, date),
        inArray(rideAttractions.attractionId, [...order]),
      ),
    );
}
