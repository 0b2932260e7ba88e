import {
  allocate,
  convert as convertMoney,
  dinero,
  halfEven,
  toDecimal,
  toSnapshot,
  transformScale,
  type Dinero,
  type DineroCurrency,
  type DineroScaledAmount,
} from 'dinero.js/bigint';
import * as iso4217 from 'dinero.js/bigint/currencies';
import type { ExpenseSplit } from './calls/expenses.js';
import { DECIMAL_AMOUNT, DECIMAL_RATE } from './money.js';

/**
 * Money's arithmetic (issue 35, decision 0069): amounts are integers of their currency's minor unit (cents, agorot,
 * yen, fils), never floats. dinero.js does the allocation and the conversion on bigint amounts: a 12-digit amount
 * times a 10-decimal rate or a share's weight is far beyond 2^53, where a number would silently round. What goes in
 * and out stays a plain number (a safe integer), as the database and the wire keep it.
 */

/** A person of the trip: a user's id, or a participant without an account as a negative id (money.ts). */
export type PersonId = number;

export type AmountProblem = 'unknown_currency' | 'amount_too_precise' | 'bad_amount';
export type SplitProblem = AmountProblem | 'split_does_not_add_up' | 'bad_share';
export type PaidProblem = AmountProblem | 'paid_does_not_add_up';

export type Checked<T, Code extends string> = ({ ok: true } & T) | { ok: false; code: Code };

export interface Transfer {
  from: PersonId;
  to: PersonId;
  amountMinor: number;
}

/** One expense in the home currency: what each paid, and what each owes. */
export interface HomeEntry {
  paid: ReadonlyMap<PersonId, number>;
  owed: ReadonlyMap<PersonId, number>;
}

type Currency = DineroCurrency<bigint>;

/** Every currency dinero.js knows, by code: its table follows ISO 4217, exponents included (KWD 3, JPY 0, CLF 4). */
const CURRENCIES: ReadonlyMap<string, Currency> = new Map(
  Object.values(iso4217 as Record<string, Currency>).map((c) => [c.code, c]),
);

const currencyOf = (code: string): Currency | null => CURRENCIES.get(code) ?? null;

function knownCurrency(code: string): Currency {
  const currency = currencyOf(code);
  if (!currency) throw new RangeError(`ledger: unknown currency ${code}`);
  return currency;
}

const money = (minor: bigint, currency: Currency): Dinero<bigint> => dinero({ amount: minor, currency });
const minorOf = (d: Dinero<bigint>): bigint => toSnapshot(d).amount;

/** A bigint result back to a number: beyond 2^53 a number would no longer be that integer. */
function toSafe(value: bigint): number {
  const n = Number(value);
  if (!Number.isSafeInteger(n))
    throw new RangeError(`ledger: ${value} minor units is beyond exact arithmetic`);
  return n;
}

const isMinor = (n: number): boolean => Number.isSafeInteger(n) && n >= 0;
const sum = (values: Iterable<number>): bigint => {
  let total = 0n;
  for (const v of values) total += BigInt(v);
  return total;
};

/** The decimals of a currency (2 for ILS, 0 for JPY, 3 for KWD), or null when it is not an ISO 4217 currency we know. */
export function currencyExponent(code: string): number | null {
  const currency = currencyOf(code);
  return currency ? Number(currency.exponent) : null;
}

/**
 * A decimal string ("12.50") to integer minor units (1250). Read from the digits, never through a float. Trailing zeros
 * past the currency's decimals are the same amount ("1500.0" yen is 1500 yen, "12.340" euros 1234 cents); a digit that
 * is not zero there ("12.345" euros) is an amount the currency cannot hold. Zero is not an expense (`allowZero` for an
 * exact share, which may be nothing).
 */
