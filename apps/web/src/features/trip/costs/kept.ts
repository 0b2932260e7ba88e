import { PRIVATE_TRIPS_FLAG, read } from '../cache/trip-cache-core';
import type { BudgetAnswer, ExpensesAnswer } from './api';

/**
 * A trip's costs readable without network (issue 35 point 5, decision 0069): the last expenses answer and budget
 * answer of each trip whose costs this device opened, with the time they were read, in localStorage under a versioned
 * key. Only the trips the trip cache keeps (trip-cache.ts: the last MAX_SAVED_TRIPS viewed) keep theirs. The costs panel
 * shows them when its reads find no network, the offline view after a reload (OfflineCosts).
 *
 * The money is its trip's people's only: all of it leaves the device when the session ends (trip-cache.ts
 * forgetPrivateTrips, with the private trips: it names this key), and keeping it sets the mark that has it cleared at the next start when
 * the session ended with no page open (trip-cache-core.ts PRIVATE_TRIPS_FLAG). Pure but for the Storage given.
 */
export const KEPT_MONEY_KEY = 'rides.costs.kept.v1';

export interface KeptMoney {
  rideId: number;
  /** When the answers were read (ms since the epoch). */
  readAt: number;
  expenses: ExpensesAnswer;
  budget: BudgetAnswer;
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;

const isKeptMoney = (v: unknown): v is KeptMoney => {
  if (!isObject(v) || !isObject(v.expenses) || !isObject(v.budget)) return false;
  const { expenses, budget } = v;
  return (
    typeof v.rideId === 'number' &&
    typeof v.readAt === 'number' &&
    Array.isArray(expenses.expenses) &&
    Array.isArray(expenses.people) &&
    typeof expenses.homeCurrency === 'string' &&
    typeof budget.total === 'string' &&
    Array.isArray(budget.byCategory) &&
    Array.isArray(budget.people) &&
    Array.isArray(budget.settleUp)
  );
};

/** Every trip's kept money, newest read first. What cannot be read is left out (a corrupt entry: none). */
export function keptMoneyList(storage: Storage | null): KeptMoney[] {
  const raw = read(storage, KEPT_MONEY_KEY);
  if (!raw) return [];
  try {
    const list: unknown = JSON.parse(raw);
    return Array.isArray(list) ? list.filter(isKeptMoney) : [];
  } catch {
    return [];
  }
}

/** The trip's kept money, if this device read it. */
export const loadKeptMoney = (storage: Storage | null, rideId: number): KeptMoney | undefined =>
  keptMoneyList(storage).find((k) => k.rideId === rideId);

/**
 * Keeps a trip's money just read: first in the list, in place of its older copy, with the money of the other trips
 * still in `savedTrips` (the trip cache's, newest first), `max` trips at most. Storage full: the oldest go until it
 * fits; when even this trip's alone does not, what was kept stays as it was (its time says how old it is).
 */
export function keepMoney(
  storage: Storage | null,
  money: KeptMoney,
  savedTrips: readonly number[],
  max: number,
): void {
  if (!storage) return;
  const list = [
    money,
    ...keptMoneyList(storage).filter((k) => k.rideId !== money.rideId && savedTrips.includes(k.rideId)),
  ].slice(0, Math.max(1, max));
  try {
    // First, so money is never kept without the mark that clears it.
    storage.setItem(PRIVATE_TRIPS_FLAG, '1');
  } catch {
    return;
  }
  for (let n = list.length; n > 0; n--) {
    try {
      storage.setItem(KEPT_MONEY_KEY, JSON.stringify(list.slice(0, n)));
      return;
    } catch (err) {
      if (n === 1) console.warn('costs: cannot keep the money for offline', err);
    }
  }
}
