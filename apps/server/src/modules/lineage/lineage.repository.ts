import type { TripContent } from '@rides/contract';
import { asc, eq } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client.js';
import {
  accommodations,
  rideAttractions,
  rideExtraInformation,
  rides,
  tripLineage,
  type LineageKind,
} from '../../db/schema/index.js';
import { dayIdsOf } from './day-ids.js';
import { tripContentOf } from './trip-content.js';

/** SQL of living copies (issue 37, decision 0075): the days' ids, a trip's content, the lineage rows. */

type Db = Database | Transaction;

/** The stored day ids of a trip (null: not assigned yet; undefined: no such trip). */
async function storedDayIds(db: Db, rideId: number): Promise<string[] | null | undefined> {
  const [row] = await db.select({ dayIds: rides.dayIds }).from(rides).where(eq(rides.id, rideId));
  return row?.dayIds;
}

/**
 * A day call's change of the trip's day ids (insert, remove, resize: day-ids.ts), in the call's transaction under the
 * trip's lock. A trip whose ids were never assigned is left so: its index ids follow its days by construction.
 */
export async function editDayIds(
  tx: Transaction,
  rideId: number,
  edit: (ids: string[]) => string[],
): Promise<void> {
  const ids = await storedDayIds(tx, rideId);
  if (!ids) return;
  await tx
    .update(rides)
    .set({ dayIds: edit(ids) })
    .where(eq(rides.id, rideId));
}

/** The trip's day ids, assigned (written) now if they were not: a copy is about to be compared on them. */
export async function materialiseDayIds(
  tx: Transaction,
  rideId: number,
  dayCount: number,
): Promise<string[]> {
  const stored = await storedDayIds(tx, rideId);
  const ids = dayIdsOf(stored ?? null, dayCount);
  if (stored === null || stored === undefined || stored.length !== ids.length)
    await tx.update(rides).set({ dayIds: ids }).where(eq(rides.id, rideId));
  return ids;
}

export async function setDayIds(tx: Transaction, rideId: number, ids: string[]): Promise<void> {
  await tx.update(rides).set({ dayIds: ids }).where(eq(rides.id, rideId));
}

/** A trip's content on stable identities with its version and title; undefined when there is no such trip. */
export async function readTripContent(
  db: Db,
  rideId: number,
): Promise<{ content: TripContent; version: number; authorId: number } | undefined> {
  const [trip] = await db
    .select({
      title: rides.title,
      text: rides.text,
      startDate: rides.startDate,
      endDate: rides.endDate,
      dayIds: rides.dayIds,
      version: rides.version,
      authorId: rides.authorId,
    })
    .from(rides)
    .where(eq(rides.id, rideId));
  if (!trip) return undefined;
  const placements = await db
    .select({
      attractionId: rideAttractions.attractionId,
      plannedDate: rideAttractions.plannedDate,
      timeOfDay: rideAttractions.timeOfDay,
    })
    .from(rideAttractions)
    .where(eq(rideAttractions.rideId, rideId))
    .orderBy(asc(rideAttractions.plannedDate), asc(rideAttractions.position), asc(rideAttractions.id));
  const stays = await db
    .select({
      id: accommodations.id,
      lineageId: accommodations.lineageId,
      name: accommodations.name,
      address: accommodations.address,
      link: accommodations.link,
      text: accommodations.text,
      lat: accommodations.lat,
      lng: accommodations.lng,
      checkInDate: accommodations.checkInDate,
      checkOutDate: accommodations.checkOutDate,
    })
    .from(accommodations)
    .where(eq(accommodations.rideId, rideId))
    .orderBy(asc(accommodations.id));
  const notes = await db
    .select({
      id: rideExtraInformation.id,
      lineageId: rideExtraInformation.lineageId,
      title: rideExtraInformation.title,
      text: rideExtraInformation.text,
      date: rideExtraInformation.date,
    })
    .from(rideExtraInformation)
    .where(eq(rideExtraInformation.rideId, rideId))
    .orderBy(asc(rideExtraInformation.id));
  return {
    content: tripContentOf(trip, placements, stays, notes),
    version: trip.version,
    authorId: trip.authorId,
  };
}

export async function insertLineage(
  tx: Transaction,
  row: { rideId: number; originRideId: number; kind: LineageKind; base: TripContent; baseVersion: number },
): Promise<void> {
  await tx.insert(tripLineage).values(row);
}

export interface LineageRow {
  originRideId: number | null;
  kind: LineageKind;
  base: TripContent;
  baseVersion: number;
  notify: boolean;
}

export async function readLineage(db: Db, rideId: number): Promise<LineageRow | undefined> {
  const [row] = await db
    .select({
      originRideId: tripLineage.originRideId,
      kind: tripLineage.kind,
      base: tripLineage.base,
      baseVersion: tripLineage.baseVersion,
      notify: tripLineage.notify,
    })
    .from(tripLineage)
    .where(eq(tripLineage.rideId, rideId));
  return row;
}
