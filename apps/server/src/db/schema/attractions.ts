import { TITLE_MAX } from '@rides/contract';
import { doublePrecision, index, integer, jsonb, pgTable, real, serial, text } from 'drizzle-orm/pg-core';
import { categories, subcategories } from './categories.js';
import { createdAt, geoCell, geoPoint, maxChars, onEarth, updatedAt } from './columns.js';
import { users } from './users.js';

/** One review as the maps service gives it (000 §3). */
export interface AttractionReview {
  author_name: string;
  rating: number;
  text: string;
}

/**
 * Places a trip can visit (000 §3 Attraction). An attraction belongs to its author and may be placed in
 * many trips (ride_attractions). The wire's lat/latitude and lng/longtitude are API spellings; the
 * columns are lat and lng.
 */
export const attractions = pgTable(
  'attractions',
  {
    id: serial('id').primaryKey(),
    // Restrict: attractions are shared by trips of other users; removing an author is a deliberate job.
    authorId: integer('author_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    title: text('title').notNull(),
    address: text('address'),
    /** Where to navigate to when it differs from the address (001 §2 attraction editor, "navigation address"). */
    navigationAddress: text('navigation_address'),
    /** HTML; sanitised where it is rendered. */
    text: text('text').notNull().default(''),
    link: text('link'),
    /** Rating 0..5 as the maps service shows it. */
    rate: real('rate'),
    lat: doublePrecision('lat').notNull(),
    lng: doublePrecision('lng').notNull(),
    /** Derived from lat/lng by the database (columns.ts geoCell); the key of proximity search. */
    geoCell: geoCell(),
    /** Derived from lat/lng by the database (columns.ts geoPoint); nearest-first search walks its GiST index. */
    geoPoint: geoPoint(),
    imageUrl: text('image_url'),
    /** The maps service's html_attributions for the image (HTML fragments, sanitised when shown). */
    imageHtmlAttributions: jsonb('image_html_attributions').$type<string[]>().notNull().default([]),
    /** The maps service's place id; also the key of affiliate mappings. */
    placeId: text('place_id'),
    /** weekday_text lines, e.g. "Monday: 9:00 AM – 5:00 PM". */
    openingHours: jsonb('opening_hours').$type<string[]>(),
    /**
     * Opening hours in OpenStreetMap's `opening_hours` syntax ("Tu-Su 10:00-18:00"), as the author keeps them (issue 36,
     * decision 0070): the rules the day's checks evaluate. Kept as typed even when the library cannot read it.
     */
    osmOpeningHours: text('osm_opening_hours'),
    reviews: jsonb('reviews').$type<AttractionReview[]>().notNull().default([]),
    categoryId: integer('category_id').references(() => categories.id, { onDelete: 'set null' }),
    subcategoryId: integer('subcategory_id').references(() => subcategories.id, { onDelete: 'set null' }),
    /** Address of a maps-service photo, when the image came from there. */
    googleImage: text('google_image'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    maxChars('attractions_title_len', t.title, TITLE_MAX),
    onEarth('attractions_on_earth', t.lat, t.lng),
    // Latitude-band lookups (the places module's nearby candidates); search by distance uses geo_cell below
    // (decision 0013), which reads only the cells around the point instead of the band around the globe.
    index('attractions_lat_lng_idx').on(t.lat, t.lng),
    // Proximity search (decision 0013): the circle around a point is a few geo_cell ranges, one per 0.5° latitude
    // row, read as one bitmap of index range scans; only the rows of the cells around the point are visited.
    index('attractions_geo_cell_idx').on(t.geoCell),
    index('attractions_geo_point_idx').using('gist', t.geoPoint),
    index('attractions_author_idx').on(t.authorId),
    // check_if_user_has_place_id_in_attractions_api and affiliate lookups.
    index('attractions_place_id_idx').on(t.placeId),
    index('attractions_category_idx').on(t.categoryId),
    index('attractions_subcategory_idx').on(t.subcategoryId),
  ],
);

export type Attraction = typeof attractions.$inferSelect;
export type NewAttraction = typeof attractions.$inferInsert;
