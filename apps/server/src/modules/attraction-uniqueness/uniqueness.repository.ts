import { and, asc, desc, eq, exists, gt, inArray, isNotNull, ne, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Database, Transaction } from '../../db/client.js';
import {
  attractions,
  attractionUniquenessDismissals,
  attractionUniquenessGroups,
  attractionUniquenessMembers,
  placeKeys,
  rideAttractions,
} from '../../db/schema/index.js';
import { attractionFields } from '../../db/selections.js';
import { visibleAttraction } from '../access/trip-access.sql.js';
import type { CandidatePair, ProposalRecord } from './uniqueness.rules.js';

/** The only SQL of uniqueness groups (decision 0040). `Db` is the pool or the edit's transaction. */
type Db = Database | Transaction;

const groups = attractionUniquenessGroups;
const members = attractionUniquenessMembers;

/** The most groups one answer lists (a platform admin's: every group). */
const GROUPS_LISTED = 500;

/** The groups the viewer holds a record in (a platform admin: every group), newest first. */
export async function listGroupIds(db: Db, viewerId: number, every: boolean): Promise<number[]> {
  const m = alias(members, 'own_m');
  const a = alias(attractions, 'own_a');
  const rows = await db
    .select({ id: groups.id })
    .from(groups)
    .where(
      every
        ? undefined
        : exists(
            db
              .select({ one: sql`1` })
              .from(m)
              .innerJoin(a, eq(a.id, m.attractionId))
              .where(and(eq(m.groupId, groups.id), eq(a.authorId, viewerId))),
          ),
    )
    .orderBy(desc(groups.id))
    .limit(GROUPS_LISTED);
  return rows.map((r) => r.id);
}

/** Groups by id: their main record's id (null when it was deleted). */
export async function groupsByIds(db: Db, ids: readonly number[]) {
  if (ids.length === 0) return [];
  return db
    .select({ id: groups.id, mainId: groups.chosenAttractionId })
    .from(groups)
    .where(inArray(groups.id, [...ids]));
}

/** Locks these groups' rows (in id order: two moves between the same groups cannot deadlock); the ones that exist. */
export async function lockGroups(tx: Transaction, ids: readonly number[]) {
  if (ids.length === 0) return [];
  return tx
    .select({ id: groups.id, mainId: groups.chosenAttractionId })
    .from(groups)
    .where(inArray(groups.id, [...ids]))
    .orderBy(asc(groups.id))
    .for('update');
}

/** Every record of these groups with its author (no content: who may change a group asks about all of them). */
export async function memberAuthors(db: Db, groupIds: readonly number[]) {
  if (groupIds.length === 0) return [];
  return db
    .select({ groupId: members.groupId, attractionId: members.attractionId, authorId: attractions.authorId })
    .from(members)
    .innerJoin(attractions, eq(attractions.id, members.attractionId))
    .where(inArray(members.groupId, [...groupIds]))
    .orderBy(asc(members.attractionId));
}

/** The records of these groups this viewer may see (the view policy's SQL twin, decision 0023), as cards show them. */
export async function visibleMembers(db: Db, groupIds: readonly number[], viewerId: number) {
  if (groupIds.length === 0) return [];
  return db
    .select({ groupId: members.groupId, ...attractionFields })
    .from(members)
    .innerJoin(attractions, eq(attractions.id, members.attractionId))
    .where(and(inArray(members.groupId, [...groupIds]), visibleAttraction(attractions, viewerId)))
    .orderBy(asc(attractions.id));
}

/** Records by id with their author, group and geo_cell, those the viewer may see only. */
export async function visibleRecords(db: Db, ids: readonly number[], viewerId: number) {
  if (ids.length === 0) return [];
  return db
    .select({
      id: attractions.id,
      authorId: attractions.authorId,
      geoCell: attractions.geoCell,
      groupId: members.groupId,
    })
    .from(attractions)
    .leftJoin(members, eq(members.attractionId, attractions.id))
    .where(and(inArray(attractions.id, [...ids]), visibleAttraction(attractions, viewerId)));
}

/** The geo_cells of these records (a group change drops the search answers around them). */
export async function cellsOf(db: Db, ids: readonly number[]): Promise<number[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .selectDistinct({ cell: attractions.geoCell })
    .from(attractions)
    .where(inArray(attractions.id, [...ids]));
  return rows.flatMap((r) => (r.cell === null ? [] : [r.cell]));
}

export async function createGroup(tx: Transaction, createdBy: number): Promise<number> {
  const [row] = await tx.insert(groups).values({ createdBy }).returning({ id: groups.id });
  return (row as { id: number }).id;
}

export async function setMain(tx: Transaction, groupId: number, attractionId: number): Promise<void> {
  await tx.update(groups).set({ chosenAttractionId: attractionId }).where(eq(groups.id, groupId));
}

export async function deleteGroup(tx: Transaction, groupId: number): Promise<void> {
  await tx.delete(groups).where(eq(groups.id, groupId));
}

/** Puts the record into the group, out of any other (a record is in at most one: the members' key). */
export async function putMember(tx: Transaction, attractionId: number, groupId: number): Promise<void> {
  await tx
    .insert(members)
    .values({ attractionId, groupId })
    .onConflictDoUpdate({ target: members.attractionId, set: { groupId } });
}

