import { and, asc, eq, getTableColumns, inArray, or } from 'drizzle-orm';
import type { Transaction } from '../../db/client.js';
import { accommodations, rideAttractions, rideExtraInformation, rides } from '../../db/schema/index.js';

/**
 * SQL of writing a TripContent back to a trip (write-content.ts, issue 37 point 3): the trip's rows as stored, whole
 * (a pull keeps the rows it deletes so its undo puts them back with the same ids), and the row-level writes. Every
 * function runs in the edit's transaction, under the trip's row lock.
 */

// Generated columns (geo_cell, geo_point) are the database's: never read back into an insert.
const { geoCell: _cell, geoPoint: _point, ...stayColumns } = getTableColumns(accommodations);
const activityColumns = getTableColumns(rideAttractions);
const noteColumns = getTableColumns(rideExtraInformation);

export type ActivityRecord = typeof rideAttractions.$inferSelect;
export type StayRecord = Omit<typeof accommodations.$inferSelect, 'geoCell' | 'geoPoint'>;
export type NoteRecord = typeof rideExtraInformation.$inferSelect;

export interface ContentRows {
  activities: ActivityRecord[];
  stays: StayRecord[];
  notes: NoteRecord[];
}

export async function readContentRows(tx: Transaction, rideId: number): Promise<ContentRows> {
  const activities = await tx
    .select(activityColumns)
    .from(rideAttractions)
    .where(eq(rideAttractions.rideId, rideId))
    .orderBy(asc(rideAttractions.id));
  const stays = await tx
    .select(stayColumns)
    .from(accommodations)
    .where(eq(accommodations.rideId, rideId))
    .orderBy(asc(accommodations.id));
  const notes = await tx
    .select(noteColumns)
    .from(rideExtraInformation)
    .where(eq(rideExtraInformation.rideId, rideId))
    .orderBy(asc(rideExtraInformation.id));
  return { activities, stays, notes };
}

/** The lineage keys of the trip's booked stays (ordered by the traveller, or a booking): a pull never changes them. */
export async function bookedStayKeys(tx: Transaction, rideId: number): Promise<Set<string>> {
  const rows = await tx
    .select({ id: accommodations.id, lineageId: accommodations.lineageId })
    .from(accommodations)
    .where(
      and(
        eq(accommodations.rideId, rideId),
        or(eq(accommodations.orderedByUser, true), eq(accommodations.status, 'booked')),
      ),
    );
  return new Set(rows.map((r) => r.lineageId ?? String(r.id)));
}

export async function setTripFields(
  tx: Transaction,
  rideId: number,
  fields: { title?: string; text?: string; endDate?: string; dayIds?: string[] },
): Promise<void> {
  if (Object.keys(fields).length === 0) return;
  await tx.update(rides).set(fields).where(eq(rides.id, rideId));
}

export async function deleteRows(
  tx: Transaction,
  rideId: number,
  ids: { activities: number[]; stays: number[]; notes: number[] },
): Promise<void> {
  if (ids.activities.length > 0)
    await tx
      .delete(rideAttractions)
      .where(and(eq(rideAttractions.rideId, rideId), inArray(rideAttractions.id, ids.activities)));
  if (ids.stays.length > 0)
    await tx
      .delete(accommodations)
      .where(and(eq(accommodations.rideId, rideId), inArray(accommodations.id, ids.stays)));
  if (ids.notes.length > 0)
    await tx
      .delete(rideExtraInformation)
      .where(and(eq(rideExtraInformation.rideId, rideId), inArray(rideExtraInformation.id, ids.notes)));
}

/** Rows kept as JSON (timestamps became texts) as they were: the same ids, every column. */
export async function reinsertRows(tx: Transaction, rows: ContentRows): Promise<void> {
  const dated = <T extends { createdAt: Date | string }>(r: T): T => {
    const out = { ...r, createdAt: new Date(r.createdAt) };
    if ('updatedAt' in r) Object.assign(out, { updatedAt: new Date(r.updatedAt as string) });
    return out;
  };
  if (rows.activities.length > 0) await tx.insert(rideAttractions).values(rows.activities.map(dated));
  if (rows.stays.length > 0) await tx.insert(accommodations).values(rows.stays.map(dated));
  if (rows.notes.length > 0) await tx.insert(rideExtraInformation).values(rows.notes.map(dated));
}

export async function updateActivity(
  tx: Transaction,
  id: number,
  set: Partial<Pick<ActivityRecord, 'plannedDate' | 'position' | 'timeOfDay'>>,
): Promise<void> {
  if (Object.keys(set).length > 0) await tx.update(rideAttractions).set(set).where(eq(rideAttractions.id, id));
}

export async function insertActivity(
  tx: Transaction,
  row: Pick<ActivityRecord, 'rideId' | 'attractionId' | 'plannedDate' | 'position' | 'timeOfDay'>,
): Promise<void> {
  await tx.insert(rideAttractions).values(row);
}

type StayFields = Pick<
  StayRecord,
  'name' | 'address' | 'link' | 'text' | 'lat' | 'lng' | 'checkInDate' | 'checkOutDate'
>;

export async function updateStay(tx: Transaction, id: number, set: Partial<StayFields>): Promise<void> {
  if (Object.keys(set).length > 0) await tx.update(accommodations).set(set).where(eq(accommodations.id, id));
}

/** A stay the original has and the copy takes: a suggestion (as a copy's stays are), never a booking. */
export async function insertSuggestedStay(
  tx: Transaction,
  row: StayFields & { rideId: number; lineageId: string },
): Promise<void> {
  await tx.insert(accommodations).values({ ...row, status: 'base_trip_accomodation', orderedByUser: false });
}

type NoteFields = Pick<NoteRecord, 'title' | 'text' | 'date'>;

export async function updateNote(tx: Transaction, id: number, set: Partial<NoteFields>): Promise<void> {
  if (Object.keys(set).length > 0)
    await tx.update(rideExtraInformation).set(set).where(eq(rideExtraInformation.id, id));
}

export async function insertNote(
  tx: Transaction,
  row: NoteFields & { rideId: number; lineageId: string },
): Promise<void> {
  await tx.insert(rideExtraInformation).values(row);
}
