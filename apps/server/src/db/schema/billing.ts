import { date, index, integer, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { createdAt } from './columns.js';
import { rides } from './rides.js';
import { users } from './users.js';

/**
 * The facts planners are billed on (002 §3 billing and PDF export info). Rows are history: the user who
 * acted may be deleted (set null) and the record stays.
 */
export const rideShares = pgTable(
  'ride_shares',
  {
    id: serial('id').primaryKey(),
    rideId: integer('ride_id')
      .notNull()
      .references(() => rides.id, { onDelete: 'cascade' }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** How it was shared: 'link', 'whatsapp', 'email', ... (free text; reports group by it). */
    channel: text('channel').notNull().default('link'),
    createdAt: createdAt(),
  },
  (t) => [
    index('ride_shares_ride_created_idx').on(t.rideId, t.createdAt),
    // The month's billing reads a period of shares across all trips: ride_id too, so it reads the index only (0038).
    index('ride_shares_created_idx').on(t.createdAt, t.rideId),
  ],
);

/** One row per generated PDF; the ride's title and dates are copied as they were at export time. */
export const pdfExports = pgTable(
  'pdf_exports',
  {
    id: serial('id').primaryKey(),
    rideId: integer('ride_id')
      .notNull()
      .references(() => rides.id, { onDelete: 'cascade' }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    rideTitle: text('ride_title').notNull(),
    rideStartDate: date('ride_start_date', { mode: 'string' }).notNull(),
    rideEndDate: date('ride_end_date', { mode: 'string' }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('pdf_exports_ride_created_idx').on(t.rideId, t.createdAt),
    // The month's billing and PDF export info read a period of exports across all trips, index only (decision 0038).
    index('pdf_exports_created_idx').on(t.createdAt, t.rideId),
  ],
);

export type RideShare = typeof rideShares.$inferSelect;
export type NewRideShare = typeof rideShares.$inferInsert;
export type PdfExport = typeof pdfExports.$inferSelect;
export type NewPdfExport = typeof pdfExports.$inferInsert;
