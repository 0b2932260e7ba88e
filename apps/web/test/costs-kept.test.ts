import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearPrivateTrips, forgetPrivateTrips } from '../src/features/trip/cache/trip-cache';
import { PRIVATE_TRIPS_FLAG, mayHoldPrivateTrips } from '../src/features/trip/cache/trip-cache-core';
import type { BudgetAnswer, ExpensesAnswer } from '../src/features/trip/costs/api';
import {
  KEPT_MONEY_KEY,
  keepMoney,
  keptMoneyList,
  loadKeptMoney,
  type KeptMoney,
} from '../src/features/trip/costs/kept';
import { keepLists, loadKeptLists } from '../src/features/trip/together/queue';

/**
 * A trip's costs kept for reading offline (issue 35 point 5, costs/kept.ts): the last answers of the trips the trip
 * cache keeps, with when they were read; all of it, and the lists kept likewise, leaves the device when the session
 * ends, while what waits to be sent stays.
 */

/** A Storage in memory (node environment: no DOM), optionally with a quota in characters. */
function fakeStorage(quota = Infinity): Storage & { keys: () => string[] } {
  const map = new Map<string, string>();
  return {
    get length() {
      return map.size;
    },
    keys: () => [...map.keys()].sort(),
    clear: () => map.clear(),
    getItem: (k) => map.get(k) ?? null,
    key: (i) => [...map.keys()][i] ?? null,
    removeItem: (k) => void map.delete(k),
    setItem: (k, v) => {
      const used = [...map].reduce((n, [key, val]) => n + (key === k ? 0 : key.length + val.length), 0);
      if (used + k.length + v.length > quota) throw new DOMException('full', 'QuotaExceededError');
      map.set(k, String(v));
    },
  };
}

const expenses = (note: string): ExpensesAnswer => ({
  ServerMassageCode: 'success',
  homeCurrency: 'ILS',
  mayWrite: true,
  people: [
    { userId: 7, name: 'Noa', participant: false },
    { userId: -1, name: 'Dana', participant: true },
  ],
  expenses: [
    {
      id: 1,
      clientId: 'client-0001',
      amount: '300.00',
      currency: 'ILS',
      date: '2031-05-10',
      category: 'food',
      note,
      paidBy: [{ userId: 7, amount: '300.00' }],
      split: { mode: 'equal', among: [7, -1] },
    } as unknown as ExpensesAnswer['expenses'][number],
  ],
});

const budget: BudgetAnswer = {
  ServerMassageCode: 'success',
  homeCurrency: 'ILS',
  total: '300.00',
  byCategory: [{ category: 'food', spent: '300.00', limit: null, left: null }],
  byDay: [{ date: '2031-05-10', spent: '300.00' }],
  people: [
    { userId: 7, name: 'Noa', paid: '300.00', share: '150.00', settled: '0.00', balance: '150.00' },
    { userId: -1, name: 'Dana', paid: '0.00', share: '150.00', settled: '0.00', balance: '-150.00' },
  ],
  settleUp: [{ from: -1, to: 7, amount: '150.00' }],
  ratesToConfirm: 0,
  quote: null,
  mayWrite: true,
  mayQuote: false,
  updatedAt: null,
};

const money = (rideId: number, readAt = 1_000 + rideId, note = `trip ${rideId}`): KeptMoney => ({
  rideId,
  readAt,
  expenses: expenses(note),
  budget,
});