export function toMinor(
  amount: string,
  currencyCode: string,
  options: { allowZero?: boolean } = {},
): Checked<{ minor: number }, AmountProblem> {
  const currency = currencyOf(currencyCode);
  if (!currency) return { ok: false, code: 'unknown_currency' };
  if (!DECIMAL_AMOUNT.test(amount)) return { ok: false, code: 'bad_amount' };
  const exponent = Number(currency.exponent);
  const [whole = '0', fraction = ''] = amount.split('.');
  if (fraction.replace(/0+$/, '').length > exponent) return { ok: false, code: 'amount_too_precise' };
  const minor = Number(BigInt(whole + fraction.padEnd(exponent, '0').slice(0, exponent)));
  // 12 digits with 4 decimals (CLF) passes 2^53: no real expense, so refused rather than rounded
  if (!Number.isSafeInteger(minor)) return { ok: false, code: 'bad_amount' };
  if (minor === 0 && !options.allowZero) return { ok: false, code: 'bad_amount' };
  return { ok: true, minor };
}

/** Minor units back to the wire's decimal string, always with the currency's decimals: "12.50", "1500" (JPY), "-3.20". */
export function fromMinor(minor: number, currencyCode: string): string {
  if (!Number.isSafeInteger(minor)) throw new RangeError(`ledger: ${minor} is not an integer amount`);
  const exponent = Number(knownCurrency(currencyCode).exponent);
  // Placing the point in the integer's digits is exact and cheap (a budget formats thousands of amounts); dinero's
  // toDecimal gives the same text (the tests compare the two over the random ledgers).
  const digits = String(Math.abs(minor)).padStart(exponent + 1, '0');
  const text = exponent === 0 ? digits : `${digits.slice(0, -exponent)}.${digits.slice(-exponent)}`;
  return minor < 0 ? `-${text}` : text;
}

/** dinero.js's own formatting of minor units: what fromMinor must always agree with. */
export const fromMinorByDinero = (minor: number, currencyCode: string): string =>
  toDecimal(money(BigInt(minor), knownCurrency(currencyCode)));

/**
 * Splits `total` by integer weights, exactly: dinero.js gives each its floor of the proportion and the remainder one unit
 * at a time to the largest weights first. Among equal weights dinero's order is whatever the engine's sort does (its
 * comparator never answers "equal": V8 keeps the given order, an insertion sort would reverse it), and the server and
 * a phone must agree to the agora; so the amounts of each group of equal weights are dealt again, larger first, in the
 * order given. Equal weights have equal floors, so this only moves the remainder's units, never the sum.
 */
function allocateByWeights(total: bigint, weights: readonly bigint[], currency: Currency): bigint[] {
  if (weights.every((w) => w === 0n)) return weights.map(() => 0n);
  const parts = allocate(money(total, currency), weights).map(minorOf);
  const byWeight = new Map<bigint, number[]>();
  weights.forEach((w, i) => {
    const group = byWeight.get(w);
    if (group) group.push(i);
    else byWeight.set(w, [i]);
  });
  const dealt = [...parts];
  for (const indexes of byWeight.values()) {
    const amounts = indexes.map((i) => parts[i] ?? 0n).sort((a, b) => (a > b ? -1 : a < b ? 1 : 0));
    indexes.forEach((index, k) => (dealt[index] = amounts[k] ?? 0n));
  }
  return dealt;
}

/** A person id from a record's key ("12", "-3"): JSON keys are strings. */
function personOfKey(key: string): PersonId | null {
  if (!/^-?[1-9]\d*$/.test(key)) return null;
  const id = Number(key);
  return Number.isSafeInteger(id) ? id : null;
}

/**
 * A record's people in ascending id. Its key order is not the sender's: JavaScript lists integer-like keys ("12") first
 * and in ascending order, negative ones ("-3") after in insertion order, and a jsonb column re-sorts them all; a rule
 * that does not depend on the keys' order keeps a stored split's shares the same when they are computed again.
 */
function recordPeople<V>(record: Readonly<Record<string, V>>): [PersonId, V][] | null {
  const entries: [PersonId, V][] = [];
  for (const [key, value] of Object.entries(record)) {
    const person = personOfKey(key);
    if (person === null) return null;
    entries.push([person, value]);
  }
  return entries.sort((a, b) => a[0] - b[0]);
}

