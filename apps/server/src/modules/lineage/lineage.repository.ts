import type { TripContent } from '@rides/contract';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client.js';
import {
  accommodations,
  rideAttractions,
  rideExtraInformation,
  rides,
  tripLineage,
  users,
  type LineageKind,
} from '../../db/schema/index.js';
import { dayIdsOf } from './day-ids.js';
import { tripContentOf } from './trip-content.js';
import type { ContentRows } from './content-rows.repository.js';

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

/** The original's content and version for a pull, its row share-locked (its edits wait until the pull commits). */
export async function readOriginLocked(
  tx: Transaction,
  originId: number,
): Promise<{ content: TripContent; version: number } | undefined> {
  const [row] = await tx.select({ id: rides.id }).from(rides).where(eq(rides.id, originId)).for('share');
  if (!row) return undefined;
  return readTripContent(tx, originId);
}

/** What the undo of the last pull needs (null: nothing to undo). */
export interface PullKept {
  beforePull: {
    content: TripContent;
    base: TripContent;
    baseVersion: number;
    removed?: ContentRows;
  } | null;
  pulledVersion: number | null;
}

export async function readPullKept(tx: Transaction, rideId: number): Promise<PullKept | undefined> {
  const [row] = await tx
    .select({ beforePull: tripLineage.beforePull, pulledVersion: tripLineage.pulledVersion })
    .from(tripLineage)
    .where(eq(tripLineage.rideId, rideId));
  return row ? { beforePull: row.beforePull as PullKept['beforePull'], pulledVersion: row.pulledVersion } : undefined;
}

/** After a pull: the new base, and what its undo needs. */
export async function savePull(
  tx: Transaction,
  rideId: number,
  row: { base: TripContent; baseVersion: number; beforePull: NonNullable<PullKept['beforePull']>; pulledVersion: number },
): Promise<void> {
  await tx.update(tripLineage).set(row).where(eq(tripLineage.rideId, rideId));
}

/** After an undo: the base as before the pull, nothing left to undo. */
export async function saveUndo(
  tx: Transaction,
  rideId: number,
  row: { base: TripContent; baseVersion: number },
): Promise<void> {
  await tx
    .update(tripLineage)
    .set({ ...row, beforePull: null, pulledVersion: null })
    .where(eq(tripLineage.rideId, rideId));
}

/** A copy of a template as the planner's push sees it (issue 37 point 4). */
export interface TemplateCopyRow {
  rideId: number;
  title: string;
  authorId: number;
  ownerName: string;
  ownerEmail: string | null;
  language: 'hebrew' | 'english';
  kind: 'copy' | 'client_copy';
  notify: boolean;
  baseVersion: number;
  base: TripContent;
}

/** The copies others made of a template (a user's copy, a copy key's client's copy; not duplicates), by copy id. */
export async function copiesOf(db: Db, originId: number): Promise<TemplateCopyRow[]> {
  const rows = await db
    .select({
      rideId: tripLineage.rideId,
      title: rides.title,
      authorId: rides.authorId,
      ownerName: users.userName,
      ownerEmail: users.email,
      language: rides.language,
      kind: tripLineage.kind,
      notify: tripLineage.notify,
      baseVersion: tripLineage.baseVersion,
      base: tripLineage.base,
    })
    .from(tripLineage)
    .innerJoin(rides, eq(rides.id, tripLineage.rideId))
    .innerJoin(users, eq(users.id, rides.authorId))
    .where(and(eq(tripLineage.originRideId, originId), inArray(tripLineage.kind, ['copy', 'client_copy'])))
    .orderBy(asc(tripLineage.rideId));
  return rows as TemplateCopyRow[];
}

/** The copy owner's switch of the push mails. */
export async function setNotify(db: Db, rideId: number, notify: boolean): Promise<void> {
  await db.update(tripLineage).set({ notify }).where(eq(tripLineage.rideId, rideId));
}

/** The template's version now (undefined: no such trip). */
export async function versionOf(db: Db, rideId: number): Promise<number | undefined> {
  const [row] = await db.select({ version: rides.version }).from(rides).where(eq(rides.id, rideId));
  return row?.version;
}
