import { integer, pgTable, serial, text, timestamp, unique } from 'drizzle-orm/pg-core';
import { createdAt } from './columns.js';
import { rides } from './rides.js';
import { users } from './users.js';

/** Issue 19 points 3 and 4 (decision 0033): the calendar feed of a trip. */

/**
 * A viewer's secret address of a private trip's calendar (ICS) feed: the token stands for the viewer, so a calendar
 * app subscribes without the Authorization header. The view policy still decides on every read (a client removed from
 * the trip reads nothing with it); resetting replaces the token, so the old address stops working.
 */
export const rideCalendarFeeds = pgTable(
  'ride_calendar_feeds',
  {
    id: serial('id').primaryKey(),
    rideId: integer('ride_id')
      .notNull()
      .references(() => rides.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** 32 random bytes, base64url (43 characters). */
    token: text('token').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    unique('ride_calendar_feeds_ride_user_unique').on(t.rideId, t.userId),
    unique('ride_calendar_feeds_token_unique').on(t.token),
  ],
);

/**
 * What a trip's calendar last held, so that SEQUENCE and LAST-MODIFIED change exactly when the calendar's content does
 * (RFC 5545 3.8.7.4: a calendar app applies an event again only when its SEQUENCE rose): the export hashes its events
 * and, when the hash differs from this row's, raises the sequence. Whatever changed the trip (an activity, a stay, an
 * attraction's text), no writer has to remember the calendar.
 */
export const rideCalendarVersions = pgTable('ride_calendar_versions', {
  rideId: integer('ride_id')
    .primaryKey()
    .references(() => rides.id, { onDelete: 'cascade' }),
  /** sha256 (hex) of the events as exported, without the time stamps. */
  contentHash: text('content_hash').notNull(),
  sequence: integer('sequence').notNull().default(0),
  modifiedAt: timestamp('modified_at', { withTimezone: true }).notNull().defaultNow(),
});
