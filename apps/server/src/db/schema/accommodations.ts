import { ACCOMMODATION_NAME_MAX, BOOKING_CONFIRMATION_MAX } from '@rides/contract';
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  doublePrecision,
  index,
  integer,
  pgTable,
  real,
  serial,
  text,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { createdAt, geoCell, geoPoint, maxChars, oneOf, onEarth, updatedAt } from './columns.js';
import { rides } from './rides.js';

/** 'base_trip_accomodation' is spelt as on the wire: the value is data the clients compare against. */
export const ACCOMMODATION_STATUSES = ['booked', 'base_trip_accomodation'] as const;
export type AccommodationStatus = (typeof ACCOMMODATION_STATUSES)[number];

/**
 * Where the travellers sleep (000 §3 Accommodation). Column names are plain English; the wire's spellings
 * (cuntry_and_city, longtitude, paralel_ride_accommodation) are API concerns, mapped in the presenters:
 *   cuntry_and_city -> country_and_city, latitude -> lat, longtitude -> lng,
 *   paralel_ride_accommodation -> parallel_ride_accommodation_id.
 * firestDayAtThisAccommodation is derived from check_in_date and not stored.
 */
export const accommodations = pgTable(
  'accommodations',
  {
    id: serial('id').primaryKey(),
    rideId: integer('ride_id')
      .notNull()
      .references(() => rides.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** "country, city" from the place's long names. */
    countryAndCity: text('country_and_city'),
    address: text('address'),
    /** Where a navigation app should go, when it differs from the place (000 §2 "navigation address if different"). */
    navigationAddress: text('navigation_address'),
    link: text('link'),
    text: text('text').notNull().default(''),
    imageUrl: text('image_url'),
    rate: real('rate'),
    lat: doublePrecision('lat').notNull(),
    lng: doublePrecision('lng').notNull(),
    /** Derived from lat/lng by the database (columns.ts geoCell); the key of proximity search. */
    geoCell: geoCell(),
    /** Derived from lat/lng by the database (columns.ts geoPoint); nearest-first search walks its GiST index. */
    geoPoint: geoPoint(),
    /** Calendar dates at the destination, 'YYYY-MM-DD'; the last night is check_out_date - 1. */
    checkInDate: date('check_in_date', { mode: 'string' }).notNull(),
    checkOutDate: date('check_out_date', { mode: 'string' }).notNull(),
    bookingConfirmation: text('booking_confirmation'),
    status: text('status', { enum: ACCOMMODATION_STATUSES }).notNull().default('booked'),
    /** Booked by the traveller (not carried over from the base trip); protects it when days change. */
    orderedByUser: boolean('ordered_by_user').notNull().default(false),
    /** The base trip's suggestion this booking stands in for, when the trip is a copy. */
    parallelRideAccommodationId: integer('parallel_ride_accommodation_id').references(
      (): AnyPgColumn => accommodations.id,
      {
        onDelete: 'set null',
      },
    ),
    /**
     * Who this row is across copies (issue 37, decision 0075): a copy's row keeps its original row's lineage id, so a
     * stay or a note is matched with the original's when they are merged. Null: the row's own id (as text).
     */
    lineageId: text('lineage_id'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    maxChars('accommodations_name_len', t.name, ACCOMMODATION_NAME_MAX),
    maxChars('accommodations_booking_confirmation_len', t.bookingConfirmation, BOOKING_CONFIRMATION_MAX),
    oneOf('accommodations_status_check', t.status, ACCOMMODATION_STATUSES),
    check('accommodations_dates_order', sql`${t.checkOutDate} >= ${t.checkInDate}`),
    onEarth('accommodations_on_earth', t.lat, t.lng),
    index('accommodations_ride_dates_idx').on(t.rideId, t.checkInDate),
    // Latitude-band lookups; search by distance uses geo_cell below (decision 0013).
    index('accommodations_lat_lng_idx').on(t.lat, t.lng),
    // serch_accommodations_by_location_api: the same cell ranges as attractions (decision 0013).
    index('accommodations_geo_cell_idx').on(t.geoCell),
    index('accommodations_geo_point_idx').using('gist', t.geoPoint),
    // Deleting an accommodation nulls its parallels; without this index that is a scan of the table.
    index('accommodations_parallel_idx').on(t.parallelRideAccommodationId),
  ],
);

export type Accommodation = typeof accommodations.$inferSelect;
export type NewAccommodation = typeof accommodations.$inferInsert;
