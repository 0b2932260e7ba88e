import { index, integer, pgTable, serial, text, timestamp, unique } from 'drizzle-orm/pg-core';
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
  },
  (t) => [
    // The upsert target of a sign-in.
    unique('devices_user_fingerprint_unique').on(t.userId, t.fingerprint),
    unique('devices_user_cookie_key_unique').on(t.userId, t.cookieKey),
    nonNegative('devices_login_count_check', t.loginCount),
    // The devices used in a period (device management, decision 0035), read from the index alone.
    index('devices_period_idx').on(t.lastLogin, t.userId, t.firstLogin, t.timezone),
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
