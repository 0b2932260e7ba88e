import {
  legErrors,
  routedLegs,
  summarise,
  type LegError,
  type RoutedLeg,
} from '../packages/contract/test/routed-legs.js';
import { table } from './lib.js';

/**
 * Issue 36's bar for the estimate (decision 0071): against at least 100 routed city legs, the median time error within
 * 25 % for walking and for driving. No timing here: the estimate (contract/legs.ts `estimateLeg`) of every leg recorded
 * in bench/data/routed-legs.json (a routing service's answer found in a public repository, with its repository, file
 * and commit: OSRM through the mymappi API, openrouteservice, GraphHopper, Valhalla, OpenTripPlanner, Google), against
 * the routed time and distance. Per mode: how many legs, the median and 90th percentile of |estimate / routed - 1|,
 * and the median signed error (the bias: positive when the estimate is slower or longer); then per city, and the
 * legs furthest off. Cycling is printed too, though the bar does not name it.
 */

const pct = (x: number) => `${(x * 100).toFixed(1)} %`;

function summaryRow(label: string, errors: readonly LegError[]): Record<string, string | number> {
  const s = summarise(errors);
  return {
    '': label,
    legs: s.count,
    'median |error|': s.count ? pct(s.median) : '-',
    'p90 |error|': s.count ? pct(s.p90) : '-',
    'bias (median signed)': s.count ? pct(s.bias) : '-',
  };
}

export function legsAccuracyBench(): void {
  const legs = routedLegs();
  const sources = new Set(legs.map((l) => `${l.source.repo}/${l.source.path}@${l.source.commit}`));
  console.log(
    `\n${legs.length} routed legs from ${sources.size} files of ${new Set(legs.map((l) => l.source.repo)).size} repositories, ` +
      `${new Set(legs.map((l) => l.city)).size} cities (bar: median time error <= 25 % walking and driving)`,
  );
  const modes: RoutedLeg['mode'][] = ['walk', 'drive', 'bike'];
  const byMode = Object.fromEntries(modes.map((m) => [m, legErrors(legs, m)]));

  console.log("\ntime (the estimate's duration against the routed one)");
  table(modes.map((m) => summaryRow(m, byMode[m]!.time)));
  console.log("\ndistance (the estimate's network distance against the routed one)");
  table(modes.map((m) => summaryRow(m, byMode[m]!.distance)));

  for (const mode of modes) {
    const errors = byMode[mode]!.time;
    const cities = [...new Set(errors.map((e) => e.leg.city))];
    console.log(`\n${mode}, time, per city`);
    table(
      cities.map((city) => ({
        ...summaryRow(
          city,
          errors.filter((e) => e.leg.city === city),
        ),
        engine: [...new Set(errors.filter((e) => e.leg.city === city).map((e) => e.leg.source.engine))].join(
          '; ',
        ),
      })),
    );
  }

  for (const mode of modes) {
    const worst = [...byMode[mode]!.time].sort((a, b) => Math.abs(b.signed) - Math.abs(a.signed)).slice(0, 5);
    console.log(`\n${mode}: the five legs furthest off in time`);
    table(
      worst.map((e) => ({
        city: e.leg.city,
        'straight km': e.km.toFixed(2),
        'routed m': e.leg.distanceM ?? '-',
        'routed s': e.routed,
        'estimate s': e.estimated,
        error: pct(e.signed),
        source: `${e.leg.source.repo}/${e.leg.source.path}`,
      })),
    );
  }
}
