import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ExpenseBody } from '@rides/contract';

import { queueKeyFor } from '../src/lib/device-queue';
import { endSession, startSession } from '../src/lib/session-store';
import { enqueueExpense, loadExpenseQueue } from '../src/features/trip/costs/queue';
import { enqueue, loadQueue } from '../src/features/trip/together/queue';

/** Writes kept on a device to send later are the signed-in user's own (lib/device-queue.ts). */
const b64 = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');
const tokenOf = (userId: number) =>
  `${b64({ alg: 'HS256', typ: 'JWT' })}.${b64({ user_id: userId, exp: Math.floor(Date.now() / 1000) + 3600 })}.signature`;
/** Signs in as the user (the session as the app keeps it), or out. */
const signIn = (userId: number | null) => {
  if (userId === null) endSession();
  else startSession({ token: tokenOf(userId), userName: `user ${userId}`, role: null });
};

const expense = { clientId: 'client-0001', amount: '10', currency: 'ILS' } as ExpenseBody;

describe("a device's queued writes", () => {
  const store = new Map<string, string>();
  beforeEach(() => {
    store.clear();
    vi.stubGlobal('window', {
      localStorage: {
        getItem: (k: string) => store.get(k) ?? null,
        setItem: (k: string, v: string) => store.set(k, v),
        removeItem: (k: string) => store.delete(k),
      },
      dispatchEvent: () => true,
    });
  });
  afterEach(() => {
    signIn(null);
    vi.unstubAllGlobals();
  });

  it('are kept under a key naming their user', () => {
    expect(queueKeyFor('costs', 12, 7)).toBe('rides.costs.queue.12.u7');
    expect(queueKeyFor('together', 12, null)).toBe('rides.together.queue.12');
  });

  it('another account signed in on the same device neither sees nor sends them; their owner does', () => {
    signIn(7);
    enqueueExpense(12, expense);
    enqueue(12, { op: 'add', listId: 3, clientId: 'item-0001', text: 'Passports' });
    expect([...store.keys()].filter((k) => k.includes('.queue.')).sort()).toEqual([
      'rides.costs.queue.12.u7',
      'rides.together.queue.12.u7',
    ]);

    signIn(8);
    expect(loadExpenseQueue(12)).toEqual([]);
    expect(loadQueue(12)).toEqual([]);
    signIn(null);
    expect(loadExpenseQueue(12)).toEqual([]);

    signIn(7);
    expect(loadExpenseQueue(12).map((e) => e.clientId)).toEqual(['client-0001']);
    expect(loadQueue(12).map((w) => w.clientId)).toEqual(['item-0001']);
  });
});
