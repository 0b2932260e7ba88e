import type { BudgetResponse, ExpenseBody, ExpenseOffer, ExpenseWire } from '@rides/contract';
import { queryOptions } from '@tanstack/react-query';
import { apiGet, apiRequest, type Envelope } from '../../../lib/api';

/**
 * The money calls of a trip (issue 35, decision 0069; contract calls/expenses.ts): the expenses with the trip's people
 * and home currency, the budget (totals, balances, settle-up), and the writes. Amounts are decimal strings.
 */
export interface MoneyPerson {
  userId: number;
  name: string;
  participant: boolean;
}
export interface ExpensesAnswer extends Envelope {
  expenses: ExpenseWire[];
  people: MoneyPerson[];
  homeCurrency: string;
  mayWrite: boolean;
  /** The trip's priced bookings not recorded yet, offered as expenses (absent from an answer kept by an older version). */
  offers?: ExpenseOffer[];
}
export type BudgetAnswer = BudgetResponse;
export interface BudgetBody {
  homeCurrency: string;
  limits: Partial<Record<string, string>>;
  quote?: { amount: string; currency: string; shared: boolean } | null;
  /** The budget's `updatedAt` when the form opened: a change made meanwhile is refused (409), not replaced. */
  basedOn?: string | null;
}
export type ExpensePatch = Partial<Omit<ExpenseBody, 'clientId'>> & { basedOn?: string };

export const costsKeys = {
  /** Every trip's money (the account's home currency changed: the trips without their own count in it). */
  every: ['trip_money'] as const,
  all: (rideId: number) => ['trip_money', rideId] as const,
  expenses: (rideId: number) => ['trip_money', rideId, 'expenses'] as const,
  budget: (rideId: number) => ['trip_money', rideId, 'budget'] as const,
};

const base = (rideId: number) => `trips/${rideId}`;

export const expensesQuery = (rideId: number) =>
  queryOptions({
    queryKey: costsKeys.expenses(rideId),
    queryFn: ({ signal }) => apiGet<ExpensesAnswer>(`${base(rideId)}/expenses`, signal),
    retry: false,
  });

export const budgetQuery = (rideId: number) =>
  queryOptions({
    queryKey: costsKeys.budget(rideId),
    queryFn: ({ signal }) => apiGet<BudgetAnswer>(`${base(rideId)}/budget`, signal),
    retry: false,
  });

export const postExpense = (rideId: number, body: ExpenseBody) =>
  apiRequest<Envelope & { expense: ExpenseWire }>(`${base(rideId)}/expenses`, { body });
export const patchExpense = (rideId: number, id: number, body: ExpensePatch) =>
  apiRequest<Envelope & { expense: ExpenseWire }>(`${base(rideId)}/expenses/${id}`, {
    method: 'PATCH',
    body,
  });
export const deleteExpense = (rideId: number, id: number) =>
  apiRequest(`${base(rideId)}/expenses/${id}`, { method: 'DELETE' });
export const postParticipant = (rideId: number, name: string) =>
  apiRequest<Envelope & { person: MoneyPerson }>(`${base(rideId)}/participants`, { body: { name } });
export const postSettlement = (rideId: number, body: { from: number; to: number; amount: string }) =>
  apiRequest<Envelope & { id: number }>(`${base(rideId)}/settlements`, { body });
export const confirmRate = (rideId: number, id: number) =>
  apiRequest<Envelope & { expense: ExpenseWire }>(`${base(rideId)}/expenses/${id}/rate`, { body: {} });
export const putBudget = (rideId: number, body: BudgetBody) =>
  apiRequest<BudgetAnswer>(`${base(rideId)}/budget`, { method: 'PUT', body });
/** The expenses as CSV (downloaded with the reader's token: lib/download.ts). */
export const expensesCsvUrl = (rideId: number) => `/api/${base(rideId)}/expenses.csv`;
