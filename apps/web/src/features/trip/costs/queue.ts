import type { ExpenseBody } from '@rides/contract';
import { queueKey as deviceQueueKey } from '../../../lib/device-queue';
import { local } from '../../../lib/storage';

/**
 * Expenses added on a phone without network (issue 35), as the shared lists' writes are (together/queue.ts, decision
 * 0066): each is kept in localStorage with the clientId the device made, shown as "waiting to be sent", and sent in
 * order when the network is back. The server makes a second send of the same clientId a no-op, so sending again after
 * a lost answer makes no duplicate. Pure but for the storage.
 */
/** The signed-in user's own queue of the trip (lib/device-queue.ts). */
const queueKey = (rideId: number) => deviceQueueKey('costs', rideId);

/** Told on the window whenever a trip's queue changes (its detail: the trip's id). */
export const COSTS_QUEUE_CHANGED = 'rides:costs-queue';

export function loadExpenseQueue(rideId: number): ExpenseBody[] {
  const raw = local.get(queueKey(rideId));
  if (!raw) return [];
  try {
    const parsed = JSON.parse(raw) as unknown;
    return Array.isArray(parsed) ? (parsed as ExpenseBody[]) : [];
  } catch {
    return [];
  }
}

function saveExpenseQueue(rideId: number, queue: readonly ExpenseBody[]): void {
  if (queue.length === 0) local.remove(queueKey(rideId));
  else local.set(queueKey(rideId), JSON.stringify(queue));
  if (typeof window !== 'undefined')
    window.dispatchEvent(new CustomEvent(COSTS_QUEUE_CHANGED, { detail: rideId }));
}

/** Keeps an expense to send; the same clientId again replaces it (it is one expense). */
export function enqueueExpense(rideId: number, body: ExpenseBody): ExpenseBody[] {
  const queue = loadExpenseQueue(rideId).filter((e) => e.clientId !== body.clientId);
  queue.push(body);
  saveExpenseQueue(rideId, queue);
  return queue;
}

/** Drops an expense once sent (or refused: the toast says why). */
export function dropQueuedExpense(rideId: number, clientId: string): ExpenseBody[] {
  const queue = loadExpenseQueue(rideId).filter((e) => e.clientId !== clientId);
  saveExpenseQueue(rideId, queue);
  return queue;
}

/** The queued expenses the server does not know yet (an answer lost after a send: it knows it by its clientId). */
export const stillWaiting = (
  queue: readonly ExpenseBody[],
  known: readonly { clientId: string }[],
): ExpenseBody[] => queue.filter((q) => !known.some((k) => k.clientId === q.clientId));

/** A new clientId for an expense added on this device (8 to 64 of A-Z a-z 0-9 _ -). */
export const newExpenseClientId = (): string =>
  typeof crypto !== 'undefined' && 'randomUUID' in crypto
    ? crypto.randomUUID()
    : `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 12)}`;