/** Pairs of one author's records with the same maps place id (attractions_author_idx, then attractions_place_id_idx). */
export function samePlaceQuery(db: Db, authorId: number) {
  const a = alias(attractions, 'pa');
  const b = alias(attractions, 'pb');
  return db
    .select({ a: a.id, b: b.id })
    .from(a)
    .innerJoin(b, and(eq(b.placeId, a.placeId), eq(b.authorId, a.authorId), gt(b.id, a.id)))
    .where(and(eq(a.authorId, authorId), isNotNull(a.placeId), ne(a.placeId, '')));
}

/**
 * Pairs of one author's records with the same whole normalised name (place_keys, written in the places source's normal
 * form) in the same or a neighbouring geo_cell: place_keys_cell_key_idx, nine probes per record.
 */
export function sameNameQuery(db: Db, authorId: number) {
  const a = alias(attractions, 'pa');
  const b = alias(attractions, 'pb');
  const ka = alias(placeKeys, 'ka');
  const kb = alias(placeKeys, 'kb');
  const neighbours = sql`ARRAY[${ka.geoCell} - 1001, ${ka.geoCell} - 1000, ${ka.geoCell} - 999, ${ka.geoCell} - 1, ${ka.geoCell}, ${ka.geoCell} + 1, ${ka.geoCell} + 999, ${ka.geoCell} + 1000, ${ka.geoCell} + 1001]`;
  return db
    .select({ a: ka.attractionId, b: kb.attractionId })
    .from(a)
    .innerJoin(ka, and(eq(ka.attractionId, a.id), eq(ka.word, false)))
    .innerJoin(
      kb,
      and(
        sql`${kb.geoCell} = ANY(${neighbours})`,
        sql`(${kb.key} COLLATE "C") = (${ka.key} COLLATE "C")`,
        eq(kb.word, false),
        gt(kb.attractionId, ka.attractionId),
      ),
    )
    .innerJoin(b, and(eq(b.id, kb.attractionId), eq(b.authorId, a.authorId)))
    .where(eq(a.authorId, authorId));
}

/**
 * Candidate pairs among one author's records, each found through an index, never a comparison of every record with
 * every other (test/attraction-uniqueness/proposals-index.test.ts reads the plans). The 50 m is measured by the caller
 * with the one distance.
 */
export async function candidatePairs(db: Db, authorId: number): Promise<CandidatePair[]> {
  const [samePlace, sameName] = [await samePlaceQuery(db, authorId), await sameNameQuery(db, authorId)];
  return [
    ...samePlace.map((p): CandidatePair => ({ a: p.a, b: p.b, reason: 'placeId' })),
    ...sameName.flatMap((p): CandidatePair[] =>
      p.a !== null && p.b !== null ? [{ a: p.a, b: p.b, reason: 'name' }] : [],
    ),
  ];
}

/** The records of the pairs, with where they are and their group (main or not). */
export async function proposalRecords(db: Db, ids: readonly number[]): Promise<Map<number, ProposalRecord>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({
      id: attractions.id,
      lat: attractions.lat,
      lng: attractions.lng,
      groupId: members.groupId,
      isMain: sql<boolean>`coalesce(${groups.chosenAttractionId} = ${attractions.id}, false)`.mapWith(
        Boolean,
      ),
    })
    .from(attractions)
    .leftJoin(members, eq(members.attractionId, attractions.id))
    .leftJoin(groups, eq(groups.id, members.groupId))
    .where(inArray(attractions.id, [...ids]));
  return new Map(rows.map((r) => [r.id, r]));
}

/** The cards of these records (a proposal's), the ones the viewer may see. */
export async function recordCards(db: Db, ids: readonly number[], viewerId: number) {
  if (ids.length === 0) return [];
  return db
    .select(attractionFields)
    .from(attractions)
    .where(and(inArray(attractions.id, [...ids]), visibleAttraction(attractions, viewerId)));
}

export async function dismissedKeys(db: Db, userId: number): Promise<Set<string>> {
  const rows = await db
    .select({ key: attractionUniquenessDismissals.attractionIds })
    .from(attractionUniquenessDismissals)
    .where(eq(attractionUniquenessDismissals.userId, userId));
  return new Set(rows.map((r) => r.key));
}

export async function dismiss(db: Db, userId: number, key: string): Promise<void> {
  await db
    .insert(attractionUniquenessDismissals)
    .values({ userId, attractionIds: key })
    .onConflictDoNothing();
}

/**
 * The records a trip holds, as the same-place rule reads them (place id, name, position, group): what the add-activity
 * searches compare their results with (same-place.ts).
 */
export async function tripPlaceRecords(db: Db, rideId: number) {
  return db
    .selectDistinct({
      id: attractions.id,
      placeId: attractions.placeId,
      title: attractions.title,
      lat: attractions.lat,
      lng: attractions.lng,
      groupId: members.groupId,
    })
    .from(rideAttractions)
    .innerJoin(attractions, eq(attractions.id, rideAttractions.attractionId))
    .leftJoin(members, eq(members.attractionId, attractions.id))
    .where(eq(rideAttractions.rideId, rideId));
}

/** The uniqueness group of each of these records that is in one (members' key: one group per record). */
export async function groupIdsOf(db: Db, attractionIds: readonly number[]): Promise<Map<number, number>> {
  if (attractionIds.length === 0) return new Map();
  const rows = await db
    .select({ attractionId: members.attractionId, groupId: members.groupId })
    .from(members)
    .where(inArray(members.attractionId, [...attractionIds]));
  return new Map(rows.map((r) => [r.attractionId, r.groupId]));
}
