import {
  DEFAULT_PARTY,
  DEFAULT_TRIP_CATEGORY,
  MAX_TRIP_DAYS,
  TRIP_CATEGORIES,
  TRIP_LANGUAGES,
  TITLE_MAX,
} from '@rides/contract';
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { createdAt, maxChars, nonNegative, oneOf, updatedAt } from './columns.js';
import { subdomainThemes } from './themes.js';
import { users } from './users.js';

export const RIDE_TYPES = ['public', 'private'] as const;
export type RideType = (typeof RIDE_TYPES)[number];

/**
 * Trips (000 §3 Ride, 001 §3 Ride). Dates are calendar dates at the destination (`date`, read and written
 * as 'YYYY-MM-DD' strings; the wire's DD-MM-YYYY is converted by the contract's helpers). A trip lasts
 * end - start + 1 days, at most MAX_TRIP_DAYS.
 */
export const rides = pgTable(
  'rides',
  {
    id: serial('id').primaryKey(),
    // Restrict: a user with trips is not deleted by accident; their trips are moved or removed first.
    authorId: integer('author_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    title: text('title').notNull(),
    /** HTML; sanitised where it is rendered. */
    text: text('text').notNull().default(''),
    startDate: date('start_date', { mode: 'string' }).notNull(),
    endDate: date('end_date', { mode: 'string' }).notNull(),
    language: text('language', { enum: TRIP_LANGUAGES }).notNull().default('hebrew'),
    type: text('type', { enum: RIDE_TYPES }).notNull().default('public'),
    /** A base trip is edited directly; copies point to it through based_ride_id. */
    isBasedRide: boolean('is_based_ride').notNull().default(false),
    basedRideId: integer('based_ride_id').references((): AnyPgColumn => rides.id, { onDelete: 'set null' }),
    /**
     * When its author last changed the trip's content (days, activities, stays, texts, its information). A copy that
     * was never changed repeats its original, so search shows the original only (search.repository.ts searchableRide).
     */
    contentChangedAt: timestamp('content_changed_at', { withTimezone: true }),
    isWhiteLabel: boolean('is_white_label').notNull().default(false),
    isLocked: boolean('is_locked').notNull().default(false),
    /** The planner of a private trip (000 §3: "a number marks a private ride"). */
    rideManagerId: integer('ride_manager_id').references(() => users.id, { onDelete: 'set null' }),
    subdomain: text('subdomain').references(() => subdomainThemes.subdomain, {
      onDelete: 'set null',
      onUpdate: 'cascade',
    }),
    topPageImageUrl: text('top_page_image_url'),
    numberOfAdult: integer('number_of_adult').notNull().default(DEFAULT_PARTY.number_of_adult),
    numberOfTeen: integer('number_of_teen').notNull().default(DEFAULT_PARTY.number_of_teen),
    numberOfChild: integer('number_of_child').notNull().default(DEFAULT_PARTY.number_of_child),
    physicalDisabilities: boolean('physical_disabilities')
      .notNull()
      .default(DEFAULT_PARTY.physical_disabilities),
    category: text('category', { enum: TRIP_CATEGORIES }).notNull().default(DEFAULT_TRIP_CATEGORY),
    photosAlbumLink: text('photos_album_link'),
    /** One of the demo trips of 000 §9 (not shareable, not copyable). */
    isDemo: boolean('is_demo').notNull().default(false),
    hiddenFromShortlist: boolean('hidden_from_shortlist').notNull().default(false),
    /**
     * The trip's version (issue 33, decision 0062): bumped by every change of the trip, its content, its members, its
     * comments and lists, each written as a row of trip_events under this row's lock. Answered as the ETag of the
     * trip's reads and compared with an edit's If-Match.
     */
    version: integer('version').notNull().default(1),
    /**
     * The days' stable ids in order (issue 37, decision 0075: what a copy and its original are merged on). Null: not
     * assigned yet, read as 'd0'..'d{n-1}' by index; assigned when the trip is copied (the original and its copy), and
     * from then kept by every call that adds, removes or shifts days (modules/lineage/day-ids.ts).
     */
    dayIds: jsonb('day_ids').$type<string[]>(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    maxChars('rides_title_len', t.title, TITLE_MAX),
    oneOf('rides_language_check', t.language, TRIP_LANGUAGES),
    oneOf('rides_type_check', t.type, RIDE_TYPES),
    oneOf('rides_category_check', t.category, TRIP_CATEGORIES),
    nonNegative('rides_number_of_adult_check', t.numberOfAdult),
    nonNegative('rides_number_of_teen_check', t.numberOfTeen),
    nonNegative('rides_number_of_child_check', t.numberOfChild),
    check('rides_dates_order', sql`${t.endDate} >= ${t.startDate}`),
    // date - date is a whole number of days; a trip of N days has end - start = N - 1.
    check('rides_max_days', sql`${t.endDate} - ${t.startDate} < ${sql.raw(String(MAX_TRIP_DAYS))}`),
    check('rides_not_own_base', sql`${t.basedRideId} <> ${t.id}`),
    index('rides_author_idx').on(t.authorId),
    index('rides_ride_manager_idx').on(t.rideManagerId),
    index('rides_based_ride_idx').on(t.basedRideId),
    // The public listing (global_rides_api) filters on type and orders by recency.
    index('rides_type_created_idx').on(t.type, t.createdAt),
  ],
);

export type Ride = typeof rides.$inferSelect;
export type NewRide = typeof rides.$inferInsert;
