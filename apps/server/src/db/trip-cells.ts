import { inArray, sql, type SQL } from 'drizzle-orm';
import type { Database, Transaction } from './client.js';
import { rideCells } from './schema/index.js';

/**
 * The map summary (schema/ride-cells.ts, decision 0013): per trip and geo_cell, how many placements and the sums of
 * their coordinates, derived data like a generated column. Recomputed for the trips a write touched, in the write's
 * own transaction: the change feed's publish (changes.ts) calls `refreshTripCells` for every `ride` change, and every
 * write that moves a placement publishes one (the trip editor, a copy, an attraction moved: each trip showing it).
 * A trip's cells are a few dozen placements: two statements, well under a millisecond.
 */

const summarise = (where: SQL, returning: SQL = sql``) => sql`
  INSERT INTO ride_cells (ride_id, geo_cell, placements, lat_sum, lng_sum)
  SELECT ra.ride_id, a.geo_cell, count(*)::int, sum(a.lat), sum(a.lng)
  FROM ride_attractions ra JOIN attractions a ON a.id = ra.attraction_id
  WHERE ${where}
  GROUP BY ra.ride_id, a.geo_cell
  ${returning}`;

/** Recomputes the cells of these trips; answers the cells whose summary changed (before and after). */
export async function refreshTripCells(
  q: Database | Transaction,
  tripIds: readonly number[],
): Promise<number[]> {
  if (tripIds.length === 0) return [];
  const ids = [...new Set(tripIds)];
  const gone = await q
    .delete(rideCells)
    .where(inArray(rideCells.rideId, ids))
    .returning({ cell: rideCells.geoCell });
  const made = (
    await q.execute<{ cell: number }>(
      summarise(
        sql`ra.ride_id IN (${sql.join(
          ids.map((id) => sql`${id}::int`),
          sql`, `,
        )})`,
        sql`RETURNING geo_cell AS cell`,
      ),
    )
  ).rows;
  return [...new Set([...gone, ...made].map((r) => Number(r.cell)))];
}

/** Recomputes the whole summary (the demo seed, the scale bench). */
export async function rebuildTripCells(q: Database | Transaction): Promise<void> {
  await q.execute(sql`DELETE FROM ride_cells`);
  await q.execute(summarise(sql`true`));
}

/**
 * A database migrated to 0005 with trips in it has an empty summary: filled once, at start-up after the migrations
 * (placements without a summary can only mean that; every later write keeps it).
 */
export async function fillTripCellsIfMissing(q: Database): Promise<boolean> {
  const { rows } = await q.execute<{ missing: boolean }>(
    sql`SELECT (EXISTS (SELECT 1 FROM ride_attractions) AND NOT EXISTS (SELECT 1 FROM ride_cells)) AS missing`,
  );
  if (!rows[0]?.missing) return false;
  await q.transaction(async (tx) => rebuildTripCells(tx));
  return true;
}
