import { EXPENSE_CATEGORIES, RATE_SOURCES } from '@rides/contract';
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  unique,
} from 'drizzle-orm/pg-core';
import { createdAt, maxChars, oneOf, updatedAt } from './columns.js';
import { accommodations } from './accommodations.js';
import { attractions } from './attractions.js';
import { rides } from './rides.js';
import { users } from './users.js';

/**
 * Money (issue 35, decision 0069): a trip's expenses in their own currencies, each frozen at the rate of its own day to
 * the trip's home currency; the people who pay and share (the trip's people, and travellers without an account);
 * the budget per category and the planner's quote; the transfers marked paid; the reference rates the server keeps.
 * Every amount is an integer of its currency's minor unit (bigint, read as a number: at most 2^53).
 */

/**
 * A traveller without an account (`POST /api/trips/{rideId}/participants`). On the wire a participant is a person id
 * like a user's, negative (-id), so the two never meet.
 */
export const tripParticipants = pgTable(
  'trip_participants',
  {
    id: serial('id').primaryKey(),
    rideId: integer('ride_id')
      .notNull()
      .references(() => rides.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    maxChars('trip_participants_name_len', t.name, 80),
    index('trip_participants_ride_idx').on(t.rideId),
  ],
);

/** Who paid what, and how it is shared, as the wire says it (person ids; amounts in the expense's minor unit). */
export interface StoredPayer {
  personId: number;
  amountMinor: number;
}
export type StoredSplit =
  | { mode: 'equal'; among: number[] }
  | { mode: 'shares'; shares: Record<string, number> }
  | { mode: 'exact'; amounts: Record<string, number> };

/**
 * One expense. `homeAmountMinor` is its amount in the trip's home currency at `rate` (a decimal string: home units per
 * one unit of the expense's currency), frozen when it was recorded: a later rate never changes it. `rateSource`:
 * `same` (already in the home currency), the provider that gave it (`ecb`, `boi`), `manual` (typed by the user), or
 * `stale` (the newest known, no connection: `rateToConfirm`). `clientId`: a phone's id for it, so one sent twice
 * (offline, then back) is one expense.
 */
export const tripExpenses = pgTable(
  'trip_expenses',
  {
    id: serial('id').primaryKey(),
    rideId: integer('ride_id')
      .notNull()
      .references(() => rides.id, { onDelete: 'cascade' }),
    clientId: text('client_id').notNull(),
    amountMinor: bigint('amount_minor', { mode: 'number' }).notNull(),
    currency: text('currency').notNull(),
    day: date('day').notNull(),
    category: text('category', { enum: EXPENSE_CATEGORIES }).notNull(),
    paidBy: jsonb('paid_by').$type<StoredPayer[]>().notNull(),
    split: jsonb('split').$type<StoredSplit>().notNull(),
    note: text('note'),
    activityId: integer('activity_id').references(() => attractions.id, { onDelete: 'set null' }),
    stayId: integer('stay_id').references(() => accommodations.id, { onDelete: 'set null' }),
    homeCurrency: text('home_currency').notNull(),
    rate: text('rate').notNull(),
    rateSource: text('rate_source', { enum: RATE_SOURCES }).notNull(),
    rateDay: date('rate_day'),
    rateToConfirm: boolean('rate_to_confirm').default(false).notNull(),
    homeAmountMinor: bigint('home_amount_minor', { mode: 'number' }).notNull(),
    /**
     * Worked out once, when written (and again when the home currency changes): each person's share in the expense's
     * minor units, and what each paid and owes in the home currency's (the ledger's expenseHomeShares). A budget of
     * thousands of expenses is then sums of integers, and settled stays settled.
     */
    shares: jsonb('shares').$type<Record<string, number>>().notNull(),
    homePaid: jsonb('home_paid').$type<Record<string, number>>().notNull(),
    homeOwed: jsonb('home_owed').$type<Record<string, number>>().notNull(),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    unique('trip_expenses_client_unique').on(t.rideId, t.clientId),
    oneOf('trip_expenses_category_check', t.category, EXPENSE_CATEGORIES),
    oneOf('trip_expenses_rate_source_check', t.rateSource, RATE_SOURCES),
    check('trip_expenses_amount_positive', sql`${t.amountMinor} > 0`),
    maxChars('trip_expenses_note_len', t.note, 500),
    index('trip_expenses_ride_idx').on(t.rideId, t.day),
  ],
);

/**
 * A trip's home currency, its limits per category (minor units of the home currency), and on a planner's trip the
 * price quoted to the client (with its currency) and whether the clients may see the money.
 */
export const tripBudgets = pgTable('trip_budgets', {
  rideId: integer('ride_id')
    .primaryKey()
    .references(() => rides.id, { onDelete: 'cascade' }),
  homeCurrency: text('home_currency').notNull(),
  limits: jsonb('limits').$type<Record<string, number>>().default({}).notNull(),
  quoteAmountMinor: bigint('quote_amount_minor', { mode: 'number' }),
  quoteCurrency: text('quote_currency'),
  quoteShared: boolean('quote_shared').default(false).notNull(),
  updatedAt: updatedAt(),
});

/** A transfer marked paid: from one person to another, in the home currency of the trip when it was marked. */
export const tripSettlements = pgTable(
  'trip_settlements',
  {
    id: serial('id').primaryKey(),
    rideId: integer('ride_id')
      .notNull()
      .references(() => rides.id, { onDelete: 'cascade' }),
    fromPerson: integer('from_person').notNull(),
    toPerson: integer('to_person').notNull(),
    amountMinor: bigint('amount_minor', { mode: 'number' }).notNull(),
    currency: text('currency').notNull(),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    check('trip_settlements_amount_positive', sql`${t.amountMinor} > 0`),
    index('trip_settlements_ride_idx').on(t.rideId),
  ],
);

/**
 * Reference rates the server fetched (issue 35 point 2): on `day`, one `base` unit is `rate` (a decimal string) units
 * of `quote`, as `source` published it. Kept so an expense finds its day's rate without a connection, and the newest
 * known one when its day's is missing.
 */
export const exchangeRates = pgTable(
  'exchange_rates',
  {
    day: date('day').notNull(),
    base: text('base').notNull(),
    quote: text('quote').notNull(),
    rate: text('rate').notNull(),
    source: text('source', { enum: RATE_SOURCES }).notNull(),
    fetchedAt: timestamp('fetched_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'exchange_rates_pk', columns: [t.source, t.day, t.base, t.quote] }),
    index('exchange_rates_pair_idx').on(t.base, t.quote, t.day),
  ],
);
