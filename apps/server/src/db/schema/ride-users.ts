import { index, integer, pgTable, primaryKey } from 'drizzle-orm/pg-core';
import { createdAt } from './columns.js';
import { rideAccessKeys } from './ride-access.js';
import { rides } from './rides.js';
import { users } from './users.js';

/**
 * A user's list of trips besides the ones they author (add_ride_to_user_api, user_rides_api): a visitor
 * adds a trip before editing or to keep it.
 */
export const userRides = pgTable(
  'user_rides',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    rideId: integer('ride_id')
      .notNull()
      .references(() => rides.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ name: 'user_rides_pk', columns: [t.userId, t.rideId] }),
    index('user_rides_ride_idx').on(t.rideId),
  ],
);

/** Who may open a private trip besides its author and planner (joined by key, or granted directly). */
export const rideAuthorizedUsers = pgTable(
  'ride_authorized_users',
  {
    rideId: integer('ride_id')
      .notNull()
      .references(() => rides.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The key the user joined with; counts against its authorized_users_count. */
    keyId: integer('key_id').references(() => rideAccessKeys.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ name: 'ride_authorized_users_pk', columns: [t.rideId, t.userId] }),
    index('ride_authorized_users_user_idx').on(t.userId),
    index('ride_authorized_users_key_idx').on(t.keyId),
  ],
);

export type UserRide = typeof userRides.$inferSelect;
export type RideAuthorizedUser = typeof rideAuthorizedUsers.$inferSelect;