const toMap = (people: readonly PersonId[], amounts: readonly bigint[]): Map<PersonId, number> =>
  new Map(people.map((p, i) => [p, toSafe(amounts[i] ?? 0n)]));

function splitEqually(
  total: bigint,
  among: readonly PersonId[],
  currency: Currency,
): Checked<{ shares: Map<PersonId, number> }, SplitProblem> {
  const valid = among.length > 0 && among.every((p) => Number.isSafeInteger(p) && p !== 0);
  if (!valid || new Set(among).size !== among.length) return { ok: false, code: 'bad_share' };
  return {
    ok: true,
    shares: toMap(
      among,
      allocateByWeights(
        total,
        among.map(() => 1n),
        currency,
      ),
    ),
  };
}

function splitByShares(
  total: bigint,
  shares: Readonly<Record<string, number>>,
  currency: Currency,
): Checked<{ shares: Map<PersonId, number> }, SplitProblem> {
  const entries = recordPeople(shares);
  if (!entries || entries.length === 0) return { ok: false, code: 'bad_share' };
  if (!entries.every(([, w]) => isMinor(w)) || entries.every(([, w]) => w === 0))
    return { ok: false, code: 'bad_share' };
  const people = entries.map(([p]) => p);
  return {
    ok: true,
    shares: toMap(
      people,
      allocateByWeights(
        total,
        entries.map(([, w]) => BigInt(w)),
        currency,
      ),
    ),
  };
}

function splitExactly(
  total: bigint,
  amounts: Readonly<Record<string, string>>,
  currencyCode: string,
): Checked<{ shares: Map<PersonId, number> }, SplitProblem> {
  const entries = recordPeople(amounts);
  if (!entries) return { ok: false, code: 'bad_share' };
  const result = new Map<PersonId, number>();
  for (const [person, amount] of entries) {
    const minor = toMinor(amount, currencyCode, { allowZero: true });
    if (!minor.ok) return minor;
    result.set(person, minor.minor);
  }
  if (sum(result.values()) !== total) return { ok: false, code: 'split_does_not_add_up' };
  return { ok: true, shares: result };
}

/**
 * What each person owes of an expense, in its own currency's minor units; the shares always sum exactly to the amount.
 * Equal: the remainder one unit at a time in the order of `among` (₪100 among three: 33.34, 33.33, 33.33). Shares: by
 * integer weights, the remainder to the largest weights, a zero weight owing 0. Exact: the amounts as given, which must
 * add up to the amount to the minor unit.
 */
export function splitAmount(
  amountMinor: number,
  split: ExpenseSplit,
  currencyCode: string,
): Checked<{ shares: Map<PersonId, number> }, SplitProblem> {
  const currency = currencyOf(currencyCode);
  if (!currency) return { ok: false, code: 'unknown_currency' };
  if (!isMinor(amountMinor)) return { ok: false, code: 'bad_amount' };
  const total = BigInt(amountMinor);
  if (split.mode === 'equal') return splitEqually(total, split.among, currency);
  if (split.mode === 'shares') return splitByShares(total, split.shares, currency);
  return splitExactly(total, split.amounts, currencyCode);
}

/**
 * What each payer paid, in minor units; they must sum exactly to the amount. A payer listed twice paid the sum of both
 * lines (harmless, and simpler for a form than an error).
 */
export function paidAmounts(
  amountMinor: number,
  paidBy: readonly { userId: PersonId; amount: string }[],
  currencyCode: string,
): Checked<{ paid: Map<PersonId, number> }, PaidProblem> {
  if (!currencyOf(currencyCode)) return { ok: false, code: 'unknown_currency' };
  if (!isMinor(amountMinor)) return { ok: false, code: 'bad_amount' };
  const paid = new Map<PersonId, number>();
  for (const line of paidBy) {
    const minor = toMinor(line.amount, currencyCode, { allowZero: true });
    if (!minor.ok) return minor;
    paid.set(line.userId, toSafe(BigInt(paid.get(line.userId) ?? 0) + BigInt(minor.minor)));
  }
  if (sum(paid.values()) !== BigInt(amountMinor)) return { ok: false, code: 'paid_does_not_add_up' };
  return { ok: true, paid };
}

