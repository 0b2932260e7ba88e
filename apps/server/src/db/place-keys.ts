import { sql, type SQL } from 'drizzle-orm';
import { nameKeys } from '../providers/places/local/normalize.js';
import type { Database, Transaction } from './client.js';

/**
 * The search keys of our own places (schema/place-keys.ts, decision 0013): derived data written by the server, since
 * the normal form is JavaScript's. Kept like the map summary (trip-cells.ts): the change feed's publish (changes.ts)
 * refreshes, in the writer's own transaction, the places of every `ride` change (the trip's attractions and stays:
 * a new placement, a copy, a stay added or renamed) and of every `attraction` change (a renamed or moved attraction).
 * A refresh compares and writes only what differs, so an edit that renamed nothing writes nothing. Deleted places
 * take their keys with them (ON DELETE CASCADE). The seed, the scale bench and a database migrated to 0010 with places
 * in it rebuild the whole table.
 */

type Q = Database | Transaction;

interface PlaceName {
  attractionId: number | null;
  accommodationId: number | null;
  name: string;
  geoCell: number;
}

type KeyRow = {
  attraction_id: number | null;
  accommodation_id: number | null;
  key: string;
  word: boolean;
  geo_cell: number;
};

const intArray = (ids: readonly number[]): SQL =>
  sql`${`{${ids.map((id) => Math.trunc(id)).join(',')}}`}::int[]`;

const keysOf = (places: readonly PlaceName[]): KeyRow[] =>
  places.flatMap((p) =>
    nameKeys(p.name).map(({ key, word }) => ({
      attraction_id: p.attractionId,
      accommodation_id: p.accommodationId,
      key,
      word,
      geo_cell: p.geoCell,
    })),
  );

const signature = (k: KeyRow): string =>
  `${k.attraction_id ?? ''}|${k.accommodation_id ?? ''}|${k.word ? 1 : 0}|${k.geo_cell}|${k.key}`;

/** One statement for any number of keys: the rows travel as one JSON parameter (safe for every text on both drivers). */
async function insertKeys(q: Q, rows: readonly KeyRow[]): Promise<void> {
  if (rows.length === 0) return;
  await q.execute(sql`
    INSERT INTO place_keys (attraction_id, accommodation_id, key, word, geo_cell)
    SELECT attraction_id, accommodation_id, key, word, geo_cell
    FROM jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)
      AS x(attraction_id int, accommodation_id int, key text, word boolean, geo_cell int)`);
}

const namesOf = (
  rows: { attraction_id: number | null; accommodation_id: number | null; name: string; geo_cell: number }[],
): PlaceName[] =>
  rows.map((r) => ({
    attractionId: r.attraction_id === null ? null : Number(r.attraction_id),
    accommodationId: r.accommodation_id === null ? null : Number(r.accommodation_id),
    name: r.name,
    geoCell: Number(r.geo_cell),
  }));

/** Brings the keys of these trips' places and of these attractions up to date. */
export async function refreshPlaceKeys(
  q: Q,
  changed: { rideIds: readonly number[]; attractionIds: readonly number[] },
): Promise<void> {
  const rides = [...new Set(changed.rideIds)];
  const attractionIds = [...new Set(changed.attractionIds)];
  if (rides.length === 0 && attractionIds.length === 0) return;
  const places = namesOf(
    (
      await q.execute<{
        attraction_id: number | null;
        accommodation_id: number | null;
        name: string;
        geo_cell: number;
      }>(sql`
        SELECT a.id AS attraction_id, NULL::int AS accommodation_id, a.title AS name, a.geo_cell FROM attractions a
        WHERE a.id = ANY(${intArray(attractionIds)})
           OR a.id IN (SELECT ra.attraction_id FROM ride_attractions ra WHERE ra.ride_id = ANY(${intArray(rides)}))
        UNION ALL
        SELECT NULL, s.id, s.name, s.geo_cell FROM accommodations s WHERE s.ride_id = ANY(${intArray(rides)})`)
    ).rows,
  );
  if (places.length === 0) return;
  const attractionsRead = places.flatMap((p) => (p.attractionId === null ? [] : [p.attractionId]));
  const staysRead = places.flatMap((p) => (p.accommodationId === null ? [] : [p.accommodationId]));
  const had = (
    await q.execute<KeyRow & { id: number }>(sql`
      SELECT id, attraction_id, accommodation_id, key, word, geo_cell FROM place_keys
      WHERE attraction_id = ANY(${intArray(attractionsRead)}) OR accommodation_id = ANY(${intArray(staysRead)})`)
  ).rows.map((r) => ({
    ...r,
    id: Number(r.id),
    attraction_id: r.attraction_id === null ? null : Number(r.attraction_id),
    accommodation_id: r.accommodation_id === null ? null : Number(r.accommodation_id),
    geo_cell: Number(r.geo_cell),
  }));
  const wanted = keysOf(places);
  const wantedSet = new Set(wanted.map(signature));
  const hadSet = new Set(had.map(signature));
  const stale = had.filter((k) => !wantedSet.has(signature(k))).map((k) => k.id);
  if (stale.length > 0) await q.execute(sql`DELETE FROM place_keys WHERE id = ANY(${intArray(stale)})`);
  await insertKeys(
    q,
    wanted.filter((k) => !hadSet.has(signature(k))),
  );
}

/** Places read per statement when the whole table is rebuilt (a few MB of JSON per batch). */
const REBUILD_BATCH = 20_000;

/** Writes the keys of every place again (the demo seed, the scale bench, a database migrated to 0010). */
export async function rebuildPlaceKeys(q: Q): Promise<number> {
  await q.execute(sql`DELETE FROM place_keys`);
  let written = 0;
  for (const table of ['attractions', 'accommodations'] as const) {
    const name = table === 'attractions' ? sql.raw('title') : sql.raw('name');
    let after = 0;
    for (;;) {
      const rows = (
        await q.execute<{ id: number; name: string; geo_cell: number }>(
          sql`SELECT id, ${name} AS name, geo_cell FROM ${sql.raw(table)} WHERE id > ${after} ORDER BY id LIMIT ${REBUILD_BATCH}`,
        )
      ).rows;
      if (rows.length === 0) break;
      const keys = keysOf(
        rows.map((r) => ({
          attractionId: table === 'attractions' ? Number(r.id) : null,
          accommodationId: table === 'accommodations' ? Number(r.id) : null,
          name: r.name,
          geoCell: Number(r.geo_cell),
        })),
      );
      await insertKeys(q, keys);
      written += keys.length;
      after = Number(rows[rows.length - 1]?.id);
    }
  }
  return written;
}

/**
 * A database migrated to 0010 with places in it has no keys: written once, at start-up after the migrations (places
 * without a key can only mean that, every later write keeps them; a name with no letter has none, hence "any key").
 */
export async function fillPlaceKeysIfMissing(q: Database): Promise<boolean> {
  const { rows } = await q.execute<{ missing: boolean }>(
    sql`SELECT ((EXISTS (SELECT 1 FROM attractions) OR EXISTS (SELECT 1 FROM accommodations)) AND NOT EXISTS (SELECT 1 FROM place_keys)) AS missing`,
  );
  if (!rows[0]?.missing) return false;
  await q.transaction(async (tx) => {
    await rebuildPlaceKeys(tx);
  });
  return true;
}
