import {
  applyTripChanges,
  diffTripContent,
  mergeTripContent,
  tripContentProblems,
  type TripContent,
} from '@rides/contract';
import { randomSide, randomTrip, seeded } from '../packages/contract/test/trip-merge-cases.js';
import { median, pct, table } from './lib.js';

/**
 * Issue 37's bar for the merge (decision 0075): diff and merge of a 30-day, 300-activity trip with 50 changes on each
 * side under 100 ms. Seeded pairs (the same every run): a random base trip, 50 random edits on each side (the tests'
 * edit scripts: retimes, moves, reorders, additions, removals of activities and days, texts, stays, notes). For each
 * pair: both sides' diffs alone, the merge (its own two diffs and the three-way comparison), and applying every clean
 * change with every conflict resolved "theirs". Then the same on bigger trips, to see how it grows.
 */
const PAIRS = Number(process.env.TRIP_MERGE_PAIRS ?? 200);

interface Pair {
  base: TripContent;
  theirs: TripContent;
  ours: TripContent;
}

function pairs(seed: number, count: number, days: number, perDay: number, edits: number): Pair[] {
  const random = seeded(seed);
  return Array.from({ length: count }, () => {
    const base = randomTrip(random, days, perDay);
    return {
      base,
      theirs: randomSide(random, base, edits, 't').content,
      ours: randomSide(random, base, edits, 'o').content,
    };
  });
}

function run(name: string, set: Pair[], bar: number | null): Record<string, string | number> {
  const diffMs: number[] = [];
  const mergeMs: number[] = [];
  const applyMs: number[] = [];
  const totalMs: number[] = [];
  let changes = 0;
  let conflicts = 0;
  let refused = 0;
  for (const { base, theirs, ours } of set) {
    const t0 = performance.now();
    diffTripContent(base, theirs);
    diffTripContent(base, ours);
    const t1 = performance.now();
    const merged = mergeTripContent(base, theirs, ours);
    const t2 = performance.now();
    const accept = merged.changes.filter((c) => !c.conflict).map((c) => c.id);
    const resolve = Object.fromEntries(
      merged.changes.filter((c) => c.conflict).map((c) => [c.id, 'theirs' as const]),
    );
    const result = applyTripChanges(ours, merged.changes, accept, resolve);
    const t3 = performance.now();
    diffMs.push(t1 - t0);
    mergeMs.push(t2 - t1);
    applyMs.push(t3 - t2);
    totalMs.push(t3 - t1);
    changes += merged.changes.length;
    conflicts += merged.changes.length - accept.length;
    refused += result.refused.length;
    if (tripContentProblems(result.content).length > 0) throw new Error(`${name}: an invalid result`);
  }
  const activities = median(set.map((p) => Object.keys(p.base.activities).length));
  const worst = Math.max(...totalMs);
  return {
    set: name,
    pairs: set.length,
    'activities (median)': activities,
    "theirs' changes / pair": (changes / set.length).toFixed(1),
    'conflicts / pair': (conflicts / set.length).toFixed(1),
    'refused / pair': (refused / set.length).toFixed(1),
    'two diffs ms (median)': median(diffMs).toFixed(2),
    'merge ms (median)': median(mergeMs).toFixed(2),
    'apply ms (median)': median(applyMs).toFixed(2),
    'merge + apply ms (median / p95 / max)': `${median(totalMs).toFixed(2)} / ${pct(totalMs, 95).toFixed(2)} / ${worst.toFixed(2)}`,
    'bar < 100 ms': bar === null ? '-' : worst < bar ? 'met' : 'MISSED',
  };
}

export async function tripMergeBench(): Promise<void> {
  // Warm the code paths first (the first pairs would carry the compiler's work).
  run('warm-up', pairs(1, 50, 30, 10, 50), null);
  table([
    run('30 days x 10, 50 edits a side', pairs(3700, PAIRS, 30, 10, 50), 100),
    run('3 days x 100, 50 edits a side', pairs(3701, PAIRS, 3, 100, 50), 100),
    run('60 days x 20, 200 edits a side', pairs(3702, Math.ceil(PAIRS / 4), 60, 20, 200), null),
  ]);
  await Promise.resolve();
}
