import { DEFAULT_AUTHORIZED_USERS, RECIPIENT_DETAILS_MAX } from '@rides/contract';
import { sql } from 'drizzle-orm';
import {
  boolean,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAt, maxChars, nonNegative, oneOf } from './columns.js';
import { rides } from './rides.js';
import { subdomainThemes } from './themes.js';
import { users } from './users.js';

export const ACCESS_ACTIONS = ['view', 'copy'] as const;
export type AccessAction = (typeof ACCESS_ACTIONS)[number];

/**
 * Access keys of private and white-label trips (001 §3 "Ride access key"). The key is shown to its planner
 * again (the registration link), so it is stored as given, not hashed; it is long and random.
 */
export const rideAccessKeys = pgTable(
  'ride_access_keys',
  {
    id: serial('id').primaryKey(),
    rideId: integer('ride_id')
      .notNull()
      .references(() => rides.id, { onDelete: 'cascade' }),
    secretKey: text('secret_key').notNull().unique('ride_access_keys_secret_key_unique'),
    subdomain: text('subdomain').references(() => subdomainThemes.subdomain, {
      onDelete: 'set null',
      onUpdate: 'cascade',
    }),
    redirectPage: text('redirect_page'),
    consultingMeetingCalendarLink: text('consulting_meeting_calendar_link'),
    /** How many users may join with this key; 0 means unlimited (001 §5). */
    authorizedUsersCount: integer('authorized_users_count').notNull().default(DEFAULT_AUTHORIZED_USERS),
    action: text('action', { enum: ACCESS_ACTIONS }).notNull().default('view'),
    isWhiteLabel: boolean('is_white_label').notNull().default(false),
    isOneTime: boolean('is_one_time').notNull().default(false),
    /** One-time keys: "<user id> <details>", cut to RECIPIENT_DETAILS_MAX by the service (001 §5). */
    recipientDetails: text('recipient_details'),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    /** After this moment the key admits no one (null: never expires; decision 0028). */
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    /** Set when the planner revokes the key: it admits no one until cleared (decision 0028). */
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    /** Mail the planner when a client this key admitted opens the trip for the first time (decision 0028). */
    notifyOnFirstOpen: boolean('notify_on_first_open').notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [
    nonNegative('ride_access_keys_authorized_users_count_check', t.authorizedUsersCount),
    oneOf('ride_access_keys_action_check', t.action, ACCESS_ACTIONS),
    maxChars('ride_access_keys_recipient_details_len', t.recipientDetails, RECIPIENT_DETAILS_MAX),
    index('ride_access_keys_ride_idx').on(t.rideId),
  ],
);

/**
 * Every use of a key (join of a private trip; 002 §3 "One-time access usage"). user_id may be empty in
 * the spec's records; new_ride_id is the copy the join produced, if any.
 */
export const rideAccessKeyUses = pgTable(
  'ride_access_key_uses',
  {
    id: serial('id').primaryKey(),
    keyId: integer('key_id')
      .notNull()
      .references(() => rideAccessKeys.id, { onDelete: 'cascade' }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    message: text('message'),
    newRideId: integer('new_ride_id').references(() => rides.id, { onDelete: 'set null' }),
    /**
     * The use took a place of the key (the user joined, or got their copy): these count against
     * authorized_users_count while removed_at is empty. A refused use is recorded with its code as message.
     */
    admitted: boolean('admitted').notNull().default(false),
    /** The planner removed the client (decision 0028): the place is free again. */
    removedAt: timestamp('removed_at', { withTimezone: true }),
    /** An anonymous open of a one-time link's join page: the device (a hash) and the UTC day (decision 0028). */
    device: text('device'),
    openedOn: date('opened_on', { mode: 'string' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('ride_access_key_uses_key_idx').on(t.keyId, t.createdAt),
    index('ride_access_key_uses_user_idx').on(t.userId),
    // One-time usage since a date reads a period of uses across all keys (decision 0038); with the key, the count per
    // trip is read from the index alone (migration 0015: about a fifth faster at 50,000 uses than the date alone).
    index('ride_access_key_uses_created_idx').on(t.createdAt, t.keyId),
    /** One place per user and key: a second join of the same user cannot take another. */
    uniqueIndex('ride_access_key_uses_one_place')
      .on(t.keyId, t.userId)
      .where(sql`${t.admitted} AND ${t.removedAt} IS NULL`),
    /** One anonymous open recorded per key, device and day: a visitor reloading the page cannot flood the table. */
    uniqueIndex('ride_access_key_uses_one_open_a_day')
      .on(t.keyId, t.device, t.openedOn)
      .where(sql`${t.openedOn} IS NOT NULL`),
  ],
);

/**
 * Opens of a private trip by its authorised clients (issue 18 "Go beyond", decision 0028): one row per client, trip
 * and device, upserted once per open of the trip page (ride_header_api). The planner's access page shows, per client,
 * how many devices, how many opens and the last one.
 */
export const rideClientOpens = pgTable(
  'ride_client_opens',
  {
    rideId: integer('ride_id')
      .notNull()
      .references(() => rides.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** A hash naming the device (its device cookie, else its user agent); never the raw value. */
    device: text('device').notNull(),
    opens: integer('opens').notNull().default(1),
    firstOpenedAt: timestamp('first_opened_at', { withTimezone: true }).notNull().defaultNow(),
    lastOpenedAt: timestamp('last_opened_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'ride_client_opens_pk', columns: [t.rideId, t.userId, t.device] }),
    nonNegative('ride_client_opens_opens_check', t.opens),
    maxChars('ride_client_opens_device_len', t.device, 64),
  ],
);

export type RideAccessKey = typeof rideAccessKeys.$inferSelect;
export type NewRideAccessKey = typeof rideAccessKeys.$inferInsert;
export type RideAccessKeyUse = typeof rideAccessKeyUses.$inferSelect;
export type NewRideAccessKeyUse = typeof rideAccessKeyUses.$inferInsert;
export type RideClientOpen = typeof rideClientOpens.$inferSelect;