/** A wire rate ("3.9512") as dinero's scaled amount ({ amount: 39512n, scale: 4n }): the decimal kept exact. */
function scaledRate(rate: string): DineroScaledAmount<bigint> {
  if (!DECIMAL_RATE.test(rate)) throw new RangeError(`ledger: bad rate ${rate}`);
  const [whole = '0', fraction = ''] = rate.split('.');
  return { amount: BigInt(whole + fraction), scale: BigInt(fraction.length) };
}

function convertExactly(minor: bigint, from: Currency, rate: string, home: Currency): bigint {
  if (from.code === home.code) return minor;
  // dinero multiplies exactly (the product keeps every decimal); the one rounding is ours, half-even to home's unit
  const exact = convertMoney(money(minor, from), home, { [home.code]: scaledRate(rate) });
  return minorOf(transformScale(exact, home.exponent, halfEven));
}

/**
 * An amount in home currency minor units: `rate` is home units per one unit of `from` ("3.9512" shekels a euro). The
 * product is exact, rounded once, half to even (banker's rounding: halves do not all drift the same way); the same
 * currency is unchanged whatever the rate. Throws on an unknown currency or a malformed rate (the wire checks both).
 */
export function convert(minor: number, fromCurrency: string, rate: string, homeCurrency: string): number {
  if (!Number.isSafeInteger(minor)) throw new RangeError(`ledger: ${minor} is not an integer amount`);
  return toSafe(
    convertExactly(BigInt(minor), knownCurrency(fromCurrency), rate, knownCurrency(homeCurrency)),
  );
}

/** A map's amounts dealt out of `total` in the proportions of its own amounts (ties in the map's order). */
function inProportion(
  total: bigint,
  of: ReadonlyMap<PersonId, number>,
  currency: Currency,
): Map<PersonId, number> {
  const people = [...of.keys()];
  return toMap(
    people,
    allocateByWeights(
      total,
      [...of.values()].map((v) => BigInt(v)),
      currency,
    ),
  );
}

/**
 * An expense in the home currency: its total converted once, then dealt to the shares and to the payers in the
 * proportions of their original amounts, so both sides still sum exactly to the converted total. Converting each share
 * on its own would round each one: n shares can each be off by half a unit the same way, and their sum then misses the
 * converted total by up to n/2 units (three shares of €0.01 at 3.5 are 0.035 each, 0.04 rounded, ₪0.12 together; the
 * €0.03 is ₪0.105, ₪0.10) — the payers would be owed what nobody owes, and the balances would not sum to zero.
 * Throws when the shares or the payments do not sum to the amount (splitAmount and paidAmounts make sure they do).
 */
export function expenseHomeShares(
  expense: {
    amountMinor: number;
    currency: string;
    /** Home units per one unit of the expense's currency, as frozen with it. */
    rate: string;
    owed: ReadonlyMap<PersonId, number>;
    paid: ReadonlyMap<PersonId, number>;
  },
  homeCurrency: string,
): { amountMinor: number } & HomeEntry {
  const from = knownCurrency(expense.currency);
  const home = knownCurrency(homeCurrency);
  if (!isMinor(expense.amountMinor)) throw new RangeError(`ledger: ${expense.amountMinor} is not an amount`);
  const amount = BigInt(expense.amountMinor);
  if (sum(expense.owed.values()) !== amount || sum(expense.paid.values()) !== amount) {
    throw new RangeError('ledger: the shares or the payments do not sum to the amount');
  }
  const total = convertExactly(amount, from, expense.rate, home);
  return {
    amountMinor: toSafe(total),
    owed: inProportion(total, expense.owed, home),
    paid: inProportion(total, expense.paid, home),
  };
}

