import { and, asc, eq, sql } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client.js';
import { attractions, rideAttractions, type NewAttraction } from '../../db/schema/index.js';
import { visibleAttraction } from '../access/trip-access.sql.js';

/**
 * SQL of the activity calls: placements of attractions on the days of a trip (ride_attractions), and the attractions
 * the calls create (a copy, or one made from a maps-service place). Writes run in the caller's locked transaction.
 */

export interface Placement {
  plannedDate: string;
  timeOfDay: string | null;
  position: number;
}

export async function attractionExists(tx: Transaction, attractionId: number): Promise<boolean> {
  const rows = await tx
    .select({ id: attractions.id })
    .from(attractions)
    .where(eq(attractions.id, attractionId))
    .limit(1);
  return rows.length > 0;
}

/**
 * Whether the user may place this attraction (000 §8 error_no_access_to_attraction): whether they may see it (the view
 * policy's rule for attractions, decision 0023: they wrote it, or a trip they may view places it). An attraction seen
 * only on other people's private trips is not theirs to take (placed in their own trip, it would show to its readers).
 */
export async function mayUseAttraction(
  tx: Transaction,
  attractionId: number,
  userId: number,
): Promise<boolean> {
  const rows = await tx
    .select({ id: attractions.id })
    .from(attractions)
    .where(and(eq(attractions.id, attractionId), visibleAttraction(attractions, userId)))
    .limit(1);
  return rows.length > 0;
}

export async function findPlacement(
  tx: Transaction,
  rideId: number,
  attractionId: number,
): Promise<Placement | undefined> {
  const [row] = await tx
    .select({
      plannedDate: rideAttractions.plannedDate,
      timeOfDay: rideAttractions.timeOfDay,
      position: rideAttractions.position,
    })
    .from(rideAttractions)
    .where(and(eq(rideAttractions.rideId, rideId), eq(rideAttractions.attractionId, attractionId)));
  return row;
}

export async function insertPlacement(
  tx: Transaction,
  rideId: number,
  attractionId: number,
  p: Placement,
): Promise<void> {
  await tx.insert(rideAttractions).values({ rideId, attractionId, ...p });
}

export async function updatePlacement(
  tx: Transaction,
  rideId: number,
  attractionId: number,
  p: Placement,
): Promise<void> {
  await tx
    .update(rideAttractions)
    .set(p)
    .where(and(eq(rideAttractions.rideId, rideId), eq(rideAttractions.attractionId, attractionId)));
}

/** Answers whether there was such a placement. */
export async function deletePlacement(
  tx: Transaction,
  rideId: number,
  attractionId: number,
): Promise<boolean> {
  const gone = await tx
    .delete(rideAttractions)
    .where(and(eq(rideAttractions.rideId, rideId), eq(rideAttractions.attractionId, attractionId)))
    .returning({ id: rideAttractions.id });
  return gone.length > 0;
}

/** A copy of an attraction owned by `authorId` (shouldCopyTheAttraction): they may then edit it as their own. */
export async function copyAttraction(
  tx: Transaction,
  attractionId: number,
  authorId: number,
): Promise<number> {
  const result = await tx.execute<{ id: number }>(sql`
    INSERT INTO attractions (author_id, title, address, text, link, rate, lat, lng, image_url, image_html_attributions,
                             place_id, opening_hours, osm_opening_hours, reviews, category_id, subcategory_id,
                             google_image)
    SELECT ${authorId}, title, address, text, link, rate, lat, lng, image_url, image_html_attributions,
           place_id, opening_hours, osm_opening_hours, reviews, category_id, subcategory_id, google_image
    FROM attractions WHERE id = ${attractionId}
    RETURNING id`);
  return Number(result.rows[0]?.id);
}

export async function insertAttraction(tx: Transaction, values: NewAttraction): Promise<number> {
  const [row] = await tx.insert(attractions).values(values).returning({ id: attractions.id });
  return (row as { id: number }).id;
}

/** The user's own attraction with this maps-service place id (the oldest), if any. */
export async function findOwnByPlaceId(
  db: Database | Transaction,
  userId: number,
  placeId: string,
): Promise<number | undefined> {
  const [row] = await db
    .select({ id: attractions.id })
    .from(attractions)
    .where(and(eq(attractions.authorId, userId), eq(attractions.placeId, placeId)))
    .orderBy(asc(attractions.id))
    .limit(1);
  return row?.id;
}

/** Whether the trip holds an attraction with this place id (anyone's). */
export async function tripHasPlaceId(db: Database, rideId: number, placeId: string): Promise<boolean> {
  const rows = await db
    .select({ id: rideAttractions.id })
    .from(rideAttractions)
    .innerJoin(attractions, eq(attractions.id, rideAttractions.attractionId))
    .where(and(eq(rideAttractions.rideId, rideId), eq(attractions.placeId, placeId)))
    .limit(1);
  return rows.length > 0;
}
