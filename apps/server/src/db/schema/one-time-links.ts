import { boolean, integer, pgTable, primaryKey, timestamp } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns.js';
import { rideAccessKeys } from './ride-access.js';
import { rides } from './rides.js';
import { users } from './users.js';

/**
 * Issue 18 points 3 and 6 (decision 0030). The one-time key itself is a row of ride_access_keys (is_one_time), its
 * uses are ride_access_key_uses and each share of a trip's link is ride_shares (billing.ts); these two tables hold
 * what those do not.
 */

/**
 * The one person a one-time key admitted (001 §2, issue 18: "a one-time link admits one person, ever"). The key is the
 * primary key: a second person can never be written, whatever runs at once, and removing the client later does not
 * free the key. The joining transaction writes it (one-time-key.repository.ts claimOneTimeKey); a join that fails
 * rolls it back with everything else.
 */
export const rideOneTimeKeyClaims = pgTable(
  'ride_one_time_key_claims',
  {
    keyId: integer('key_id')
      .notNull()
      .references(() => rideAccessKeys.id, { onDelete: 'cascade' }),
    /** The person it admitted; null if their account was deleted since (the key stays used). */
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    claimedAt: timestamp('claimed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ name: 'ride_one_time_key_claims_pk', columns: [t.keyId] })],
);

/**
 * What a white-label trip lets its users (the clients who joined it) do, set by the manager of its sub-domain (001 §6:
 * "for white-label trips, allow users to edit and create one-time links"). No row: neither.
 */
export const rideWhiteLabelPermissions = pgTable('ride_white_label_permissions', {
  rideId: integer('ride_id')
    .primaryKey()
    .references(() => rides.id, { onDelete: 'cascade' }),
  /** The trip's clients may edit it (days, activities, stays, notes), as its author may; a locked trip stays locked. */
  usersMayEdit: boolean('users_may_edit').notNull().default(false),
  /** The trip's clients may make one-time links of it (get_one_user_access_key). */
  usersMayCreateOneTimeLinks: boolean('users_may_create_one_time_links').notNull().default(false),
  updatedBy: integer('updated_by').references(() => users.id, { onDelete: 'set null' }),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export type RideOneTimeKeyClaim = typeof rideOneTimeKeyClaims.$inferSelect;
export type RideWhiteLabelPermissions = typeof rideWhiteLabelPermissions.$inferSelect;
