import type { BookingProblem, Reservation } from '@rides/contract';
import { and, asc, eq, inArray, lt, sql } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client.js';
import {
  attractions,
  bookingDocuments,
  rideAttractions,
  tripBookings,
  tripMailAddresses,
  type BookingDocumentState,
} from '../../db/schema/index.js';

/** SQL of bookings in (issue 34): documents, bookings, forwarding addresses. Writes run in the caller's transaction. */

type Db = Database | Transaction;

export interface NewDocument {
  rideId: number;
  state: BookingDocumentState;
  fileName: string;
  contentType: string;
  bytes: Uint8Array;
  fromAddress?: string | null;
  subject?: string | null;
  reservations?: Reservation[];
  problems?: BookingProblem[];
  uploadedBy: number | null;
}

export async function insertDocument(db: Db, doc: NewDocument): Promise<number> {
  const [row] = await db.insert(bookingDocuments).values(doc).returning({ id: bookingDocuments.id });
  return (row as { id: number }).id;
}

const documentSummary = {
  id: bookingDocuments.id,
  state: bookingDocuments.state,
  fileName: bookingDocuments.fileName,
  fromAddress: bookingDocuments.fromAddress,
  subject: bookingDocuments.subject,
  reservations: bookingDocuments.reservations,
  problems: bookingDocuments.problems,
  createdAt: bookingDocuments.createdAt,
};
export type DocumentSummary = Awaited<ReturnType<typeof documentsOf>>[number];

/** The trip's documents in these states (without their bytes), oldest first. */
export function documentsOf(db: Db, rideId: number, states: BookingDocumentState[]) {
  return db
    .select(documentSummary)
    .from(bookingDocuments)
    .where(and(eq(bookingDocuments.rideId, rideId), inArray(bookingDocuments.state, states)))
    .orderBy(asc(bookingDocuments.id));
}

export async function findDocument(db: Db, rideId: number, id: number) {
  const [row] = await db
    .select(documentSummary)
    .from(bookingDocuments)
    .where(and(eq(bookingDocuments.rideId, rideId), eq(bookingDocuments.id, id)));
  return row;
}

/** A document's bytes, for its download. */
export async function documentFile(db: Db, rideId: number, id: number) {
  const [row] = await db
    .select({
      fileName: bookingDocuments.fileName,
      contentType: bookingDocuments.contentType,
      bytes: bookingDocuments.bytes,
      state: bookingDocuments.state,
    })
    .from(bookingDocuments)
    .where(and(eq(bookingDocuments.rideId, rideId), eq(bookingDocuments.id, id)));
  return row;
}

export async function setDocumentState(db: Db, rideId: number, ids: number[], state: BookingDocumentState) {
  if (ids.length === 0) return;
  await db
    .update(bookingDocuments)
    .set({ state })
    .where(and(eq(bookingDocuments.rideId, rideId), inArray(bookingDocuments.id, ids)));
}

export async function setDocumentReading(
  db: Db,
  rideId: number,
  id: number,
  values: { state: BookingDocumentState; reservations: Reservation[]; problems: BookingProblem[] },
) {
  await db
    .update(bookingDocuments)
    .set(values)
    .where(and(eq(bookingDocuments.rideId, rideId), eq(bookingDocuments.id, id)));
}

/** Previews never confirmed, older than `before`, are let go (with their bytes). */
export async function sweepPreviews(db: Db, before: Date): Promise<void> {
  await db
    .delete(bookingDocuments)
    .where(and(eq(bookingDocuments.state, 'preview'), lt(bookingDocuments.createdAt, before)));
}

const bookingColumns = {
  id: tripBookings.id,
  matchKey: tripBookings.matchKey,
  reservation: tripBookings.reservation,
  documentId: tripBookings.documentId,
  documentName: bookingDocuments.fileName,
  stayId: tripBookings.stayId,
  activityIds: tripBookings.activityIds,
  updatedAt: tripBookings.updatedAt,
};
export type BookingRow = Awaited<ReturnType<typeof bookingsOf>>[number];

export function bookingsOf(db: Db, rideId: number) {
  return db
    .select(bookingColumns)
    .from(tripBookings)
    .leftJoin(bookingDocuments, eq(bookingDocuments.id, tripBookings.documentId))
    .where(eq(tripBookings.rideId, rideId))
    .orderBy(asc(tripBookings.id));
}

