import {
  addDays,
  convert,
  EXPENSES_PER_TRIP_MAX,
  participantPersonId,
  type BudgetResponse,
  type ExpenseBody,
  type ExpenseSplit,
  type ExpenseWire,
} from '@rides/contract';
import type { Changes } from '../../changes.js';
import type { Database, Transaction } from '../../db/client.js';
import type { StoredSplit } from '../../db/schema/index.js';
import { AppError } from '../../lib/errors.js';
import type { Actor } from '../access/actor.js';
import { decideMoney, decideQuote, mayReadQuote, type MoneyAction } from '../access/money.policy.js';
import type { TripAccessFacts } from '../access/trip-access.policy.js';
import { tripPeople } from '../trip-comments/trip-people.repository.js';
import { readTrip } from '../trip-editing/trip-lock.repository.js';
import { createTripChange } from '../trip-events/trip-change.js';
import {
  amountIn,
  budgetOf,
  expensesCsv,
  homeColumnsAgain,
  ledgerOf,
  moneyOf,
  offersOf,
  parseBudget,
  type HomeColumns,
} from './money-rules.js';
import { tripHomeCurrency } from './home-currency.js';
import * as repo from './money.repository.js';
import { RateUnavailableError, type RateAnswer, type RatesService } from './rates.service.js';

/**
 * A trip's money (issue 35, decision 0069). Expenses in their own currencies, each converted once, at the reference
 * rate of its own day (or the user's), to the trip's home currency and frozen there: a later rate never changes it.
 * Every write is one locked, logged, published change of the trip (`money`: it never clashes with the itinerary's
 * edits), so the trip's open pages follow it. The arithmetic is the contract's ledger (money-rules.ts adapts it).
 */
export interface MoneyDeps {
  db: Database;
  changes: Changes;
  accessFacts(rideId: number): Promise<TripAccessFacts>;
  rates: RatesService;
}

/** An expense's date: from a year before the trip (deposits, flights booked early) to 60 days after it. */
const BEFORE_TRIP_DAYS = 366;
const AFTER_TRIP_DAYS = 60;

/** Whether a kept time is the one a caller read (`basedOn`, ISO). */
const sameInstant = (kept: Date, basedOn: string | null) =>
  basedOn !== null && kept.getTime() === Date.parse(basedOn);

/** Today, YYYY-MM-DD (UTC: the reference rates' own calendar). */
const isoToday = () => new Date().toISOString().slice(0, 10);

