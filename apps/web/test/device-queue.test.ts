import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ExpenseBody } from '@rides/contract';

/** Writes kept on a device to send later are the signed-in user's own (lib/device-queue.ts). */
let token: string | null = null;
vi.mock('../src/lib/session-store', () => ({ currentToken: () => token }));

const { queueKeyFor } = await import('../src/lib/device-queue');
const { enqueueExpense, loadExpenseQueue } = await import('../src/features/trip/costs/queue');
const { enqueue, loadQueue } = await import('../src/features/trip/together/queue');

const b64 = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');
const tokenOf = (userId: number) => `${b64({ alg: 'HS256', typ: 'JWT' })}.${b64({ user_id: userId })}.signature`;

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
    vi.unstubAllGlobals();
    token = null;
  });

  it('are kept under a key naming their user', () => {
    expect(queueKeyFor('costs', 12, 7)).toBe('rides.costs.queue.12.u7');
    expect(queueKeyFor('together', 12, null)).toBe('rides.together.queue.12');
  });

  it('another account signed in on the same device neither sees nor sends them; their owner does', () => {
    token = tokenOf(7);
    enqueueExpense(12, expense);
    enqueue(12, { op: 'add', listId: 3, clientId: 'item-0001', text: 'Passports' });
    expect([...store.keys()].sort()).toEqual(['rides.costs.queue.12.u7', 'rides.together.queue.12.u7']);

    token = tokenOf(8);
    expect(loadExpenseQueue(12)).toEqual([]);
    expect(loadQueue(12)).toEqual([]);
    token = null;
    expect(loadExpenseQueue(12)).toEqual([]);

    token = tokenOf(7);
    expect(loadExpenseQueue(12).map((e) => e.clientId)).toEqual(['client-0001']);
    expect(loadQueue(12).map((w) => w.clientId)).toEqual(['item-0001']);
  });
});
