import {
  currencyExponent,
  fromMinor,
  paidAmounts,
  splitAmount,
  toMinor,
  type ExpenseBody,
  type ExpenseCategory,
  type ExpenseSplit,
  type ExpenseWire,
} from '@rides/contract';

/**
 * The expense form's state and its way to the wire (issue 35): pure, so its defaults and its conversion are tested
 * (test/costs-draft.test.ts). Three taps on a phone: the amount, a category, save; the rest has defaults (the home
 * currency, today within the trip or its first day, paid by me, split equally among everyone).
 */
export type SplitMode = ExpenseSplit['mode'];

export interface ExpenseDraft {
  amount: string;
  currency: string;
  date: string;
  category: ExpenseCategory;
  /** Who paid it all (one payer). */
  payer: number;
  /** Paid by several: what each paid, as typed (person id -> amount); null when one paid it all. */
  paid: Record<string, string> | null;
  mode: SplitMode;
  /** The people the expense is shared among (equal), with their weight (shares) or amount (exact). */
  among: number[];
  shares: Record<string, string>;
  exact: Record<string, string>;
  note: string;
  /** Home units per one unit of a foreign currency, typed by the user (empty: the reference rate of the day). */
  rate: string;
  /** The stay or the activity a new expense is for (a booking's offer carries it: offers.ts); sent as it is. */
  stayId?: number;
  activityId?: number;
}

/** Today when it is within the trip's days, else the trip's first day (today when the trip has no dates). */
export function defaultDate(today: string, days: readonly string[]): string {
  if (days.length === 0) return today;
  const first = days[0] as string;
  const last = days[days.length - 1] as string;
  return today >= first && today <= last ? today : first;
}

export function newDraft(options: {
  homeCurrency: string;
  today: string;
  days: readonly string[];
  me: number | null;
  people: readonly { userId: number }[];
}): ExpenseDraft {
  const ids = options.people.map((p) => p.userId);
  const me = options.me !== null && ids.includes(options.me) ? options.me : (ids[0] ?? 0);
  return {
    amount: '',
    currency: options.homeCurrency,
    date: defaultDate(options.today, options.days),
    category: 'food',
    payer: me,
    paid: null,
    mode: 'equal',
    among: ids,
    shares: {},
    exact: {},
    note: '',
    rate: '',
  };
}

/** An expense as read, back in the form (to edit it). */
export function draftOf(expense: ExpenseWire): ExpenseDraft {
  const split = expense.split;
  const among =
    split.mode === 'equal'
      ? split.among
      : Object.keys(split.mode === 'shares' ? split.shares : split.amounts).map(Number);
  return {
    amount: expense.amount,
    currency: expense.currency,
    date: expense.date,
    category: expense.category,
    payer: expense.paidBy[0]?.userId ?? 0,
    paid:
      expense.paidBy.length > 1
        ? Object.fromEntries(expense.paidBy.map((p) => [String(p.userId), p.amount]))
        : null,
    mode: split.mode,
    among,
    shares:
      split.mode === 'shares'
        ? Object.fromEntries(Object.entries(split.shares).map(([k, v]) => [k, String(v)]))
        : {},
    exact: split.mode === 'exact' ? { ...split.amounts } : {},
    note: expense.note ?? '',
    ...(expense.activityId !== null ? { activityId: expense.activityId } : {}),
    ...(expense.stayId !== null && expense.activityId === null ? { stayId: expense.stayId } : {}),
    rate: expense.rateSource === 'manual' ? expense.rate : '',
  };
}