/**
 * Each person's balance in home minor units: what they paid minus what they owe, plus the transfers marked paid (paying
 * one raises the payer's balance, receiving it lowers the receiver's). Positive: others owe them. Every expense's two
 * sides are equal and every transfer moves the same amount out and in, so the balances sum to exactly zero; an expense
 * whose sides differ would break that silently, so it throws instead. Sums are bigint: 5,000 expenses of large amounts
 * could pass 2^53 on the way even when no balance does.
 */
export function balances(
  expenses: readonly HomeEntry[],
  settlements: readonly Transfer[],
): Map<PersonId, number> {
  const totals = new Map<PersonId, bigint>();
  const move = (person: PersonId, by: bigint) => totals.set(person, (totals.get(person) ?? 0n) + by);
  for (const { paid, owed } of expenses) {
    if (sum(paid.values()) !== sum(owed.values()))
      throw new RangeError('ledger: an expense paid and owed differ');
    for (const [person, minor] of paid) move(person, BigInt(minor));
    for (const [person, minor] of owed) move(person, -BigInt(minor));
  }
  for (const { from, to, amountMinor } of settlements) {
    move(from, BigInt(amountMinor));
    move(to, -BigInt(amountMinor));
  }
  return new Map([...totals].map(([person, total]) => [person, toSafe(total)]));
}

interface Open {
  person: PersonId;
  left: number;
}

/** Largest first, then by person id: the order cannot depend on the map's, so the same balances give the same plan. */
const byLargest = (a: Open, b: Open): number => b.left - a.left || a.person - b.person;

/** Settles every debtor whose debt is exactly a creditor's due: one transfer zeroes two people. */
function settleExactPairs(debtors: Open[], creditors: Open[], transfers: Transfer[]): void {
  for (const debtor of [...debtors]) {
    const i = creditors.findIndex((c) => c.left === debtor.left);
    const creditor = creditors[i];
    if (!creditor) continue;
    transfers.push({ from: debtor.person, to: creditor.person, amountMinor: debtor.left });
    creditors.splice(i, 1);
    debtors.splice(debtors.indexOf(debtor), 1);
  }
}

/** The largest debtor pays the largest creditor (both lists sorted by byLargest) as much as one of them can: that one is done. */
function settleLargest(debtors: Open[], creditors: Open[], transfers: Transfer[]): void {
  const [debtor] = debtors;
  const [creditor] = creditors;
  if (!debtor || !creditor) throw new RangeError('ledger: the balances do not sum to zero');
  const amountMinor = Math.min(debtor.left, creditor.left);
  transfers.push({ from: debtor.person, to: creditor.person, amountMinor });
  debtor.left -= amountMinor;
  creditor.left -= amountMinor;
  if (debtor.left === 0) debtors.shift();
  if (creditor.left === 0) creditors.shift();
}

/**
 * The transfers that zero every balance, exactly to the minor unit, few of them: the fewest is a hard problem (it asks
 * for the largest number of groups whose balances sum to zero), so a heuristic that is never worse than n − 1 for the n
 * people with a balance. Exact opposites settle first (one transfer for two people), then the largest debtor pays the
 * largest creditor, which zeroes at least one of them, and any new exact pair is settled before the next such step.
 * Every transfer zeroes someone and the last zeroes two, hence at most n − 1. Throws if the balances do not sum to zero.
 */
export function settleUp(balanceOf: ReadonlyMap<PersonId, number>): Transfer[] {
  if (sum(balanceOf.values()) !== 0n) throw new RangeError('ledger: the balances do not sum to zero');
  const open = [...balanceOf].map(([person, balance]) => ({ person, balance }));
  const debtors = open.filter((o) => o.balance < 0).map((o) => ({ person: o.person, left: -o.balance }));
  const creditors = open.filter((o) => o.balance > 0).map((o) => ({ person: o.person, left: o.balance }));
  const transfers: Transfer[] = [];
  while (debtors.length > 0 || creditors.length > 0) {
    debtors.sort(byLargest);
    creditors.sort(byLargest);
    settleExactPairs(debtors, creditors, transfers);
    if (debtors.length > 0 || creditors.length > 0) settleLargest(debtors, creditors, transfers);
  }
  return transfers;
}
