import {
  balances,
  convert,
  EXPENSE_CATEGORIES,
  expenseHomeShares,
  fromMinor,
  paidAmounts,
  settleUp,
  splitAmount,
  toMinor,
  type BudgetResponse,
  type ExpenseBody,
  type ExpenseSplit,
  type ExpenseWire,
  type HomeEntry,
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
      /** The amount in the home currency at this rate. */
      homeAmount(rate: string, home: string): number;
    };

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
    homeAmount: (rate, home) => convert(amount.minor, body.currency, rate, home),
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

/** Each person's share of a stored expense, in its currency's minor units. */
function owedOf(row: repo.ExpenseRow): Map<number, number> {
  const shares = splitAmount(row.amountMinor, wireSplit(row.split, row.currency), row.currency);
  // A stored expense was checked when it was written: a split that no longer adds up is a broken row, not input.
  if (!shares.ok) throw new Error(`expense ${row.id}: its split does not add up (${shares.code})`);
  return shares.shares;
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
    shares: [...owedOf(row)].map(([userId, m]) => ({ userId, amount: fromMinor(m, row.currency) })),
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
type Totals = Omit<BudgetResponse, 'ServerMassageCode' | 'quote' | 'mayWrite'>;

/** The budget of a trip's expenses and transfers, in the home currency. */
export function budgetOf(
  expenses: repo.ExpenseRow[],
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
    const paid = new Map(e.paidBy.map((p) => [p.personId, p.amountMinor]));
    const inHome = expenseHomeShares(
      { amountMinor: e.amountMinor, currency: e.currency, rate: e.rate, owed: owedOf(e), paid },
      home,
    );
    entries.push(inHome);
    total += inHome.amountMinor;
    byCategory.set(e.category, (byCategory.get(e.category) ?? 0) + inHome.amountMinor);
    byDay.set(e.day, (byDay.get(e.day) ?? 0) + inHome.amountMinor);
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