describe('the money kept for offline', () => {
  it('keeps the answers as read, with when they were read, and marks the device as keeping private things', () => {
    const storage = fakeStorage();
    expect(loadKeptMoney(storage, 4)).toBeUndefined();
    expect(mayHoldPrivateTrips(storage)).toBe(false);
    keepMoney(storage, money(4, 1_700_000_000_000), [4], 5);
    expect(loadKeptMoney(storage, 4)).toEqual(money(4, 1_700_000_000_000));
    expect(loadKeptMoney(storage, 5)).toBeUndefined();
    expect(mayHoldPrivateTrips(storage)).toBe(true);
    expect(storage.keys()).toEqual([KEPT_MONEY_KEY, PRIVATE_TRIPS_FLAG].sort());
  });

  it('newest read first, one copy a trip, only the trips the trip cache keeps, five at most', () => {
    const storage = fakeStorage();
    for (const id of [1, 2, 3]) keepMoney(storage, money(id), [id, 1, 2, 3], 5);
    expect(keptMoneyList(storage).map((k) => k.rideId)).toEqual([3, 2, 1]);
    // Trip 1 read again: first, its older copy gone.
    keepMoney(storage, money(1, 9_000, 'again'), [1, 3, 2], 5);
    expect(keptMoneyList(storage).map((k) => [k.rideId, k.readAt])).toEqual([
      [1, 9_000],
      [3, 1_003],
      [2, 1_002],
    ]);
    expect(loadKeptMoney(storage, 1)?.expenses.expenses[0]?.note).toBe('again');
    // Trip 2 left the trip cache: its money goes with the next keeping.
    keepMoney(storage, money(4), [4, 1, 3], 5);
    expect(keptMoneyList(storage).map((k) => k.rideId)).toEqual([4, 1, 3]);
    // Never more than the trip cache's count.
    for (const id of [5, 6, 7]) keepMoney(storage, money(id), [id, 7, 6, 5, 4, 1, 3], 5);
    expect(keptMoneyList(storage).map((k) => k.rideId)).toEqual([7, 6, 5, 4, 1]);
  });

  it('storage full: the oldest go until this trip fits; too big alone, what was kept stays', () => {
    const one = JSON.stringify([money(1)]).length;
    const storage = fakeStorage(Math.floor(one * 2.5));
    keepMoney(storage, money(1), [1, 2, 3], 5);
    keepMoney(storage, money(2), [1, 2, 3], 5);
    expect(keptMoneyList(storage).map((k) => k.rideId)).toEqual([2, 1]);
    keepMoney(storage, money(3), [1, 2, 3], 5);
    expect(keptMoneyList(storage).map((k) => k.rideId)).toEqual([3, 2]);
    const huge = money(2, 5_000, 'x'.repeat(one * 3));
    keepMoney(storage, huge, [1, 2, 3], 5);
    expect(keptMoneyList(storage).map((k) => [k.rideId, k.readAt])).toEqual([
      [3, 1_003],
      [2, 1_002],
    ]);
  });

  it('reads nothing from what is not its own', () => {
    const storage = fakeStorage();
    storage.setItem(KEPT_MONEY_KEY, '{not json');
    expect(keptMoneyList(storage)).toEqual([]);
    storage.setItem(KEPT_MONEY_KEY, JSON.stringify({ rideId: 1 }));
    expect(keptMoneyList(storage)).toEqual([]);
    storage.setItem(KEPT_MONEY_KEY, JSON.stringify([{ rideId: 1, readAt: 2 }, money(3)]));
    expect(keptMoneyList(storage).map((k) => k.rideId)).toEqual([3]);
    expect(keptMoneyList(null)).toEqual([]);
    expect(() => keepMoney(null, money(1), [1], 5)).not.toThrow();
  });
});

describe('signing out', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('removes every trip’s kept money and kept lists, public trips’ too; what waits to be sent stays', async () => {
    const storage = fakeStorage();
    vi.stubGlobal('window', { localStorage: storage, dispatchEvent: () => true });
    keepMoney(storage, money(1), [1, 2], 5);
    keepMoney(storage, money(2), [1, 2], 5);
    keepLists(2, { ServerMassageCode: 'success', lists: [], people: [], mayWrite: true } as never);
    expect(loadKeptLists(2)).toBeDefined();
    storage.setItem('rides.costs.queue.2', '[{"clientId":"client-0002"}]');
    storage.setItem('rides.together.queue.2', '[]');
    storage.setItem('selectedLanguage', 'en');

    const seen: string[] = [];
    vi.stubGlobal('window', { localStorage: storage, dispatchEvent: (e: Event) => seen.push(e.type) });
    expect(forgetPrivateTrips(storage)).toEqual([]);
    expect(keptMoneyList(storage)).toEqual([]);
    expect(loadKeptLists(2)).toBeUndefined();
    expect(mayHoldPrivateTrips(storage)).toBe(false);
    expect(storage.keys()).toEqual(['rides.costs.queue.2', 'rides.together.queue.2', 'selectedLanguage']);
    // The offline view reads again what it shows.
    expect(seen).toEqual(['rides:saved-trips-changed']);

    // The whole sign-out (the service worker's cache aside) does the same.
    keepMoney(storage, money(3), [3], 5);
    keepLists(3, { ServerMassageCode: 'success', lists: [], people: [], mayWrite: true } as never);
    await clearPrivateTrips(storage, undefined);
    expect(storage.keys()).toEqual(['rides.costs.queue.2', 'rides.together.queue.2', 'selectedLanguage']);
    // Nothing left to remove: the offline view is not told again.
    seen.length = 0;
    forgetPrivateTrips(storage);
    expect(seen).toEqual([]);
  });

  it('keeping lists marks the device too, so a start without a session clears them', () => {
    const storage = fakeStorage();
    vi.stubGlobal('window', { localStorage: storage, dispatchEvent: () => true });
    keepLists(5, { ServerMassageCode: 'success', lists: [], people: [], mayWrite: true } as never);
    expect(mayHoldPrivateTrips(storage)).toBe(true);
    forgetPrivateTrips(storage);
    expect(loadKeptLists(5)).toBeUndefined();
    expect(mayHoldPrivateTrips(storage)).toBe(false);
  });
});
