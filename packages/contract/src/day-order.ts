import { usableCoordinates } from './day-stops.js';
import type { GeoPoint } from './geo-distance.js';

/**
 * A better order for a day (issue 36 point 4, decision 0072): the day's activities reordered to cut its travel,
 * keeping what must stay where it is. Pure and deterministic: the same day and costs give the same order on the server
 * and in a browser. No zod here (the wire's schema is calls/day-order.ts).
 *
 * The rules:
 *  - A stop that is `fixed` (a timed activity: it keeps its place among the timed ones by keeping its position in the
 *    sequence) does not move; nor do the first and the last activity when `pinFirst` / `pinLast` say so; nor a stop
 *    without usable coordinates (nothing says where it would be better: it stays, and the legs join its neighbours,
 *    as the day's legs do). Only the other ("free") stops move, among the positions the free stops held.
 *  - `start` and `end` (the previous night's stay and that night's) are where the day begins and ends; either may be
 *    absent (the day then begins or ends at whichever activity comes first or last).
 *  - The travel of an order is the sum of `cost` (seconds, from the legs' estimate for the mode, or routed figures)
 *    over its consecutive located stops, start and end included. `cost` may be asymmetric.
 *  - The heuristic: nearest neighbour from every free stop as the first one moved (and the current order), each
 *    improved by a local search whose moves respect the fixed positions (2-opt: the free stops of a range reversed;
 *    Or-opt: one, two or three consecutive free stops moved elsewhere; a swap of two free stops), best improvement
 *    first, until no move improves; the best of all, and the current order unless another is strictly better. Never
 *    an exhaustive search: about n^3 work per pass for n free stops.
 */

export interface OrderStop {
  /** The activity's id (the order answered is of these). */
  id: number;
  /** Null when the place has no usable coordinates (it keeps its position). */
  lat: number | null;
  lng: number | null;
  /** Keeps its position: a stop with a planned time. */
  fixed?: boolean;
}

export interface DayOrderInput {
  /** The day's activities in their current order. */
  stops: readonly OrderStop[];
  /** Where the day starts (the previous night's stay), if known. */
  start?: GeoPoint | null;
  /** Where it ends (that night's stay), if known. */
  end?: GeoPoint | null;
  /** The first activity stays first / the last stays last. */
  pinFirst?: boolean;
  pinLast?: boolean;
  /** The travel from one place to another, seconds (or any non-negative cost). */
  cost: (from: GeoPoint, to: GeoPoint) => number;
}

export interface DayOrder {
  /** The activities' ids in the suggested order (the current order when nothing is better). */
  order: number[];
  /** The travel of the current order and of the suggested one (same unit as `cost`). */
  beforeS: number;
  afterS: number;
  /** beforeS - afterS, whole; 0 when the order is the current one. */
  savedS: number;
  /** The ids of the stops left where they were for lack of coordinates. */
  skipped: number[];
}

/** A move must gain more than this to count (float noise of sums in another order). */
const EPSILON = 1e-9;

/** Whether a stop has coordinates the order can use (the day's legs' own rule: 0,0 and off-Earth values are none). */
const located = (s: OrderStop): s is OrderStop & GeoPoint => usableCoordinates(s.lat, s.lng) !== null;

/** The most steps (orders priced x their stops) one suggestion may take: tens of milliseconds on a phone. */
const MAX_WORK = 10_000_000;

/** Above this many free stops, nearest neighbour starts only from the start (the search's work grows as n^4 with all). */
const MULTI_START_MAX = 12;

/**
 * The suggested order of a day (see the file's comment): a permutation of `stops` in which every fixed, pinned or
 * unlocated stop keeps its index, never more travel than the current order.
 */
