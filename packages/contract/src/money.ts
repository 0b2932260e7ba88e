/**
 * Money's words (issue 35, decision 0069), light enough for any page: the categories of an expense, where a rate came
 * from, the decimal strings amounts travel as, and the person ids of the trip's people (a user's id, or a participant
 * without an account as a negative id). The arithmetic (splits, balances, settle-up, conversion) is ledger.ts, on a
 * kept money library (dinero.js), loaded only where money is shown.
 */
export const EXPENSE_CATEGORIES = [
  'lodging',
  'transport',
  'food',
  'activities',
  'shopping',
  'other',
] as const;
export type ExpenseCategory = (typeof EXPENSE_CATEGORIES)[number];

/**
 * Where an expense's rate came from: `same` (the home currency itself), a provider (`ecb`: the European Central Bank's
 * daily reference rates; `boi`: the Bank of Israel's representative rates), `manual` (typed by the user), `stale` (the
 * newest rate known when the day's could not be fetched: "rate to confirm").
 */
export const RATE_SOURCES = ['same', 'ecb', 'boi', 'manual', 'stale'] as const;
export type RateSource = (typeof RATE_SOURCES)[number];

/** An amount on the wire: a plain decimal string, at most 12 digits before the point and 4 after ("12.50", "1500"). */
export const DECIMAL_AMOUNT = /^(?:0|[1-9]\d{0,11})(?:\.\d{1,4})?$/;
/** A rate on the wire: a positive decimal string with up to 10 decimals ("3.9512"). */
export const DECIMAL_RATE = /^(?:0|[1-9]\d{0,8})(?:\.\d{1,10})?$/;
export const CURRENCY_CODE = /^[A-Z]{3}$/;

/** The most people one expense is shared among or paid by, and expenses per trip. */
export const EXPENSE_PEOPLE_MAX = 50;
export const EXPENSES_PER_TRIP_MAX = 5_000;
export const EXPENSE_NOTE_MAX = 500;
export const PARTICIPANT_NAME_MAX = 80;

/** A participant's person id (negative) and back; a user's person id is their user id. */
export const participantPersonId = (participantId: number): number => -participantId;
export const isParticipantPersonId = (personId: number): boolean => personId < 0;
