import { date, index, integer, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns.js';
import { rides } from './rides.js';

/**
 * General information of a trip (000 §3 rideExtraInformation and rideExtraInformationByDay). One table:
 * date null is trip-wide ({id, title, text}); a date makes it that day's note ({id, date, text}).
 */
export const rideExtraInformation = pgTable(
  'ride_extra_information',
  {
    id: serial('id').primaryKey(),
    rideId: integer('ride_id')
      .notNull()
      .references(() => rides.id, { onDelete: 'cascade' }),
    title: text('title').notNull().default(''),
    /** HTML; sanitised where it is rendered. */
    text: text('text').notNull().default(''),
    date: date('date', { mode: 'string' }),
    /**
     * Who this row is across copies (issue 37, decision 0075): a copy's row keeps its original row's lineage id, so a
     * stay or a note is matched with the original's when they are merged. Null: the row's own id (as text).
     */
    lineageId: text('lineage_id'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('ride_extra_information_ride_date_idx').on(t.rideId, t.date)],
);

export type RideExtraInformation = typeof rideExtraInformation.$inferSelect;
export type NewRideExtraInformation = typeof rideExtraInformation.$inferInsert;
