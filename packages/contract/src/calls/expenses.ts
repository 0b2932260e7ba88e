import { z } from 'zod';
import { envelope } from '../envelope.js';
import { text } from '../input-rules.js';
import {
  CURRENCY_CODE,
  DECIMAL_AMOUNT,
  DECIMAL_RATE,
  EXPENSE_CATEGORIES,
  EXPENSE_NOTE_MAX,
  EXPENSE_PEOPLE_MAX,
  PARTICIPANT_NAME_MAX,
  RATE_SOURCES,
} from '../money.js';
import { tripIdParam } from './trips.js';

/**
 * The money calls (issue 35, decision 0069):
 *   GET    /api/trips/{rideId}/expenses                 the trip's expenses, its people, its home currency
 *   POST   /api/trips/{rideId}/expenses                 a new expense (the same clientId twice is one expense)
 *   PATCH  /api/trips/{rideId}/expenses/{id}            changes one
 *   DELETE /api/trips/{rideId}/expenses/{id}
 *   POST   /api/trips/{rideId}/participants             { name }: a traveller without an account -> a person id
 *   GET    /api/trips/{rideId}/budget                   totals, limits, balances, settle-up (home currency)
 *   PUT    /api/trips/{rideId}/budget                   { homeCurrency, limits, quote? }
 *   POST   /api/trips/{rideId}/expenses/{id}/rate       a "rate to confirm" frozen at its day's reference rate
 *   POST   /api/trips/{rideId}/settlements              { from, to, amount }: a transfer marked paid
 *   GET    /api/trips/{rideId}/expenses.csv             the expenses as CSV (the planner's)
 * The account's own home currency, which its trips without one count in (rule 88), is in its settings:
 * calls/account-settings.ts (GET/PUT /api/account/settings).
 * Amounts travel as decimal strings in their currency ("12.50"); the server keeps integers of the minor unit.
 */
const amount = z.string().regex(DECIMAL_AMOUNT, { error: 'bad_amount' });
const currency = z.string().regex(CURRENCY_CODE, { error: 'unknown_currency' });
const personId = z
  .number()
  .int()
  .min(-2_147_483_647)
  .max(2_147_483_647)
  .refine((n) => n !== 0, { error: 'not_on_trip' });
const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'bad_date_format' });
/** A person id as an object key (JSON keys are strings): "12", "-3". */
const personKey = z.string().regex(/^-?[1-9]\d{0,9}$/, { error: 'not_on_trip' });

export const expenseSplit = z.discriminatedUnion('mode', [
  z.strictObject({ mode: z.literal('equal'), among: z.array(personId).min(1).max(EXPENSE_PEOPLE_MAX) }),
  z.strictObject({
    mode: z.literal('shares'),
    shares: z.record(
      personKey,
      z.number().int({ error: 'bad_share' }).min(0).max(1_000, { error: 'bad_share' }),
    ),
  }),
  z.strictObject({ mode: z.literal('exact'), amounts: z.record(personKey, amount) }),
]);
export type ExpenseSplit = z.infer<typeof expenseSplit>;

export const expenseBody = z.strictObject({
  /** The phone's id for this expense: sent twice (offline, then back), it is one expense. */
  clientId: z.string().regex(/^[A-Za-z0-9_-]{8,64}$/, { error: 'bad_request' }),
  amount,
  currency,
  date: day,
  category: z.enum(EXPENSE_CATEGORIES, { error: 'bad_request' }),
  paidBy: z
    .array(z.strictObject({ userId: personId, amount }))
    .min(1, { error: 'payer_required' })
    .max(EXPENSE_PEOPLE_MAX),
  split: expenseSplit,
  note: text().trim().max(EXPENSE_NOTE_MAX, { error: 'bad_request' }).optional(),
  activityId: z.number().int().positive().optional(),
  stayId: z.number().int().positive().optional(),
  /** The user's own rate (home units per one unit of `currency`), instead of the reference rate of the day. */
  rate: z.string().regex(DECIMAL_RATE, { error: 'bad_rate' }).optional(),
});
export type ExpenseBody = z.input<typeof expenseBody>;

/**
 * When the expense (or the budget) was last changed, as read (`updatedAt`): sent back, a write over a change made
 * meanwhile by someone else is refused with 409 money_changed_meanwhile instead of replacing it silently.
 */
const basedOn = z.iso.datetime({ offset: true, error: 'bad_request' });

export const expensePatchBody = expenseBody
  .omit({ clientId: true })
  .partial()
  .extend({ basedOn: basedOn.optional() })
  .strict();

export const expenseIdParams = z.object({ rideId: tripIdParam, id: tripIdParam });

