import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { accommodations } from './accommodations.js';
import { attractions } from './attractions.js';

/**
 * The search keys of our own places (decision 0013, "Our own places"): every attraction's title and every stay's name
 * in the local places source's normal form (providers/places/local/normalize.ts), whole and from each inner word
 * ("aviv" finds "Tel Aviv"), so place autocomplete is a prefix range on a B-tree read per keystroke instead of an
 * index of every place in the server's memory. The normal form is JavaScript's (NFKD, Unicode case folding, niqqud,
 * final letters), which SQL cannot repeat the same on PGlite and PostgreSQL, so the rows are derived data written by
 * the server in the writer's transaction (db/place-keys.ts), like ride_cells. They say nothing about who may see a
 * place: the reader joins the view policy on every read (decision 0023). Dropped with their place.
 *
 * Indexes compare in "C" (code point order, as the in-memory keys were): `key >= q AND key < next(q)` is a prefix on
 * both databases without an extension; the second one reads a prefix inside the cells around a point.
 */
export const placeKeys = pgTable(
  'place_keys',
  {
    id: serial('id').primaryKey(),
    attractionId: integer('attraction_id').references(() => attractions.id, { onDelete: 'cascade' }),
    accommodationId: integer('accommodation_id').references(() => accommodations.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    /** A key from an inner word of the name (ranked lower than the name's own start). */
    word: boolean('word').notNull().default(false),
    /** The place's geo_cell (columns.ts), copied when the keys are written: the prefix around a point. */
    geoCell: integer('geo_cell').notNull(),
  },
  (t) => [
    check('place_keys_one_place', sql`(${t.attractionId} IS NULL) <> (${t.accommodationId} IS NULL)`),
    index('place_keys_key_idx').on(sql`(${t.key} COLLATE "C")`),
    index('place_keys_cell_key_idx').on(t.geoCell, sql`(${t.key} COLLATE "C")`),
    index('place_keys_attraction_idx').on(t.attractionId),
    index('place_keys_accommodation_idx').on(t.accommodationId),
  ],
);
