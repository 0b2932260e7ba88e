import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, serial, text, timestamp, unique } from 'drizzle-orm/pg-core';
import { nonNegative } from './columns.js';
import { users } from './users.js';

/**
 * Devices a user signs in from (002 §3 User device), for the admin's suspicious-users and device
 * analysis screens. A device is the browser's device cookie (the sign-in's first-party cookie, device-cookie.ts), with
 * the fingerprint of what the client sends with app_login as the fallback for a browser that has none yet: so a
 * browser update, which changes the fingerprint, is not a new device (decision 0035).
 */
export const devices = pgTable(
  'devices',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    fingerprint: text('fingerprint').notNull(),
    /** A hash of the device cookie's nonce; null until the device has signed in with one. */
    cookieKey: text('cookie_key'),
    deviceName: text('device_name'),
    userAgent: text('user_agent'),
    screenInfo: text('screen_info'),
    timezone: text('timezone'),
    languages: text('languages'),
    firstLogin: timestamp('first_login', { withTimezone: true }).notNull().defaultNow(),
    lastLogin: timestamp('last_login', { withTimezone: true }).notNull().defaultNow(),
    loginCount: integer('login_count').notNull().default(1),
    /**
     * 1 for the user's most recently used device (the latest last sign-in, then the highest id), 2 for the next, and so
     * on; and whether the user's devices are in two time zones or more. Kept by the database (migration 0018's
     * triggers, whoever writes devices), so the device management listing reads a period's counts from an index
     * instead of grouping every device of the period (decision 0035): a user used `n` devices or more since `t` when
     * their device of recency `n` was last used since `t`.
     */
    recency: integer('recency').notNull().default(0),
    zonesDiffer: boolean('zones_differ').notNull().default(false),
  },
  (t) => [
    // The upsert target of a sign-in.
    unique('devices_user_fingerprint_unique').on(t.userId, t.fingerprint),
    unique('devices_user_cookie_key_unique').on(t.userId, t.cookieKey),
    nonNegative('devices_login_count_check', t.loginCount),
    // Device management (decision 0035), each read from its index alone: the users over a device count in a period,
    // the users whose devices are in several time zones, the devices first seen in a period.
    index('devices_recency_idx').on(t.recency, t.lastLogin, t.userId),
    index('devices_zoned_idx')
      .on(t.lastLogin, t.userId)
      .where(sql`${t.zonesDiffer} AND ${t.recency} = 2`),
    index('devices_first_login_idx').on(t.firstLogin, t.userId),
  ],
);

/** Every sign-in (002: total_logins, logins within days_back). */
export const logins = pgTable(
  'logins',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    deviceId: integer('device_id').references(() => devices.id, { onDelete: 'set null' }),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    /** Client address as the server saw it (text: proxies may hand over anything). */
    ip: text('ip'),
  },
  (t) => [
    index('logins_user_at_idx').on(t.userId, t.at),
    index('logins_at_idx').on(t.at),
    index('logins_device_idx').on(t.deviceId),
  ],
);

export type Device = typeof devices.$inferSelect;
export type NewDevice = typeof devices.$inferInsert;
export type Login = typeof logins.$inferSelect;
export type NewLogin = typeof logins.$inferInsert;