export async function bookingsByKeys(db: Db, rideId: number, keys: string[]) {
  if (keys.length === 0) return [];
  return db
    .select(bookingColumns)
    .from(tripBookings)
    .leftJoin(bookingDocuments, eq(bookingDocuments.id, tripBookings.documentId))
    .where(and(eq(tripBookings.rideId, rideId), inArray(tripBookings.matchKey, keys)));
}

export interface BookingValues {
  reservation: Reservation;
  documentId: number | null;
  stayId: number | null;
  activityIds: number[];
}

export async function insertBooking(
  tx: Transaction,
  rideId: number,
  matchKey: string,
  values: BookingValues,
  createdBy: number,
): Promise<number> {
  const [row] = await tx
    .insert(tripBookings)
    .values({ rideId, matchKey, createdBy, ...values })
    .returning({ id: tripBookings.id });
  return (row as { id: number }).id;
}

export async function updateBooking(tx: Transaction, id: number, values: BookingValues): Promise<void> {
  await tx.update(tripBookings).set(values).where(eq(tripBookings.id, id));
}

/** Takes a booking's activities off the trip and out of the catalogue (they were made for it, by the import). */
export async function deleteBookingActivities(tx: Transaction, rideId: number, ids: number[]): Promise<void> {
  if (ids.length === 0) return;
  await tx
    .delete(rideAttractions)
    .where(and(eq(rideAttractions.rideId, rideId), inArray(rideAttractions.attractionId, ids)));
  await tx
    .delete(attractions)
    .where(
      and(
        inArray(attractions.id, ids),
        sql`NOT EXISTS (SELECT 1 FROM ${rideAttractions} WHERE ${rideAttractions.attractionId} = ${attractions.id})`,
      ),
    );
}

export async function mailAddressOf(db: Db, rideId: number): Promise<string | undefined> {
  const [row] = await db
    .select({ localPart: tripMailAddresses.localPart })
    .from(tripMailAddresses)
    .where(eq(tripMailAddresses.rideId, rideId));
  return row?.localPart;
}

/** Gives the trip this local part (a new address, or a reset one: the old one is then no one's). */
export async function setMailAddress(db: Db, rideId: number, localPart: string): Promise<void> {
  await db
    .insert(tripMailAddresses)
    .values({ rideId, localPart })
    .onConflictDoUpdate({ target: tripMailAddresses.rideId, set: { localPart, createdAt: sql`now()` } });
}

export async function tripOfMailAddress(db: Db, localPart: string): Promise<number | undefined> {
  const [row] = await db
    .select({ rideId: tripMailAddresses.rideId })
    .from(tripMailAddresses)
    .where(eq(tripMailAddresses.localPart, localPart));
  return row?.rideId;
}

/** The e-mail addresses (lower-cased) of the trip's people: its author, its planner, its members. */
export async function tripPeopleEmails(db: Db, rideId: number): Promise<Set<string>> {
  const result = await db.execute<{ email: string | null }>(sql`
    SELECT lower(u.email) AS email FROM users u
    WHERE u.id IN (
      SELECT r.author_id FROM rides r WHERE r.id = ${rideId}
      UNION
      SELECT r.ride_manager_id FROM rides r WHERE r.id = ${rideId} AND r.ride_manager_id IS NOT NULL
      UNION
      SELECT m.user_id FROM trip_members m WHERE m.ride_id = ${rideId}
    )`);
  return new Set(result.rows.map((r) => r.email).filter((e): e is string => !!e));
}

export async function deleteDocument(db: Db, rideId: number, id: number): Promise<void> {
  await db
    .delete(bookingDocuments)
    .where(and(eq(bookingDocuments.rideId, rideId), eq(bookingDocuments.id, id)));
}

/** Who is told of a held mail: the trip's owner (its author), in the trip's language, with its title. */
export async function tripOwnerContact(db: Db, rideId: number) {
  const result = await db.execute<{ email: string | null; title: string; language: string }>(sql`
    SELECT u.email, r.title, r.language FROM rides r JOIN users u ON u.id = r.author_id WHERE r.id = ${rideId}`);
  return result.rows[0];
}
