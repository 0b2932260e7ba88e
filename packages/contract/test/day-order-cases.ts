import { estimateLeg, type GeoPoint, type LegMode, type OrderStop } from '../src/index.js';

/**
 * Shuffled days for the order heuristic's tests and its bench (bench/day-order.bench.ts): a seeded generator, days of
 * stops at random points within a city, and the best order by exhaustive search to compare with.
 */

/** mulberry32: a small seeded generator, [0, 1). */
export function seeded(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Cities the days are drawn in: a centre and a radius (km) that holds most of what a visitor sees. */
export const CITIES: readonly { name: string; centre: GeoPoint; radiusKm: number }[] = [
  { name: 'Tel Aviv', centre: { lat: 32.0809, lng: 34.7806 }, radiusKm: 4 },
  { name: 'Jerusalem', centre: { lat: 31.7767, lng: 35.2345 }, radiusKm: 4 },
  { name: 'Paris', centre: { lat: 48.8566, lng: 2.3522 }, radiusKm: 5 },
  { name: 'Rome', centre: { lat: 41.8986, lng: 12.4769 }, radiusKm: 4 },
  { name: 'New York', centre: { lat: 40.758, lng: -73.9855 }, radiusKm: 6 },
];

/** A random point within `radiusKm` of `centre` (uniform over the disc). */
export function pointNear(random: () => number, centre: GeoPoint, radiusKm: number): GeoPoint {
  const r = radiusKm * Math.sqrt(random());
  const angle = 2 * Math.PI * random();
  const dLat = (r * Math.cos(angle)) / 111.32;
  const dLng = (r * Math.sin(angle)) / (111.32 * Math.cos((centre.lat * Math.PI) / 180));
  return { lat: centre.lat + dLat, lng: centre.lng + dLng };
}

export interface ShuffledDay {
  city: string;
  start: GeoPoint;
  end: GeoPoint;
  stops: OrderStop[];
}

/**
 * `count` days of `perDay` activities each (ids 1..perDay, in a random order: the points are random), with one hotel
 * morning and night; `timed` of them (at random positions) fixed.
 */
export function shuffledDays(seed: number, count: number, perDay: number, timed = 0): ShuffledDay[] {
  const random = seeded(seed);
  return Array.from({ length: count }, (_, d) => {
    const city = CITIES[d % CITIES.length]!;
    const hotel = pointNear(random, city.centre, city.radiusKm / 2);
    const fixed = new Set<number>();
    while (fixed.size < Math.min(timed, perDay)) fixed.add(Math.floor(random() * perDay));
    const stops = Array.from({ length: perDay }, (_, i) => ({
      id: i + 1,
      ...pointNear(random, city.centre, city.radiusKm),
      fixed: fixed.has(i),
    }));
    return { city: city.name, start: hotel, end: hotel, stops };
  });
}

/** The legs' estimate for a mode, in seconds: the cost the call uses without a routing service. */
export const estimateCost = (mode: LegMode) => (a: GeoPoint, b: GeoPoint) =>
  estimateLeg(a, b, mode).durationS;

/**
 * The least travel of any order of the day that keeps its fixed stops (and the first and last when pinned) in place:
 * every order of the others, by depth-first search over a cost matrix, a branch dropped once its travel so far is no
 * better than the best complete order found (costs are never negative, so nothing better is dropped). Exact.
 */
export function bestTravelExhaustive(
  day: ShuffledDay,
  cost: (a: GeoPoint, b: GeoPoint) => number,
  pin: { first?: boolean; last?: boolean } = {},
): number {
  const n = day.stops.length;
  const points: (GeoPoint | null)[] = day.stops.map((s) =>
    s.lat === null || s.lng === null ? null : { lat: s.lat, lng: s.lng },
  );
  const START = n;
  const END = n + 1;
  points.push(day.start, day.end);
  const size = n + 2;
  const matrix = new Float64Array(size * size);
  for (let a = 0; a < size; a++)
    for (let b = 0; b < size; b++) {
      const pa = points[a];
      const pb = points[b];
      matrix[a * size + b] = a === b || !pa || !pb ? 0 : cost(pa, pb);
    }
  const isFree = day.stops.map(
    (s, i) => !s.fixed && points[i] !== null && !(pin.first && i === 0) && !(pin.last && i === n - 1),
  );
  const left = new Set(day.stops.map((_, i) => i).filter((i) => isFree[i]));
  let best = Infinity;
  const visit = (slot: number, previous: number, soFar: number): void => {
    if (soFar >= best) return;
    if (slot === n) {
      const total = soFar + (points[END] && previous >= 0 ? matrix[previous * size + END]! : 0);
      if (total < best) best = total;
      return;
    }
    const step = (node: number): void => {
      if (!points[node]) return visit(slot + 1, previous, soFar);
      visit(slot + 1, node, soFar + (previous >= 0 ? matrix[previous * size + node]! : 0));
    };
    if (!isFree[slot]) return step(slot);
    for (const node of [...left]) {
      left.delete(node);
      step(node);
      left.add(node);
    }
  };
  visit(0, points[START] ? START : -1, 0);
  return best;
}
