import { useEffect, useMemo } from 'react';
import { ApiError } from '../../../lib/api';
import { defaultStorage } from '../cache/trip-cache-core';
import { MAX_SAVED_TRIPS, recentTrips } from '../cache/trip-cache';
import type { BudgetAnswer, ExpensesAnswer } from './api';
import { keepMoney, loadKeptMoney } from './kept';

/** What the costs panel reads of a query (react-query's result has more). */
interface Read<T> {
  data: T | undefined;
  error: Error | null;
  /** 'paused': the browser says there is no network, and react-query waits for it. */
  fetchStatus: string;
  dataUpdatedAt: number;
}

interface Shown<T> {
  data: T | undefined;
  error: Error | null;
}

const noNetwork = (read: Read<unknown>) =>
  read.data === undefined &&
  (read.fetchStatus === 'paused' || (read.error instanceof ApiError && read.error.code === 'network_error'));

/**
 * The costs panel's two reads, kept for offline (kept.ts): each pair of answers read is kept, and when a read finds no
 * network (refused for it, or paused by react-query because the browser says so) the pair last kept stands in for
 * both, with the time it was read (`keptAt`, null when the answers are live). Without a kept pair the reads are as
 * they came (their error shows).
 */
export function useKeptMoney(
  rideId: number,
  expenses: Read<ExpensesAnswer>,
  budget: Read<BudgetAnswer>,
): { expenses: Shown<ExpensesAnswer>; budget: Shown<BudgetAnswer>; keptAt: number | null } {
  const read = { expenses: expenses.data, budget: budget.data };
  const readAt = Math.min(expenses.dataUpdatedAt, budget.dataUpdatedAt);
  useEffect(() => {
    if (!read.expenses || !read.budget) return;
    const storage = defaultStorage();
    const saved = recentTrips(storage).map((t) => t.id);
    const money = { rideId, readAt: readAt || Date.now(), expenses: read.expenses, budget: read.budget };
    keepMoney(storage, money, saved, MAX_SAVED_TRIPS);
  }, [rideId, read.expenses, read.budget, readAt]);

  const offline = noNetwork(expenses) || noNetwork(budget);
  const kept = useMemo(() => {
    const money = offline ? loadKeptMoney(defaultStorage(), rideId) : undefined;
    // Marking a transfer paid needs the network (adding an expense is queued: queue.ts).
    return money && { ...money, budget: { ...money.budget, mayWrite: false } };
  }, [offline, rideId]);
  if (!kept) return { expenses, budget, keptAt: null };
  return {
    expenses: { data: kept.expenses, error: null },
    budget: { data: kept.budget, error: null },
    keptAt: kept.readAt,
  };
}