export function suggestDayOrder(input: DayOrderInput): DayOrder {
  const { stops } = input;
  const n = stops.length;
  const skipped = stops.filter((s) => !located(s)).map((s) => s.id);

  // Nodes: 0..n-1 the stops, n the start, n+1 the end. The costs once, in a matrix (the search asks them often).
  const points: (GeoPoint | null)[] = stops.map((s) => (located(s) ? { lat: s.lat, lng: s.lng } : null));
  points.push(input.start ?? null, input.end ?? null);
  const size = n + 2;
  const matrix = new Float64Array(size * size);
  for (let a = 0; a < size; a++)
    for (let b = 0; b < size; b++) {
      const pa = points[a];
      const pb = points[b];
      matrix[a * size + b] = a === b || !pa || !pb ? 0 : input.cost(pa, pb);
    }
  const START = n;
  const END = n + 1;

  /** The travel of a sequence of stop indexes (start and end added when known; unlocated stops skipped). */
  const travel = (seq: readonly number[]): number => {
    let total = 0;
    let previous = points[START] ? START : -1;
    for (const node of seq) {
      if (!points[node]) continue;
      if (previous >= 0) total += matrix[previous * size + node] as number;
      previous = node;
    }
    if (points[END] && previous >= 0) total += matrix[previous * size + END] as number;
    return total;
  };

  const current = stops.map((_, i) => i);
  const beforeS = travel(current);
  const same = (): DayOrder => ({
    order: stops.map((s) => s.id),
    beforeS,
    afterS: beforeS,
    savedS: 0,
    skipped,
  });

  // The positions whose stop may move, in order; the stops there are the ones that move.
  const freeSlots = current.filter(
    (i) =>
      located(stops[i] as OrderStop) &&
      !(stops[i] as OrderStop).fixed &&
      !(input.pinFirst && i === 0) &&
      !(input.pinLast && i === n - 1),
  );
  const m = freeSlots.length;
  if (m < 2) return same();

  /** The full sequence with the free stops `free` (stop indexes, in slot order) put in the free slots. */
  const place = (free: readonly number[]): number[] => {
    const seq = [...current];
    freeSlots.forEach((slot, k) => (seq[slot] = free[k] as number));
    return seq;
  };
  // A bound on the work, so that a day of hundreds of activities answers in well under a second (a day of ten uses
  // about 1 % of it): each priced order costs about n steps; when the budget is spent the search keeps what it has.
  const budget = Math.floor(MAX_WORK / (n + 2));
  let spent = 0;
  const cost = (free: readonly number[]) => {
    spent += 1;
    return travel(place(free));
  };

  /** Best-improvement local search over the free stops' order: 2-opt, Or-opt (1-3) and swaps. */
  const improve = (start: number[]): { free: number[]; total: number } => {
    let free = start;
    let total = cost(free);
    for (;;) {
      let best = total;
      let bestFree: number[] | null = null;
      const consider = (candidate: number[]) => {
        if (spent >= budget) return;
        const c = cost(candidate);
        if (c < best - EPSILON) {
          best = c;
          bestFree = candidate;
        }
      };
      for (let i = 0; i < m - 1 && spent < budget; i++)
        for (let j = i + 1; j < m && spent < budget; j++) {
          // 2-opt: the free stops of slots i..j reversed.
          consider([...free.slice(0, i), ...free.slice(i, j + 1).reverse(), ...free.slice(j + 1)]);
          // A swap of two (for slots apart, the reversal above is not it).
          if (j > i + 1) {
            const swapped = [...free];
            swapped[i] = free[j] as number;
            swapped[j] = free[i] as number;
            consider(swapped);
          }
        }
      // Or-opt: a chain of 1..3 consecutive free stops moved to another place among the others.
      for (let len = 1; len <= Math.min(3, m - 1); len++)
        for (let i = 0; i + len <= m && spent < budget; i++) {
          const chain = free.slice(i, i + len);
          const rest = [...free.slice(0, i), ...free.slice(i + len)];
          for (let k = 0; k <= rest.length && spent < budget; k++) {
            if (k === i) continue;
            consider([...rest.slice(0, k), ...chain, ...rest.slice(k)]);
          }
        }
      if (!bestFree) return { free, total };
      free = bestFree;
      total = best;
    }
  };

  /**
   * Nearest neighbour through the day: each free slot in turn takes the remaining free stop nearest the stop before it
   * (the previous located stop, or the start); `first`, when given, is the one the first free slot takes.
   */
  const nearest = (first: number | null): number[] => {
    const left = new Set(freeSlots);
    const seq = [...current];
    let previous = points[START] ? START : -1;
    for (let i = 0; i < n; i++) {
      const isFree = freeSlots.includes(i);
      if (isFree) {
        let pick = -1;
        if (first !== null && left.has(first)) pick = first;
        else
          for (const candidate of left) {
            // No stop before it: the first in slot order (deterministic); else the nearest, ties to the lower index.
            if (pick < 0) pick = candidate;
            else if (
              previous >= 0 &&
              (matrix[previous * size + candidate] as number) < (matrix[previous * size + pick] as number)
            )
              pick = candidate;
          }
        left.delete(pick);
        seq[i] = pick;
        first = null;
      }
      if (points[seq[i] as number]) previous = seq[i] as number;
    }
    return freeSlots.map((slot) => seq[slot] as number);
  };

  let best = improve(freeSlots.map((slot) => slot));
  for (const candidate of [null, ...(m <= MULTI_START_MAX ? freeSlots : [])]) {
    const tried = improve(nearest(candidate));
    if (tried.total < best.total - EPSILON) best = tried;
  }
  if (best.total >= beforeS - EPSILON) return same();
  const order = place(best.free);
  const afterS = travel(order);
  return {
    order: order.map((i) => (stops[i] as OrderStop).id),
    beforeS,
    afterS,
    savedS: Math.max(0, Math.round(beforeS - afterS)),
    skipped,
  };
}

/**
 * The travel of a day's stops in a given order, by the same rule (start and end when known, unlocated stops skipped):
 * what the tests and the bench compare orders by.
 */
export function dayTravel(
  stops: readonly OrderStop[],
  cost: DayOrderInput['cost'],
  start?: GeoPoint | null,
  end?: GeoPoint | null,
): number {
  const path = [
    start ?? null,
    ...stops.map((s) => (located(s) ? { lat: s.lat, lng: s.lng } : null)),
    end ?? null,
  ].filter((p): p is GeoPoint => p !== null);
  let total = 0;
  for (let i = 1; i < path.length; i++) total += cost(path[i - 1] as GeoPoint, path[i] as GeoPoint);
  return total;
}

/**
 * Whether `order` holds exactly the ids of `of`, each once: a day's order applied must be the day's activities
 * rearranged (decision 0074; the server's day_order_mismatch, the dialog's check that its suggestion is still of the
 * day the page shows). An `of` with an id twice is no day's order.
 */
export function isRearrangementOf(order: readonly number[], of: readonly number[]): boolean {
  if (order.length !== of.length) return false;
  const left = new Set(of);
  if (left.size !== of.length) return false;
  for (const id of order) if (!left.delete(id)) return false;
  return left.size === 0;
}

/** The same ids in the same order. */
export const sameOrder = (a: readonly number[], b: readonly number[]): boolean =>
  a.length === b.length && a.every((id, i) => id === b[i]);
