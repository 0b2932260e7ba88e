import { readFileSync } from 'node:fs';
import { estimateLeg, haversineKm, type GeoPoint, type LegMode } from '../src/index.js';

/**
 * The estimate against routed legs (issue 36, decision 0071 "Estimate against routed legs"): the recorded answers of
 * routing services in bench/data/routed-legs.json, each with its repository, file and commit, and the estimate's error
 * on them. Shared by the accuracy test (legs-accuracy.test.ts) and the bench (bench/legs-accuracy.bench.ts), like
 * day-order-cases.ts.
 */

/** Where a recorded answer was found: a file of a public repository at a commit. Only facts are copied from it. */
export interface RoutedLegSource {
  repo: string;
  path: string;
  commit: string;
  /** The service and profile that answered, as the file shows it. */
  engine: string;
  licence: string;
  note?: string;
}

/** One routed leg: a service's distance and/or time between two points (null: the file gives no such figure). */
export interface RoutedLeg {
  source: RoutedLegSource;
  city: string;
  mode: Exclude<LegMode, 'transit'>;
  from: GeoPoint;
  to: GeoPoint;
  distanceM: number | null;
  durationS: number | null;
  note?: string;
}

const DATA = new URL('../../../bench/data/routed-legs.json', import.meta.url);

export function routedLegs(): RoutedLeg[] {
  return (JSON.parse(readFileSync(DATA, 'utf8')) as { legs: RoutedLeg[] }).legs;
}

/** |estimate / routed - 1| and the signed error, for one figure of one leg. */
export interface LegError {
  leg: RoutedLeg;
  /** Great-circle kilometres between the ends. */
  km: number;
  estimated: number;
  routed: number;
  /** estimated / routed - 1: positive when the estimate is longer or slower. */
  signed: number;
}

export interface ErrorSummary {
  count: number;
  /** Median of |signed|. */
  median: number;
  /** 90th percentile of |signed| (nearest rank). */
  p90: number;
  /** Median of the signed errors: the estimate's bias. */
  bias: number;
}

const percentile = (sorted: readonly number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? NaN;

const medianOf = (xs: readonly number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  if (s.length === 0) return NaN;
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
};

export function summarise(errors: readonly LegError[]): ErrorSummary {
  const abs = errors.map((e) => Math.abs(e.signed)).sort((a, b) => a - b);
  return {
    count: errors.length,
    median: medianOf(abs),
    p90: percentile(abs, 90),
    bias: medianOf(errors.map((e) => e.signed)),
  };
}

/** The estimate's time and distance errors on every leg of `mode` that has the figure. */
export function legErrors(
  legs: readonly RoutedLeg[],
  mode: RoutedLeg['mode'],
): { time: LegError[]; distance: LegError[] } {
  const time: LegError[] = [];
  const distance: LegError[] = [];
  for (const leg of legs) {
    if (leg.mode !== mode) continue;
    const km = haversineKm(leg.from, leg.to);
    const estimate = estimateLeg(leg.from, leg.to, mode);
    if (leg.durationS !== null)
      time.push({
        leg,
        km,
        estimated: estimate.durationS,
        routed: leg.durationS,
        signed: estimate.durationS / leg.durationS - 1,
      });
    if (leg.distanceM !== null)
      distance.push({
        leg,
        km,
        estimated: estimate.distanceM,
        routed: leg.distanceM,
        signed: estimate.distanceM / leg.distanceM - 1,
      });
  }
  return { time, distance };
}