export function createMoneyService(deps: MoneyDeps) {
  const { db } = deps;
  const tripChange = createTripChange(deps);

  /** The reference rate of a day (outside any transaction: the provider may be slow); none known is a coded answer. */
  async function rateFor(q: { day: string; from: string; to: string }): Promise<RateAnswer> {
    try {
      return await deps.rates.rateFor(db, q);
    } catch (err) {
      if (err instanceof RateUnavailableError) throw new AppError('rate_unavailable');
      throw err;
    }
  }

  async function allowed(rideId: number, actor: Actor, action: MoneyAction): Promise<TripAccessFacts> {
    const facts = await deps.accessFacts(rideId);
    const decision = decideMoney(facts, actor, action);
    if (!decision.allowed) throw new AppError(decision.code);
    return facts;
  }

  const userIdOf = (actor: Actor) => (actor as NonNullable<Actor>).id;

  /** The trip's people and participants: person id -> name. */
  async function peopleOf(dbx: Database | Transaction, rideId: number) {
    const people = await tripPeople(dbx, rideId);
    const participants = await repo.participantsOf(dbx, rideId);
    return [
      ...people.map((p) => ({ userId: p.userId, name: p.name, participant: false })),
      ...participants.map((p) => ({ userId: participantPersonId(p.id), name: p.name, participant: true })),
    ];
  }

  /** The trip's home currency (rule 88): its own, else what it is kept in, its owner's, ₪ in Hebrew, US dollars. */
  async function homeCurrencyOf(dbx: Database | Transaction, rideId: number): Promise<string> {
    const facts = await repo.homeCurrencyFacts(dbx, rideId);
    if (!facts) throw new AppError('not_found');
    return tripHomeCurrency(facts);
  }

  const wireOf = (row: repo.ExpenseRow): ExpenseWire => moneyOf(row);

  /**
   * Checks an expense against the trip (people, date, activity, stay) and the ledger's rules (amounts, currency,
   * split, payers), and finds its rate: the user's, else the day's reference rate. Outside the lock: the rates
   * provider may be slow. Answers the columns to write.
   */
  async function prepare(rideId: number, body: Omit<ExpenseBody, 'clientId'> & { clientId?: string }) {
    const trip = await readTrip(db, rideId);
    if (!trip) throw new AppError('not_found');
    if (
      body.date < addDays(trip.startDate, -BEFORE_TRIP_DAYS) ||
      body.date > addDays(trip.endDate, AFTER_TRIP_DAYS)
    )
      throw new AppError('expense_date_out_of_range', [{ field: 'date', code: 'expense_date_out_of_range' }]);
    const people = new Set((await peopleOf(db, rideId)).map((p) => p.userId));
    const ledger = ledgerOf(body);
    if (!ledger.ok) throw new AppError(ledger.code, [{ field: ledger.field, code: ledger.code }]);
    for (const person of ledger.people)
      if (!people.has(person)) throw new AppError('not_on_trip', [{ field: 'split', code: 'not_on_trip' }]);
    if (body.activityId !== undefined && !(await repo.isTripActivity(db, rideId, body.activityId)))
      throw new AppError('not_found', [{ field: 'activityId', code: 'not_found' }]);
    if (body.stayId !== undefined && !(await repo.isTripStay(db, rideId, body.stayId)))
      throw new AppError('not_found', [{ field: 'stayId', code: 'not_found' }]);
    const home = await homeCurrencyOf(db, rideId);
    const rate: RateAnswer = body.rate
      ? { rate: body.rate, source: 'manual', day: body.date, toConfirm: false }
      : await rateFor({ day: body.date, from: body.currency, to: home });
    return {
      amountMinor: ledger.amountMinor,
      currency: body.currency,
      day: body.date,
      category: body.category,
      paidBy: ledger.paidBy,
      split: ledger.split as StoredSplit,
      note: body.note?.trim() || null,
      activityId: body.activityId ?? null,
      stayId: body.stayId ?? null,
      homeCurrency: home,
      rate: rate.rate,
      rateSource: rate.source,
      rateDay: rate.day,
      rateToConfirm: rate.toConfirm,
      shares: ledger.shares,
      ...ledger.inHome(rate.rate, home),
    };
  }

  const moneyChange = (expenses: number[]) => ({ type: 'money' as const, target: { expenses } });

  return {
    /** GET /api/trips/{rideId}/expenses. */
    async list(rideId: number, actor: Actor) {
      const facts = await allowed(rideId, actor, 'read');
      const [expenses, people, homeCurrency, bookings] = await Promise.all([
        repo.expensesOf(db, rideId),
        peopleOf(db, rideId),
        homeCurrencyOf(db, rideId),
        repo.pricedBookingsOf(db, rideId),
      ]);
      return {
        ServerMassageCode: 'success' as const,
        expenses: expenses.map(wireOf),
        people,
        homeCurrency,
        mayWrite: decideMoney(facts, actor, 'write').allowed,
        // The priced bookings not yet recorded: read with the money, by whoever may read it (rule 87).
        offers: offersOf(bookings, expenses),
      };
    },

    /** POST /api/trips/{rideId}/expenses: the same clientId again is the same expense (a phone back online). */
    async create(rideId: number, actor: Actor, body: ExpenseBody) {
      await allowed(rideId, actor, 'write');
      const again = await repo.findByClientId(db, rideId, body.clientId);
      if (again) return { ServerMassageCode: 'success' as const, expense: wireOf(again) };
      const values = await prepare(rideId, body);
      const expense = await tripChange(rideId, userIdOf(actor), async (tx) => {
        const twice = await repo.findByClientId(tx, rideId, body.clientId);
        if (twice) return { answer: twice, change: null };
        if ((await repo.countExpenses(tx, rideId)) >= EXPENSES_PER_TRIP_MAX)
          throw new AppError('too_many_expenses');
        const row = await repo.insertExpense(tx, {
          rideId,
          clientId: body.clientId,
          createdBy: userIdOf(actor),
          ...values,
        });
        return { answer: row, change: moneyChange([row.id]) };
      });
      return { ServerMassageCode: 'success' as const, expense: wireOf(expense) };
    },

    /** PATCH /api/trips/{rideId}/expenses/{id}: what is sent replaces; the rest is kept (its frozen rate too). */
    async update(
      rideId: number,
      id: number,
      actor: Actor,
      patch: Partial<ExpenseBody> & { basedOn?: string },
    ) {
      await allowed(rideId, actor, 'write');
      const current = await repo.findExpense(db, rideId, id);
      if (!current) throw new AppError('expense_not_found');
      const was = wireOf(current);
      const merged = {
        amount: patch.amount ?? was.amount,
        currency: patch.currency ?? was.currency,
        date: patch.date ?? was.date,
        category: patch.category ?? was.category,
        paidBy: patch.paidBy ?? was.paidBy,
        split: (patch.split ?? was.split) as ExpenseSplit,
        note: patch.note ?? was.note ?? undefined,
        activityId: patch.activityId ?? was.activityId ?? undefined,
        stayId: patch.stayId ?? was.stayId ?? undefined,
        // The frozen rate stays unless the currency, the day or the rate itself changes.
        rate:
          patch.rate ??
          (patch.currency === undefined && patch.date === undefined && was.rateSource === 'manual'
            ? was.rate
            : undefined),
      };
      const keepRate =
        patch.rate === undefined && merged.currency === was.currency && merged.date === was.date;
      const values = keepRate
        ? await prepare(rideId, { ...merged, rate: was.rate })
        : await prepare(rideId, merged);
      if (keepRate)
        Object.assign(values, {
          rateSource: current.rateSource,
          rateDay: current.rateDay,
          rateToConfirm: current.rateToConfirm,
          homeCurrency: current.homeCurrency,
        });
      const row = await tripChange(rideId, userIdOf(actor), async (tx) => {
        const now = await repo.findExpense(tx, rideId, id);
        if (!now) throw new AppError('expense_not_found');
        // Changed by someone else since the caller read it: theirs stands (no silent overwrite).
        if (patch.basedOn !== undefined && !sameInstant(now.updatedAt, patch.basedOn))
          throw new AppError('money_changed_meanwhile');
        return { answer: await repo.updateExpense(tx, id, values), change: moneyChange([id]) };
      });
      return { ServerMassageCode: 'success' as const, expense: wireOf(row) };
    },

    /**
     * POST /api/trips/{rideId}/expenses/{id}/rate: a "rate to confirm" (recorded without a connection, at the newest
     * known rate) asks the provider again for its own day's rate and is frozen at it. Still unreachable: 503
     * rate_unavailable and nothing changes. An expense whose rate is confirmed answers as it is.
     */
    async confirmRate(rideId: number, id: number, actor: Actor) {
      await allowed(rideId, actor, 'write');
      const current = await repo.findExpense(db, rideId, id);
      if (!current) throw new AppError('expense_not_found');
      if (!current.rateToConfirm) return { ServerMassageCode: 'success' as const, expense: wireOf(current) };
      const rate = await rateFor({ day: current.day, from: current.currency, to: current.homeCurrency });
      if (rate.toConfirm) throw new AppError('rate_unavailable');
      const row = await tripChange(rideId, userIdOf(actor), async (tx) => {
        const now = await repo.findExpense(tx, rideId, id);
        if (!now) throw new AppError('expense_not_found');
        // Changed meanwhile (its currency or day, or a rate typed by hand): that change stands.
        if (!now.rateToConfirm || now.day !== current.day || now.currency !== current.currency)
          return { answer: now, change: null };
        const values = {
          rate: rate.rate,
          rateSource: rate.source,
          rateDay: rate.day,
          rateToConfirm: false,
          ...homeColumnsAgain(now, rate.rate, now.homeCurrency),
        };
        return { answer: await repo.updateExpense(tx, id, values), change: moneyChange([id]) };
      });
      return { ServerMassageCode: 'success' as const, expense: wireOf(row) };
    },

    /** DELETE /api/trips/{rideId}/expenses/{id}. */
    async remove(rideId: number, id: number, actor: Actor) {
      await allowed(rideId, actor, 'write');
      await tripChange(rideId, userIdOf(actor), async (tx) => {
        if (!(await repo.deleteExpense(tx, rideId, id))) throw new AppError('expense_not_found');
        return { answer: null, change: moneyChange([id]) };
      });
      return { ServerMassageCode: 'success' as const };
    },

    /** POST /api/trips/{rideId}/participants: a traveller without an account (a negative person id). */
    async addParticipant(rideId: number, actor: Actor, name: string) {
      await allowed(rideId, actor, 'write');
      const made = await tripChange(rideId, userIdOf(actor), async (tx) => {
        const row = await repo.insertParticipant(tx, rideId, name, userIdOf(actor));
        return { answer: row, change: { type: 'money' as const, target: { participants: [row.id] } } };
      });
      return {
        ServerMassageCode: 'success' as const,
        person: { userId: participantPersonId(made.id), name: made.name, participant: true },
      };
    },

    /** GET /api/trips/{rideId}/budget: totals, limits, balances and the settle-up, in the home currency. */
    async budget(rideId: number, actor: Actor): Promise<BudgetResponse> {
      const facts = await allowed(rideId, actor, 'read');
      const [expenses, settlements, people, budget, home] = await Promise.all([
        repo.budgetRowsOf(db, rideId),
        repo.settlementsOf(db, rideId),
        peopleOf(db, rideId),
        repo.budgetOf(db, rideId),
        homeCurrencyOf(db, rideId),
      ]);
      const { totals, quote } = budgetOf(expenses, settlements, people, home, budget ?? null);
      return {
        ServerMassageCode: 'success',
        ...totals,
        quote: quote && mayReadQuote(facts, actor, quote.shared) ? quote : null,
        mayWrite: decideMoney(facts, actor, 'write').allowed,
        mayQuote: decideQuote(facts, actor).allowed,
        updatedAt: budget?.updatedAt.toISOString() ?? null,
      };
    },

    /** PUT /api/trips/{rideId}/budget: the home currency, the limits, and (the planner's) the quote. */
    async setBudget(
      rideId: number,
      actor: Actor,
      body: {
        homeCurrency: string;
        limits: Record<string, string>;
        quote?: { amount: string; currency: string; shared: boolean } | null;
        basedOn?: string | null;
      },
    ) {
      const facts = await allowed(rideId, actor, 'write');
      if (body.quote !== undefined) {
        const may = decideQuote(facts, actor);
        if (!may.allowed) throw new AppError(may.code);
      }
      const parsed = parseBudget(body);
      const current = await repo.budgetOf(db, rideId);
      const home = current?.homeCurrency ?? (await homeCurrencyOf(db, rideId));
      // A new home currency: every expense converted again at its own day's rate (found before the lock).
      const expenses = home === body.homeCurrency ? [] : await repo.expensesOf(db, rideId);
      if (expenses.length > 0 && (await repo.settlementsOf(db, rideId)).length > 0)
        throw new AppError('home_currency_has_settlements');
      const reconverted: { id: number; rate: RateAnswer; columns: HomeColumns }[] = [];
      for (const e of expenses) {
        const rate = await rateFor({ day: e.day, from: e.currency, to: body.homeCurrency });
        reconverted.push({ id: e.id, rate, columns: homeColumnsAgain(e, rate.rate, body.homeCurrency) });
      }
      // A kept quote follows a new home currency at today's rate (the planner may type it again).
      const keptQuote =
        body.quote === undefined && home !== body.homeCurrency && current?.quoteAmountMinor != null
          ? convert(
              current.quoteAmountMinor,
              home,
              (await rateFor({ day: isoToday(), from: home, to: body.homeCurrency })).rate,
              body.homeCurrency,
            )
          : null;
      await tripChange(rideId, userIdOf(actor), async (tx) => {
        if (body.basedOn !== undefined) {
          const now = (await repo.budgetOf(tx, rideId))?.updatedAt ?? null;
          if (now === null ? body.basedOn !== null : !sameInstant(now, body.basedOn))
            throw new AppError('money_changed_meanwhile');
        }
        await repo.saveBudget(tx, {
          rideId,
          homeCurrency: body.homeCurrency,
          limits: parsed.limits,
          ...(body.quote === undefined
            ? keptQuote === null
              ? {}
              : { quoteAmountMinor: keptQuote, quoteCurrency: body.homeCurrency }
            : body.quote === null
              ? { quoteAmountMinor: null, quoteCurrency: null, quoteShared: false }
              : {
                  quoteAmountMinor: parsed.quoteMinor,
                  quoteCurrency: body.quote.currency,
                  quoteShared: body.quote.shared,
                }),
        });
        for (const r of reconverted)
          await repo.updateExpense(tx, r.id, {
            homeCurrency: body.homeCurrency,
            rate: r.rate.rate,
            rateSource: r.rate.source,
            rateDay: r.rate.day,
            rateToConfirm: r.rate.toConfirm,
            ...r.columns,
          });
        return { answer: null, change: { type: 'money' as const, target: { budget: true } } };
      });
      return this.budget(rideId, actor);
    },

    /** POST /api/trips/{rideId}/settlements: a transfer marked paid, in the home currency; settled stays settled. */
    async settle(rideId: number, actor: Actor, body: { from: number; to: number; amount: string }) {
      await allowed(rideId, actor, 'write');
      const home = await homeCurrencyOf(db, rideId);
      const people = new Set((await peopleOf(db, rideId)).map((p) => p.userId));
      if (!people.has(body.from) || !people.has(body.to) || body.from === body.to)
        throw new AppError('not_on_trip');
      const minor = amountIn(body.amount, home, 'amount');
      const id = await tripChange(rideId, userIdOf(actor), async (tx) => {
        const made = await repo.insertSettlement(tx, {
          rideId,
          fromPerson: body.from,
          toPerson: body.to,
          amountMinor: minor,
          currency: home,
          createdBy: userIdOf(actor),
        });
        return { answer: made, change: { type: 'money' as const, target: { settlements: [made] } } };
      });
      return { ServerMassageCode: 'success' as const, id };
    },

    /** GET /api/trips/{rideId}/expenses.csv: the expenses, one a row, as the trip's people may read them. */
    async csv(rideId: number, actor: Actor): Promise<string> {
      await allowed(rideId, actor, 'read');
      const [expenses, people, language] = await Promise.all([
        repo.expensesOf(db, rideId),
        peopleOf(db, rideId),
        repo.tripLanguageOf(db, rideId),
      ]);
      return expensesCsv(expenses.map(wireOf), people, language === 'hebrew' ? 'he' : 'en');
    },
  };
}

export type MoneyService = ReturnType<typeof createMoneyService>;
