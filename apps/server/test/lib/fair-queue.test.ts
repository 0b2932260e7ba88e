import { describe, expect, it } from 'vitest';
import { createCostBudget, memoryCostStore } from '../../src/lib/cost-budget.js';
import { createFairQueue, type FairJob } from '../../src/lib/fair-queue.js';

/**
 * The heavy-work line (issue 31 point 1, decision 0050): owners take turns by cost, a better class goes first, one
 * owner's share is bounded, a full line makes room for a better class, a job whose client left goes; and the cost budget
 * per minute that sits in front of it.
 */

interface Job extends FairJob {
  name: string;
}
const job = (name: string, owner: string, cost = 10, priority = 2): Job => ({ name, owner, cost, priority });

/** Runs the line to the end, one job at a time (one worker), naming the jobs in the order they ran. */
function runAll(q: ReturnType<typeof createFairQueue<Job>>): string[] {
  const order: string[] = [];
  for (let next = q.shift(); next; next = q.shift()) {
    order.push(next.name);
    q.done(next);
  }
  return order;
}

describe('the fair line', () => {
  it("a flood's many jobs do not sit in front of another owner's single job, even when it arrives last", () => {
    const q = createFairQueue<Job>({ maxQueued: 50, ownerCostLimit: 1_000 });
    for (let i = 1; i <= 5; i++) q.push(job(`flood${i}`, 'addr:1.1.1.1', 100));
    const first = q.shift(); // the worker takes the flood's first while the others wait
    expect(first?.name).toBe('flood1');
    q.push(job('planner', 'user:7', 100));
    q.done(first as Job);
    expect(runAll(q)).toEqual(['planner', 'flood2', 'flood3', 'flood4', 'flood5']);
  });

  it('owners take turns by cost: a cheap job is not kept behind an expensive owner, and two equal owners alternate', () => {
    const q = createFairQueue<Job>({ maxQueued: 50, ownerCostLimit: 10_000 });
    q.push(job('big1', 'a', 600));
    q.push(job('big2', 'a', 600));
    q.push(job('small1', 'b', 60));
    q.push(job('small2', 'b', 60));
    q.push(job('small3', 'b', 60));
    q.push(job('c1', 'c', 60));
    q.push(job('c2', 'c', 60));
    // a's second job starts at 600 of virtual time: b's and c's all start before it.
    expect(runAll(q)).toEqual(['big1', 'small1', 'c1', 'small2', 'c2', 'small3', 'big2']);
  });

  it('a better class goes first, whatever waited before it', () => {
    const q = createFairQueue<Job>({ maxQueued: 50, ownerCostLimit: 10_000 });
    q.push(job('visitor', 'addr:2.2.2.2', 10, 2));
    q.push(job('signed-in', 'user:3', 10, 1));
    q.push(job('own trip', 'user:4', 10, 0));
    expect(runAll(q)).toEqual(['own trip', 'signed-in', 'visitor']);
  });

  it("one owner's waiting and running cost is bounded; a single large job of an idle owner is still taken", () => {
    const q = createFairQueue<Job>({ maxQueued: 50, ownerCostLimit: 1_400 });
    expect(q.push(job('huge', 'a', 5_000)).admitted).toBe(true); // larger than the share, but the owner had nothing
    expect(q.push(job('more', 'a', 10))).toEqual({ admitted: false, reason: 'owner_share' });
    expect(q.push(job('other', 'b', 660)).admitted).toBe(true);
    expect(q.push(job('other2', 'b', 660)).admitted).toBe(true);
    expect(q.push(job('other3', 'b', 660))).toEqual({ admitted: false, reason: 'owner_share' });
    // Running still counts against the share; once done, the owner may ask again.
    const huge = q.shift() as Job;
    expect(huge.name).toBe('huge');
    expect(q.push(job('more', 'a', 10)).admitted).toBe(false);
    q.done(huge);
    expect(q.push(job('more', 'a', 10)).admitted).toBe(true);
    expect(q.stats().owners).toEqual({ b: { waiting: 2, running: 0, cost: 1_320 }, a: { waiting: 1, running: 0, cost: 10 } });
  });

  it('a full line refuses a job of the same class, and makes room for a better class by refusing the newest of the worst', () => {
    const q = createFairQueue<Job>({ maxQueued: 3, ownerCostLimit: 10_000 });
    q.push(job('v1', 'addr:1', 10, 2));
    q.push(job('s1', 'user:1', 10, 1));
    q.push(job('v2', 'addr:2', 10, 2));
    expect(q.push(job('v3', 'addr:3', 10, 2))).toEqual({ admitted: false, reason: 'full' });
    const planner = q.push(job('own', 'user:9', 10, 0));
    expect(planner.admitted && planner.evicted.map((j) => j.name)).toEqual(['v2']);
    expect(q.stats().owners['addr:2']).toBeUndefined(); // its cost left with it
    expect(runAll(q)).toEqual(['own', 's1', 'v1']);
  });

  it("a waiting job whose client left is removed, its cost and its turn given back; a running one only by done()", () => {
    const q = createFairQueue<Job>({ maxQueued: 50, ownerCostLimit: 10_000 });
    const flood = Array.from({ length: 4 }, (_, i) => job(`f${i}`, 'a', 100));
    for (const j of flood) q.push(j);
    const running = q.shift() as Job;
    for (const j of flood.slice(1)) expect(q.remove(j)).toBe(true);
    expect(q.remove(running)).toBe(false); // not waiting: the pool ends its worker and calls done()
    expect(q.stats()).toMatchObject({ queued: 0, running: 1, owners: { a: { waiting: 0, running: 1, cost: 100 } } });
    // The owner is not pushed back by the jobs that never ran: its next job comes right after its running one's turn,
    // between a newcomer's first and second (behind the three removed ones, it would come after both).
    q.push(job('a-again', 'a', 100));
    q.push(job('b1', 'b', 100));
    q.push(job('b2', 'b', 100));
    q.done(running);
    expect(runAll(q)).toEqual(['b1', 'a-again', 'b2']);
    expect(q.stats()).toEqual({ queued: 0, running: 0, queuedCost: 0, owners: {} });
  });

  it('a free worker takes a job even from a line of no waiting room; the next one is refused', () => {
    const q = createFairQueue<Job>({ maxQueued: 0, ownerCostLimit: 10_000 });
    expect(q.push(job('runs at once', 'a'), 1).admitted).toBe(true);
    expect(q.shift()?.name).toBe('runs at once');
    expect(q.push(job('would wait', 'b'), 0)).toEqual({ admitted: false, reason: 'full' });
  });

  it('a running job put back (pre-empted) waits with its own turn, before the jobs that came after it', () => {
    const q = createFairQueue<Job>({ maxQueued: 50, ownerCostLimit: 10_000 });
    q.push(job('long', 'a', 600, 2));
    const long = q.shift() as Job;
    q.push(job('later', 'b', 100, 2));
    q.push(job('own trip', 'user:1', 100, 0));
    q.putBack(long);
    expect(q.stats().owners.a).toEqual({ waiting: 1, running: 0, cost: 600 });
    expect(runAll(q)).toEqual(['own trip', 'long', 'later']);
  });

  it('drain() takes every waiting job out (the pool closes)', () => {
    const q = createFairQueue<Job>({ maxQueued: 50, ownerCostLimit: 10_000 });
    q.push(job('x', 'a'));
    q.push(job('y', 'b'));
    expect(q.drain().map((j) => j.name)).toEqual(['x', 'y']);
    expect(q.size).toBe(0);
    expect(q.shift()).toBeUndefined();
  });
});

