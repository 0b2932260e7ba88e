import { sql } from 'drizzle-orm';
import { check, integer, point, timestamp, type AnyPgColumn } from 'drizzle-orm/pg-core';

/**
 * Column and constraint builders shared by every table, so each rule is written once and reads the
 * same in every generated migration. Limits come from @rides/contract and are inlined as literals
 * (sql.raw) because a CHECK constraint cannot take bind parameters.
 */

/** When the row was written. Every timestamp is `timestamptz`; sessions run in UTC (client.ts). */
export const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

/** Last change; Drizzle sets it on every update it issues (raw SQL updates must set it themselves). */
export const updatedAt = () =>
  timestamp('updated_at', { withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date());

/** CHECK (char_length(column) <= max): characters, not bytes, so Hebrew counts like English. */
export const maxChars = (name: string, column: AnyPgColumn, max: number) =>
  check(name, sql`char_length(${column}) <= ${sql.raw(String(Math.trunc(max)))}`);

/** CHECK (column >= 0). */
export const nonNegative = (name: string, column: AnyPgColumn) => check(name, sql`${column} >= 0`);

/** CHECK (column IN (...)) from one of the contract's const lists. */
export const oneOf = (name: string, column: AnyPgColumn, values: readonly string[]) =>
  check(name, sql`${column} IN (${sql.raw(values.map(quoteLiteral).join(', '))})`);

/** CHECK that a (lat, lng) pair is a point on Earth. */
export const onEarth = (name: string, lat: AnyPgColumn, lng: AnyPgColumn) =>
  check(name, sql`${lat} BETWEEN -90 AND 90 AND ${lng} BETWEEN -180 AND 180`);

/**
 * Geo search without PostGIS (PGlite has none; decision 0013): the Earth is cut into cells of
 * 1/GEO_CELLS_PER_DEGREE degree (0.5° ≈ 55 km north-south), numbered row by row:
 *   geo_cell = (floor(lat * 2) + 180) * 1000 + (floor(lng * 2) + 360)
 * so the cells of one latitude row are consecutive integers and a bounding box is a few BETWEEN ranges on one
 * B-tree. Multiplying by 2 is exact in floating point, so the database and search.geo.ts (cellOf) always agree.
 * A stored generated column: every writer gets it right without knowing about it.
 */
export const GEO_CELLS_PER_DEGREE = 2;
export const GEO_CELL_ROW = 1000;
export const geoCell = () =>
  integer('geo_cell')
    .notNull()
    .generatedAlwaysAs(
      sql.raw(
        `(floor("lat" * ${GEO_CELLS_PER_DEGREE})::integer + ${90 * GEO_CELLS_PER_DEGREE}) * ${GEO_CELL_ROW}` +
          ` + (floor("lng" * ${GEO_CELLS_PER_DEGREE})::integer + ${180 * GEO_CELLS_PER_DEGREE})`,
      ),
    );

/**
 * The same place as a geometric `point(lng, lat)` (x = longitude, y = latitude, degrees, snapped to 1e-9°), stored and generated like
 * geo_cell. A GiST index on it answers "nearest first" (`ORDER BY geo_point <-> point`, core PostgreSQL and PGlite,
 * no extension) inside a box (`geo_point <@ box`): decision 0013.
 */
export const geoPoint = () =>
  point('geo_point', { mode: 'xy' })
    .notNull()
    .generatedAlwaysAs(sql.raw(`point(${snapped('"lng"')}, ${snapped('"lat"')})`));
/**
 * Coordinates snapped to 1e-9° (0.1 mm) in the point: the GiST index multiplies coordinate differences (box areas), and
 * PostgreSQL raises "value out of range: underflow" on a subnormal product, so a subnormal coordinate could not be
 * stored. Snapped, every non-zero coordinate is at least 1e-9°. (The search's haversine snaps the same way.)
 */
const snapped = (column: string) => `(round(${column} * 1e9::float8) / 1e9::float8)`;

/** SQL string literal for the fixed enum lists above (our own constants, never user input). */
function quoteLiteral(value: string): string {
  return `'${value.replaceAll("'", "''")}'`;
}