/** A typed number as the wire's decimal: spaces and thousands' separators out, a decimal comma as a point. */
export function normalDecimal(typed: string): string {
  const text = typed.trim().replace(/[\s\u00a0\u202f']/g, '');
  // "1,234.50" (a thousands' comma) or "12,50" (a decimal comma)
  const cleaned = text.includes('.') ? text.replace(/,/g, '') : text.replace(',', '.');
  return cleaned.replace(/^\./, '0.').replace(/\.$/, '');
}

export type DraftProblem = { field: 'amount' | 'split' | 'rate' | 'paid'; code: string };

/** A checked decimal as the wire writes it ("12.5" -> "12.50"). */
function canonical(amount: string, currency: string): string {
  const minor = toMinor(amount, currency);
  return minor.ok ? fromMinor(minor.minor, currency) : amount;
}

/** The payers as the wire takes them: the one payer with the whole amount, or each who paid something. */
function paidByOf(draft: ExpenseDraft, amount: string): { userId: number; amount: string }[] {
  if (draft.paid === null) return [{ userId: draft.payer, amount }];
  return Object.entries(draft.paid)
    .map(([id, typed]) => ({ userId: Number(id), amount: normalDecimal(typed) }))
    .filter((p) => p.amount !== '' && /[1-9]/.test(p.amount));
}

/**
 * What is left to say who paid (several payers): the amount less what each paid, in the expense's currency; null while
 * the amounts cannot be read. Zero when they add up.
 */
export function paidLeft(draft: ExpenseDraft): string | null {
  if (draft.paid === null) return null;
  const total = toMinor(normalDecimal(draft.amount), draft.currency);
  if (!total.ok) return null;
  let left = total.minor;
  for (const p of paidByOf(draft, '')) {
    const m = toMinor(p.amount, draft.currency);
    if (!m.ok) return null;
    left -= m.minor;
  }
  return left < 0 ? `-${fromMinor(-left, draft.currency)}` : fromMinor(left, draft.currency);
}

/** The split as the wire takes it, among the chosen people. */
function splitOf(draft: ExpenseDraft): ExpenseSplit {
  if (draft.mode === 'equal') return { mode: 'equal', among: draft.among };
  if (draft.mode === 'shares')
    return {
      mode: 'shares',
      shares: Object.fromEntries(draft.among.map((p) => [String(p), Number(draft.shares[p] ?? '1') || 0])),
    };
  return {
    mode: 'exact',
    amounts: Object.fromEntries(
      draft.among.map((p) => [String(p), normalDecimal(draft.exact[p] ?? '') || '0']),
    ),
  };
}

/** The draft as the call's body, or the first problem (its code is a money code's text). */
export function toWire(
  draft: ExpenseDraft,
  homeCurrency: string,
  clientId: string,
): { ok: true; body: ExpenseBody; minor: number } | ({ ok: false } & DraftProblem) {
  const minor = toMinor(normalDecimal(draft.amount), draft.currency);
  if (!minor.ok) return { ok: false, field: 'amount', code: minor.code };
  const amount = fromMinor(minor.minor, draft.currency);
  if (draft.among.length === 0) return { ok: false, field: 'split', code: 'bad_share' };
  const split = splitOf(draft);
  const shares = splitAmount(minor.minor, split, draft.currency);
  if (!shares.ok) return { ok: false, field: 'split', code: shares.code };
  const paidBy = paidByOf(draft, amount);
  if (paidBy.length === 0) return { ok: false, field: 'paid', code: 'payer_required' };
  const paid = paidAmounts(minor.minor, paidBy, draft.currency);
  if (!paid.ok) return { ok: false, field: 'paid', code: paid.code };
  const rate = normalDecimal(draft.rate);
  if (draft.currency !== homeCurrency && rate !== '' && !/^(?:0|[1-9]\d{0,8})(?:\.\d{1,10})?$/.test(rate))
    return { ok: false, field: 'rate', code: 'bad_rate' };
  const note = draft.note.trim();
  const body: ExpenseBody = {
    clientId,
    amount,
    currency: draft.currency,
    date: draft.date,
    category: draft.category,
    paidBy: paidBy.map((p) => ({ userId: p.userId, amount: canonical(p.amount, draft.currency) })),
    split,
    ...(note ? { note } : {}),
    ...(draft.currency !== homeCurrency && rate !== '' ? { rate } : {}),
    ...(draft.stayId !== undefined ? { stayId: draft.stayId } : {}),
    ...(draft.activityId !== undefined ? { activityId: draft.activityId } : {}),
  };
  return { ok: true, body, minor: minor.minor };
}

/** Each chosen person's share as the server will count it (the contract's ledger), or null while it cannot be told. */
export function previewShares(draft: ExpenseDraft): { userId: number; amount: string }[] | null {
  if (currencyExponent(draft.currency) === null || draft.among.length === 0) return null;
  const minor = toMinor(normalDecimal(draft.amount), draft.currency);
  if (!minor.ok) return null;
  const shares = splitAmount(minor.minor, splitOf(draft), draft.currency);
  if (!shares.ok) return null;
  return [...shares.shares].map(([userId, m]) => ({ userId, amount: fromMinor(m, draft.currency) }));
}
