import {
  balances,
  EXPENSE_CATEGORIES,
  expenseHomeShares,
  fromMinor,
  paidAmounts,
  priceAmount,
  reservationDays,
  settleUp,
  splitAmount,
  toMinor,
  type BudgetResponse,
  type ExpenseBody,
  type ExpenseCategory,
  type ExpenseOffer,
  type ExpenseSplit,
  type ExpenseWire,
  type HomeEntry,
  type ReservationType,
  type ServerMassageCode,
} from '@rides/contract';
import type { StoredPayer, StoredSplit } from '../../db/schema/index.js';
import { AppError } from '../../lib/errors.js';
import { textsOf, type TextLanguage } from '../../lib/texts.js';
import { csvField } from '../planner-usage/billing-csv.js';
import type * as repo from './money.repository.js';

/**
 * Between the wire and the contract's ledger (packages/contract/src/ledger.ts, on dinero.js): an expense's decimal
 * strings read into minor units and checked (every split and every payment adds up exactly), a stored expense answered
 * with each person's share, and the budget: totals, limits, balances and the settle-up in the home currency.
 */

/** An amount in a currency's minor unit, or the coded refusal for its field. */
export function amountIn(amount: string, currency: string, field: string, allowZero = false): number {
  const read = toMinor(amount, currency, { allowZero });
  if (!read.ok) throw new AppError(read.code, [{ field, code: read.code }]);
  return read.minor;
}

type Checked =
  | { ok: false; code: ServerMassageCode; field: string }
  | {
      ok: true;
      amountMinor: number;
      paidBy: StoredPayer[];
      split: StoredSplit;
      /** Everyone who pays or shares (the trip must have them all). */
      people: Set<number>;
      /** Each person's share, in the expense's minor units. */
      shares: Record<string, number>;
      /** The expense in the home currency at this rate: its total, and what each paid and owes. */
      inHome(rate: string, home: string): HomeColumns;
    };

/** The columns an expense keeps in the home currency (worked out once, frozen with its rate). */
export interface HomeColumns {
  homeAmountMinor: number;
  homePaid: Record<string, number>;
  homeOwed: Record<string, number>;
}

const record = (map: ReadonlyMap<number, number>): Record<string, number> =>
  Object.fromEntries([...map].map(([p, m]) => [String(p), m]));
const mapOf = (rec: Record<string, number>): Map<number, number> =>
  new Map(Object.entries(rec).map(([p, m]) => [Number(p), m]));

/** An expense's home columns from its amount, shares and payments at a rate. */
export function homeColumns(
  e: {
    amountMinor: number;
    currency: string;
    owed: ReadonlyMap<number, number>;
    paid: ReadonlyMap<number, number>;
  },
  rate: string,
  home: string,
): HomeColumns {
  const inHome = expenseHomeShares({ ...e, rate }, home);
  return {
    homeAmountMinor: inHome.amountMinor,
    homePaid: record(inHome.paid),
    homeOwed: record(inHome.owed),
  };
}

/** A stored expense's home columns again, at a new rate to a new home currency. */
export const homeColumnsAgain = (row: repo.ExpenseRow, rate: string, home: string): HomeColumns =>
  homeColumns(
    {
      amountMinor: row.amountMinor,
      currency: row.currency,
      owed: mapOf(row.shares),
      paid: new Map(row.paidBy.map((p) => [p.personId, p.amountMinor])),
    },
    rate,
    home,
  );

/** An expense's amount, payers and split, read and checked; the split kept as it was meant (exact in minor units). */
export function ledgerOf(body: Pick<ExpenseBody, 'amount' | 'currency' | 'paidBy' | 'split'>): Checked {
  const amount = toMinor(body.amount, body.currency);
  if (!amount.ok) return { ok: false, code: amount.code, field: 'amount' };
  const shares = splitAmount(amount.minor, body.split, body.currency);
  if (!shares.ok) return { ok: false, code: shares.code, field: 'split' };
  const paid = paidAmounts(amount.minor, body.paidBy, body.currency);
  if (!paid.ok) return { ok: false, code: paid.code, field: 'paidBy' };
  const split: StoredSplit =
    body.split.mode === 'exact'
      ? { mode: 'exact', amounts: Object.fromEntries([...shares.shares].map(([p, m]) => [String(p), m])) }
      : body.split;
  return {
    ok: true,
    amountMinor: amount.minor,
    paidBy: [...paid.paid].map(([personId, amountMinor]) => ({ personId, amountMinor })),
    split,
    people: new Set([...paid.paid.keys(), ...shares.shares.keys()]),
    shares: record(shares.shares),
    inHome: (rate, home) =>
      homeColumns(
        { amountMinor: amount.minor, currency: body.currency, owed: shares.shares, paid: paid.paid },
        rate,
        home,
      ),
  };
}