export const expenseWire = z.object({
  id: z.number().int(),
  clientId: z.string(),
  amount: z.string(),
  currency: z.string(),
  date: z.string(),
  category: z.enum(EXPENSE_CATEGORIES),
  paidBy: z.array(z.object({ userId: z.number().int(), amount: z.string() })),
  split: expenseSplit,
  note: z.string().nullable(),
  activityId: z.number().int().nullable(),
  stayId: z.number().int().nullable(),
  /** Frozen when recorded: the rate to the home currency, where it came from, and the amount in it. */
  homeCurrency: z.string(),
  rate: z.string(),
  rateSource: z.enum(RATE_SOURCES),
  rateToConfirm: z.boolean(),
  homeAmount: z.string(),
  /** Each person's share of it, in the expense's currency (sums exactly to `amount`). */
  shares: z.array(z.object({ userId: z.number().int(), amount: z.string() })),
  /** When it was last changed (ISO): a PATCH sends it back as `basedOn`. */
  updatedAt: z.string(),
});
export type ExpenseWire = z.infer<typeof expenseWire>;

export const moneyPerson = z.object({
  userId: z.number().int(),
  name: z.string(),
  /** A traveller without an account. */
  participant: z.boolean(),
});

/**
 * A booking's price offered as an expense (issue 35, "a stay or activity with a price offers to become an expense"): a
 * booking placed on the trip (issue 34) with a price and no expense yet on its stay or any of its activities. What the
 * new-expense form starts from: its amount in its own currency, the reservation's first day, a category by its type,
 * the stay or activity it becomes.
 */
export const expenseOfferWire = z.object({
  bookingId: z.number().int(),
  /** The stay's name or the activity's title, as on the trip. */
  title: z.string(),
  amount: z.string(),
  currency: z.string(),
  date: z.string(),
  category: z.enum(EXPENSE_CATEGORIES),
  stayId: z.number().int().optional(),
  activityId: z.number().int().optional(),
});
export type ExpenseOffer = z.infer<typeof expenseOfferWire>;

export const expensesResponse = envelope({
  expenses: z.array(expenseWire),
  people: z.array(moneyPerson),
  homeCurrency: z.string(),
  mayWrite: z.boolean(),
  /** The trip's priced bookings not yet recorded as expenses (for whoever reads the money). */
  offers: z.array(expenseOfferWire),
});
export const expenseResponse = envelope({ expense: expenseWire });

export const participantBody = z.strictObject({
  name: text().trim().min(1, { error: 'bad_request' }).max(PARTICIPANT_NAME_MAX, { error: 'bad_request' }),
});
export const participantResponse = envelope({ person: moneyPerson });

export const budgetBody = z.strictObject({
  homeCurrency: currency,
  limits: z.partialRecord(z.enum(EXPENSE_CATEGORIES, { error: 'bad_request' }), amount).default({}),
  /** The planner's quote to the client (a planner's trip only), and whether the clients see the money. */
  quote: z.strictObject({ amount, currency, shared: z.boolean() }).nullable().optional(),
  /** The budget's `updatedAt` as read (null: there was none yet); a change made meanwhile is refused with 409. */
  basedOn: basedOn.nullable().optional(),
});

const moneyLine = z.object({ amount: z.string(), currency: z.string() });
export const budgetResponse = envelope({
  homeCurrency: z.string(),
  total: z.string(),
  byCategory: z.array(
    z.object({
      category: z.enum(EXPENSE_CATEGORIES),
      spent: z.string(),
      limit: z.string().nullable(),
      left: z.string().nullable(),
    }),
  ),
  byDay: z.array(z.object({ date: z.string(), spent: z.string() })),
  people: z.array(
    z.object({
      userId: z.number().int(),
      name: z.string(),
      paid: z.string(),
      share: z.string(),
      settled: z.string(),
      balance: z.string(),
    }),
  ),
  /** The fewest transfers that zero every balance (at most one fewer than the people with a balance). */
  settleUp: z.array(z.object({ from: z.number().int(), to: z.number().int(), amount: z.string() })),
  /** Expenses whose rate is the newest known, not their day's (no connection when recorded). */
  ratesToConfirm: z.number().int(),
  /** The planner's quote and margin: for the planner, and the clients when shared; else null. */
  quote: moneyLine.extend({ costs: z.string(), margin: z.string(), shared: z.boolean() }).nullable(),
  mayWrite: z.boolean(),
  /** The reader may set the quote (the trip's planner). */
  mayQuote: z.boolean(),
  /** When the home currency, the limits or the quote last changed (null: never set); PUT sends it back as `basedOn`. */
  updatedAt: z.string().nullable(),
});
export type BudgetResponse = z.infer<typeof budgetResponse>;

export const settlementBody = z.strictObject({ from: personId, to: personId, amount });
export const settlementResponse = envelope({ id: z.number().int() });

export const expensesParams = z.object({ rideId: tripIdParam });
