import { suggestDayOrder, type LegMode } from '@rides/contract';
import {
  bestTravelExhaustive,
  estimateCost,
  shuffledDays,
  type ShuffledDay,
} from '../packages/contract/test/day-order-cases.js';
import { median, pct, table } from './lib.js';

/**
 * Issue 36's bar for the suggested order (point 4, decision 0072): on shuffled 10-stop days, the heuristic's travel at
 * most 10 % above the best order found by exhaustive search. Days of 10 activities at random points within a city
 * (five cities, a seeded generator: the same days every run), the legs' estimate as the cost (the call's own without a
 * routing service). Sets:
 *  - hotel morning and night, every activity free to move (10! orders searched exactly, branch and bound), on foot;
 *  - the same days by car (driving's speed grows with the distance: another cost than a multiple of the distance);
 *  - no hotel, the first and last activities pinned (8! inner orders), on foot;
 *  - hotel morning and night, two activities timed (fixed positions), on foot.
 * For each: the ratio heuristic / best (median, 95th percentile, worst; how many days the best itself), the travel saved
 * against the shuffled order, and the heuristic's own time per day (the exhaustive search's beside it).
 */
const DAYS = Number(process.env.DAY_ORDER_DAYS ?? 200);
const PER_DAY = 10;

function run(
  name: string,
  days: ShuffledDay[],
  mode: LegMode,
  options: { hotel: boolean; pin: boolean },
): Record<string, string | number> {
  const cost = estimateCost(mode);
  const ratios: number[] = [];
  const saved: number[] = [];
  const heuristicMs: number[] = [];
  let exhaustiveMs = 0;
  for (const day of days) {
    const start = options.hotel ? day.start : null;
    const end = options.hotel ? day.end : null;
    const t0 = performance.now();
    const got = suggestDayOrder({
      stops: day.stops,
      start,
      end,
      pinFirst: options.pin,
      pinLast: options.pin,
      cost,
    });
    heuristicMs.push(performance.now() - t0);
    const t1 = performance.now();
    const best = bestTravelExhaustive({ ...day, start: start!, end: end! }, cost, {
      first: options.pin,
      last: options.pin,
    });
    exhaustiveMs += performance.now() - t1;
    ratios.push(got.afterS / best);
    saved.push(got.savedS / got.beforeS);
  }
  const worst = Math.max(...ratios);
  return {
    set: name,
    days: days.length,
    'median ratio': median(ratios).toFixed(4),
    'p95 ratio': pct(ratios, 95).toFixed(4),
    'worst ratio': worst.toFixed(4),
    'days at best': ratios.filter((r) => r <= 1 + 1e-9).length,
    'saved (median)': `${(median(saved) * 100).toFixed(0)} %`,
    'heuristic ms (median)': median(heuristicMs).toFixed(2),
    'heuristic ms (p95)': pct(heuristicMs, 95).toFixed(2),
    'heuristic ms (max)': Math.max(...heuristicMs).toFixed(2),
    'exhaustive ms / day': (exhaustiveMs / days.length).toFixed(1),
    'bar ≤ 1.10': worst <= 1.1 ? 'met' : 'MISSED',
  };
}

export async function dayOrderBench(): Promise<void> {
  // Warm the code paths first (the first days would carry the compiler's work).
  for (const day of shuffledDays(1, 20, PER_DAY))
    suggestDayOrder({ stops: day.stops, start: day.start, end: day.end, cost: estimateCost('walk') });
  const free = shuffledDays(3600, DAYS, PER_DAY);
  const timed = shuffledDays(3601, DAYS, PER_DAY, 2);
  table([
    run('hotel both ends, walk', free, 'walk', { hotel: true, pin: false }),
    run('hotel both ends, drive', free, 'drive', { hotel: true, pin: false }),
    run('first & last pinned, walk', free, 'walk', { hotel: false, pin: true }),
    run('2 timed + hotel, walk', timed, 'walk', { hotel: true, pin: false }),
  ]);
  await Promise.resolve();
}