describe('the cost budget per minute', () => {
  it('spends cost per key, refuses past the budget with the seconds left, and starts again with the next window', async () => {
    let now = 1_000_000;
    const budget = createCostBudget({ perWindow: 1_000, windowMs: 60_000 }, memoryCostStore(() => now));
    expect(await budget.take('addr:1', 660)).toEqual({ ok: true });
    now += 15_000;
    expect(await budget.take('addr:1', 660)).toEqual({ ok: false, retryAfterS: 45 });
    expect(await budget.take('addr:2', 660)).toEqual({ ok: true }); // another key has its own
    expect(await budget.take('addr:1', 300)).toEqual({ ok: true }); // what is left still buys a smaller one
    now += 45_000;
    expect(await budget.take('addr:1', 660)).toEqual({ ok: true });
  });

  it('a single job larger than the budget passes in a fresh window; a refund gives back what was spent', async () => {
    const budget = createCostBudget({ perWindow: 500, windowMs: 60_000 }, memoryCostStore(() => 0));
    expect(await budget.take('k', 900)).toEqual({ ok: true });
    expect((await budget.take('k', 10)).ok).toBe(false);
    await budget.refund('k', 900);
    expect(await budget.take('k', 400)).toEqual({ ok: true });
  });

  it('a store that fails lets the work through (availability first)', async () => {
    const warnings: string[] = [];
    const budget = createCostBudget(
      { perWindow: 1, windowMs: 60_000 },
      { add: () => Promise.reject(new Error('down')), sub: () => Promise.reject(new Error('down')) },
      { warn: (_o, msg) => warnings.push(msg) },
    );
    expect(await budget.take('k', 100)).toEqual({ ok: true });
    expect(warnings).toHaveLength(1);
  });
});
