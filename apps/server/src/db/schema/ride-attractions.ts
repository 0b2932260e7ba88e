import { date, index, integer, pgTable, serial, time, unique } from 'drizzle-orm/pg-core';
import { attractions } from './attractions.js';
import { createdAt, nonNegative } from './columns.js';
import { rides } from './rides.js';

/**
 * An attraction placed on a day of a trip (000 §3 Attraction plannedDate / dateTime). The calls address a
 * placement by (ride, attraction), e.g. remove_attraction_from_ride_api/{rideId}/{attractionId}, so an
 * attraction appears at most once in a trip. Order within a day: time of day when set, then position.
 */
export const rideAttractions = pgTable(
  'ride_attractions',
  {
    id: serial('id').primaryKey(),
    rideId: integer('ride_id')
      .notNull()
      .references(() => rides.id, { onDelete: 'cascade' }),
    // Restrict: deleting an attraction that trips still use must be decided, not cascaded silently.
    attractionId: integer('attraction_id')
      .notNull()
      .references(() => attractions.id, { onDelete: 'restrict' }),
    /** Calendar date at the destination, 'YYYY-MM-DD'. */
    plannedDate: date('planned_date', { mode: 'string' }).notNull(),
    /** 'HH:MM:SS' local time at the destination; null when the author set none. */
    timeOfDay: time('time_of_day'),
    position: integer('position').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    unique('ride_attractions_ride_attraction_unique').on(t.rideId, t.attractionId),
    nonNegative('ride_attractions_position_check', t.position),
    // The trip page reads a whole trip in day order with one range scan.
    index('ride_attractions_ride_day_idx').on(t.rideId, t.plannedDate, t.position),
    index('ride_attractions_attraction_idx').on(t.attractionId),
  ],
);

export type RideAttraction = typeof rideAttractions.$inferSelect;
export type NewRideAttraction = typeof rideAttractions.$inferInsert;
