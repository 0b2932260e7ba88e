import {
  DAY_LIMIT_HOURS_MAX,
  DAY_LIMIT_HOURS_MIN,
  EMAIL_MAX,
  ROLES,
  TITLE_MAX,
  USER_NAME_MAX,
} from '@rides/contract';
import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { createdAt, maxChars, nonNegative, oneOf } from './columns.js';

/**
 * Accounts (001 §3 User, 000 §3 author block). One identity per address: emails are stored trimmed and
 * lowercased (the CHECK refuses anything else, so a forgotten toLowerCase() fails loudly instead of
 * creating a twin account). Email is nullable because a Facebook sign-in may come without one; every
 * account has at least one way in (email, Google or Facebook).
 */
export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    email: text('email').unique('users_email_unique'),
    /** argon2id PHC string; null for accounts that only sign in with Google or Facebook. */
    passwordHash: text('password_hash'),
    googleSub: text('google_sub').unique('users_google_sub_unique'),
    facebookId: text('facebook_id').unique('users_facebook_id_unique'),
    userName: text('user_name').notNull(),
    role: text('role', { enum: ROLES }).notNull().default('user'),
    /**
     * A platform admin (decision 0035): opens the admin screens and calls. Not a role of the spec's wire: a planner is a
     * manager and must never see other planners' data, so admin is a separate flag only the operator CLI sets.
     */
    isAdmin: boolean('is_admin').notNull().default(false),
    // Author block shown on trips (000 §3 "User extra information").
    profileImage: text('profile_image'),
    title: text('title'),
    about: text('about'),
    facebookLink: text('facebook_link'),
    instagramLink: text('instagram_link'),
    websiteLink: text('website_link'),
    /**
     * The version every session token carries (claim `ver`); bumping it signs the user out everywhere (password
     * change or reset, "sign out everywhere"). Decision 0024.
     */
    tokenVersion: integer('token_version').notNull().default(0),
    /**
     * The account's own home currency for its trips' costs (issue 35): a trip without one chosen counts in it (rule 88,
     * modules/money/home-currency.ts). Null: none chosen (₪ for a trip in Hebrew, else US dollars).
     */
    homeCurrency: text('home_currency'),
    /**
     * The longest day the traveller plans, in whole hours (issue 36 point 3, rule 107): the trip's checks warn this
     * reader of a longer day. Null: none chosen (12 hours, day-checks/day-plan.ts).
     */
    dayLimitHours: integer('day_limit_hours'),
    createdAt: createdAt(),
  },
  (t) => [
    oneOf('users_role_check', t.role, ROLES),
    check('users_email_lowercase', sql`${t.email} = lower(btrim(${t.email}))`),
    maxChars('users_email_len', t.email, EMAIL_MAX),
    maxChars('users_user_name_len', t.userName, USER_NAME_MAX),
    maxChars('users_title_len', t.title, TITLE_MAX),
    nonNegative('users_token_version_check', t.tokenVersion),
    check('users_home_currency_check', sql`${t.homeCurrency} ~ '^[A-Z]{3}$'`),
    check(
      'users_day_limit_hours_check',
      sql`${t.dayLimitHours} BETWEEN ${sql.raw(String(DAY_LIMIT_HOURS_MIN))} AND ${sql.raw(String(DAY_LIMIT_HOURS_MAX))}`,
    ),
    check(
      'users_has_identity',
      sql`${t.email} IS NOT NULL OR ${t.googleSub} IS NOT NULL OR ${t.facebookId} IS NOT NULL`,
    ),
    // The planners (a tenth of the users, say): the admin's billing and usage listings join them (decision 0038).
    index('users_managers_idx')
      .on(t.id)
      .where(sql`${t.role} = 'manager'`),
  ],
);

export type User = typeof users.$inferSelect;
export type NewUser = typeof users.$inferInsert;
