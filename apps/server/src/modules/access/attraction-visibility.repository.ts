import { and, inArray } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { attractions } from '../../db/schema/index.js';
import { visibleAttraction } from './trip-access.sql.js';

/**
 * Which of these attractions the viewer may see (visibleAttraction, decision 0023): for a list read by another rule
 * first (a planner's catalogue shown to a trip's author), checked in one query.
 */
export async function visibleAttractionIds(
  db: Database,
  ids: readonly number[],
  viewerId: number | null,
): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .select({ id: attractions.id })
    .from(attractions)
    .where(and(inArray(attractions.id, [...ids]), visibleAttraction(attractions, viewerId)));
  return new Set(rows.map((r) => r.id));
}