/** The stored split as the wire says it (exact amounts back to decimal strings). */
function wireSplit(split: StoredSplit, currency: string): ExpenseSplit {
  if (split.mode !== 'exact') return split;
  return {
    mode: 'exact',
    amounts: Object.fromEntries(Object.entries(split.amounts).map(([p, m]) => [p, fromMinor(m, currency)])),
  };
}

/** Each person's share, in the split's own order (an equal split's list; else by person id: JSON keys have no order). */
function sharesInOrder(row: repo.ExpenseRow): [number, number][] {
  const shares = mapOf(row.shares);
  const order = row.split.mode === 'equal' ? row.split.among : [...shares.keys()].sort((a, b) => a - b);
  return order.filter((p) => shares.has(p)).map((p) => [p, shares.get(p) as number]);
}

export function moneyOf(row: repo.ExpenseRow): ExpenseWire {
  return {
    id: row.id,
    clientId: row.clientId,
    amount: fromMinor(row.amountMinor, row.currency),
    currency: row.currency,
    date: row.day,
    category: row.category,
    paidBy: row.paidBy.map((p) => ({ userId: p.personId, amount: fromMinor(p.amountMinor, row.currency) })),
    split: wireSplit(row.split, row.currency),
    note: row.note,
    activityId: row.activityId,
    stayId: row.stayId,
    homeCurrency: row.homeCurrency,
    rate: row.rate,
    rateSource: row.rateSource,
    rateToConfirm: row.rateToConfirm,
    homeAmount: fromMinor(row.homeAmountMinor, row.homeCurrency),
    shares: sharesInOrder(row).map(([userId, m]) => ({ userId, amount: fromMinor(m, row.currency) })),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** PUT budget's amounts in minor units of the home currency (the quote too: a quote is in the home currency). */
export function parseBudget(body: {
  homeCurrency: string;
  limits: Partial<Record<string, string>>;
  quote?: { amount: string; currency: string; shared: boolean } | null;
}) {
  const limits: Record<string, number> = {};
  for (const [category, amount] of Object.entries(body.limits))
    if (amount !== undefined)
      limits[category] = amountIn(amount, body.homeCurrency, `limits.${category}`, true);
  let quoteMinor: number | null = null;
  if (body.quote) {
    if (body.quote.currency !== body.homeCurrency)
      throw new AppError('bad_request', [{ field: 'quote.currency', code: 'bad_request' }]);
    quoteMinor = amountIn(body.quote.amount, body.homeCurrency, 'quote.amount', true);
  }
  return { limits, quoteMinor };
}

type Person = { userId: number; name: string };
type Totals = Omit<BudgetResponse, 'ServerMassageCode' | 'quote' | 'mayWrite' | 'mayQuote' | 'updatedAt'>;

/** The budget of a trip's expenses and transfers, in the home currency. */
export function budgetOf(
  expenses: repo.BudgetRow[],
  settlements: { fromPerson: number; toPerson: number; amountMinor: number }[],
  people: Person[],
  home: string,
  budget: { limits: Record<string, number>; quoteAmountMinor: number | null; quoteShared: boolean } | null,
): { totals: Totals; quote: BudgetResponse['quote'] } {
  const entries: HomeEntry[] = [];
  const byCategory = new Map<string, number>();
  const byDay = new Map<string, number>();
  let total = 0;
  for (const e of expenses) {
    // Sums of the integers each expense keeps in the home currency (homeColumns): no arithmetic on money here.
    entries.push({ paid: mapOf(e.homePaid), owed: mapOf(e.homeOwed) });
    total += e.homeAmountMinor;
    byCategory.set(e.category, (byCategory.get(e.category) ?? 0) + e.homeAmountMinor);
    byDay.set(e.day, (byDay.get(e.day) ?? 0) + e.homeAmountMinor);
  }
  const transfers = settlements.map((s) => ({
    from: s.fromPerson,
    to: s.toPerson,
    amountMinor: s.amountMinor,
  }));
  const balance = balances(entries, transfers);
  const sumOf = (side: 'paid' | 'owed', person: number) =>
    entries.reduce((n, e) => n + (e[side].get(person) ?? 0), 0);
  const settledOf = (person: number) =>
    transfers.reduce(
      (n, t) => n + (t.from === person ? t.amountMinor : 0) - (t.to === person ? t.amountMinor : 0),
      0,
    );
  const money = (minor: number) => fromMinor(minor, home);
  const limits = budget?.limits ?? {};
  const totals: Totals = {
    homeCurrency: home,
    total: money(total),
    byCategory: EXPENSE_CATEGORIES.map((category) => {
      const spent = byCategory.get(category) ?? 0;
      const limit = limits[category];
      return {
        category,
        spent: money(spent),
        limit: limit === undefined ? null : money(limit),
        left: limit === undefined ? null : money(limit - spent),
      };
    }),
    byDay: [...byDay]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([date, spent]) => ({ date, spent: money(spent) })),
    people: people.map((p) => ({
      userId: p.userId,
      name: p.name,
      paid: money(sumOf('paid', p.userId)),
      share: money(sumOf('owed', p.userId)),
      settled: money(settledOf(p.userId)),
      balance: money(balance.get(p.userId) ?? 0),
    })),
    settleUp: settleUp(balance).map((t) => ({ from: t.from, to: t.to, amount: money(t.amountMinor) })),
    ratesToConfirm: expenses.filter((e) => e.rateToConfirm).length,
  };
  const quote =
    budget?.quoteAmountMinor != null
      ? {
          amount: money(budget.quoteAmountMinor),
          currency: home,
          costs: money(total),
          margin: money(budget.quoteAmountMinor - total),
          shared: budget.quoteShared,
        }
      : null;
  return { totals, quote };
}

/** The expenses as CSV, its columns named in the trip's language; fields that could be formulas are neutralised. */
export function expensesCsv(expenses: ExpenseWire[], people: Person[], language: TextLanguage): string {
  const t = textsOf(language, 'tripFiles');
  const nameOf = new Map(people.map((p) => [p.userId, p.name]));
  const names = (list: { userId: number; amount: string }[]) =>
    list.map((x) => `${nameOf.get(x.userId) ?? x.userId} ${x.amount}`).join('; ');
  const header = (
    [
      'date',
      'category',
      'amount',
      'currency',
      'rate',
      'homeAmount',
      'homeCurrency',
      'paidBy',
      'shares',
      'note',
    ] as const
  ).map((k) => csvField(t(`expensesCsv.${k}`)));
  const rows = expenses.map((e) =>
    [
      e.date,
      t(`expensesCsv.categories.${e.category}`),
      e.amount,
      e.currency,
      e.rate,
      e.homeAmount,
      e.homeCurrency,
      names(e.paidBy),
      names(e.shares),
      e.note ?? '',
    ]
      .map(csvField)
      .join(','),
  );
  return `\uFEFF${[header.join(','), ...rows].join('\r\n')}\r\n`;
}

/** A booking's category as an expense: a stay is lodging, a journey or a car transport, anything else activities. */
export function offerCategory(type: ReservationType): ExpenseCategory {
  if (type === 'lodging') return 'lodging';
  if (type === 'flight' || type === 'train' || type === 'bus' || type === 'ferry' || type === 'car')
    return 'transport';
  return 'activities';
}

/**
 * The trip's priced bookings offered as expenses: each placed on the trip (a stay of the trip, or an activity still on
 * it) whose stay or activities no expense is on yet, with an amount the ledger takes in its currency and a first day.
 */
export function offersOf(
  bookings: repo.PricedBookingRow[],
  expenses: readonly { stayId: number | null; activityId: number | null }[],
): ExpenseOffer[] {
  const stays = new Set(expenses.map((e) => e.stayId).filter((id) => id !== null));
  const activities = new Set(expenses.map((e) => e.activityId).filter((id) => id !== null));
  const offers: ExpenseOffer[] = [];
  for (const b of bookings) {
    const r = b.reservation;
    if (!r.price) continue;
    const placed = b.stayId !== null || b.activityId !== null;
    const recorded =
      (b.stayId !== null && stays.has(b.stayId)) || b.activityIds.some((id) => activities.has(id));
    const date = reservationDays(r)?.first;
    // A zero price, a currency the ledger does not know or more decimals than it has cannot be recorded: not offered.
    const read = toMinor(priceAmount(r.price), r.price.currency);
    if (!placed || recorded || !date || !read.ok) continue;
    offers.push({
      bookingId: b.id,
      title: b.stayName ?? b.activityTitle ?? r.name ?? r.provider ?? r.type,
      amount: fromMinor(read.minor, r.price.currency),
      currency: r.price.currency,
      date,
      category: offerCategory(r.type),
      ...(b.stayId !== null ? { stayId: b.stayId } : { activityId: b.activityId as number }),
    });
  }
  return offers;
}
