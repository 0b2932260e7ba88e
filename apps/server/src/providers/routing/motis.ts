import { haversineKm } from '@rides/contract';
import { answered, fetchJson, withQuery } from './http.js';
import { RoutingProviderError, type RoutePoint, type RoutingProvider } from './types.js';

/**
 * Public transport through a MOTIS journey planner (MOTIS 2, https://github.com/motis-project/motis, openapi.yaml; the
 * API Transitous serves). The plan endpoint, in its first version, which every MOTIS 2 release answers:
 *
 *   GET {TRANSIT_URL}/api/v1/plan?fromPlace={lat},{lon}&toPlace={lat},{lon}&time={ISO 8601}&arriveBy=false
 *       &timetableView=false&directModes=WALK&detailedTransfers=false
 *   200 { "from": Place, "to": Place, "direct": [Itinerary], "itineraries": [Itinerary], ... }
 *       Itinerary { "duration": s, "startTime": ISO, "endTime": ISO, "transfers": n, "legs": [Leg] }
 *       Leg { "mode": "WALK" | "BUS" | ..., "from": Place, "to": Place, "duration": s, "distance"?: m (street legs),
 *             "intermediateStops"?: [Place] }   Place { "lat", "lon", ... }
 *
 * `timetableView=false`: the wait for the first departure counts as travel time, so a leg's time is from the asked
 * departure to the arrival (endTime - time), the best of the itineraries and of walking the whole way (`direct`).
 * Its distance: the street legs' own, the transit legs' along their stops (the plan gives no distance for those).
 *
 * The asked departure: a timetable answers for a time, and the cache keeps one answer per leg; so every leg is asked
 * for the same kind of moment, an ordinary weekday morning: the next Wednesday at least a day away, 10:00 local solar
 * time at the start of the leg (UTC + longitude / 15 hours, rounded), inside any published timetable's usual horizon.
 */
export const MOTIS_DEPARTURE_HOUR = 10;
const WEDNESDAY = 3;

/** The departure a leg from `from` is asked for, seen from `now`. */
export function motisDeparture(from: RoutePoint, now: Date): Date {
  const day = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1));
  while (day.getUTCDay() !== WEDNESDAY) day.setUTCDate(day.getUTCDate() + 1);
  const offsetHours = Math.round(from.lng / 15);
  return new Date(day.getTime() + (MOTIS_DEPARTURE_HOUR - offsetHours) * 3_600_000);
}

interface MotisPlace {
  lat?: unknown;
  lon?: unknown;
}
interface MotisLeg {
  mode?: unknown;
  from?: MotisPlace;
  to?: MotisPlace;
  distance?: unknown;
  intermediateStops?: MotisPlace[];
}
interface MotisItinerary {
  duration?: unknown;
  startTime?: unknown;
  endTime?: unknown;
  legs?: MotisLeg[];
}

const pointOf = (p: MotisPlace | undefined): RoutePoint | null =>
  typeof p?.lat === 'number' && typeof p.lon === 'number' && Number.isFinite(p.lat) && Number.isFinite(p.lon)
    ? { lat: p.lat, lng: p.lon }
    : null;

/** An itinerary's metres: each street leg's distance, each transit leg's along its stops; null when unreadable. */
function metresOf(it: MotisItinerary): number | null {
  if (!Array.isArray(it.legs)) return null;
  let metres = 0;
  for (const leg of it.legs) {
    if (typeof leg.distance === 'number' && Number.isFinite(leg.distance) && leg.distance >= 0) {
      metres += leg.distance;
      continue;
    }
    const points = [
      leg.from,
      ...(Array.isArray(leg.intermediateStops) ? leg.intermediateStops : []),
      leg.to,
    ].map(pointOf);
    if (points.some((p) => p === null)) return null;
    for (let i = 1; i < points.length; i++) metres += haversineKm(points[i - 1]!, points[i]!) * 1000;
  }
  return metres;
}

export function createMotisProvider(opts: {
  baseUrl: string;
  timeoutMs: number;
  now?: () => Date;
}): RoutingProvider {
  const now = opts.now ?? (() => new Date());
  return {
    service: 'motis',
    modes: ['transit'],
    async route(from, to, mode, signal) {
      if (mode !== 'transit') throw new RoutingProviderError('motis', 'no_route', `no ${mode}`);
      const departure = motisDeparture(from, now());
      const url = withQuery(opts.baseUrl, '/api/v1/plan', [
        ['fromPlace', `${from.lat},${from.lng}`],
        ['toPlace', `${to.lat},${to.lng}`],
        ['time', departure.toISOString()],
        ['arriveBy', 'false'],
        ['timetableView', 'false'],
        ['directModes', 'WALK'],
        ['detailedTransfers', 'false'],
      ]);
      const a = await fetchJson('motis', url, { timeoutMs: opts.timeoutMs, signal });
      const body = a.body as { itineraries?: unknown; direct?: unknown } | undefined;
      if (a.status !== 200 || !Array.isArray(body?.itineraries))
        throw new RoutingProviderError('motis', 'unreachable', answered(a));
      const asked = departure.getTime();
      let best: { distanceM: number; durationS: number } | null = null;
      const consider = (it: MotisItinerary, fromAsked: boolean) => {
        const metres = metresOf(it);
        const end = typeof it.endTime === 'string' ? Date.parse(it.endTime) : NaN;
        const seconds = fromAsked
          ? (end - asked) / 1000
          : typeof it.duration === 'number'
            ? it.duration
            : NaN;
        if (metres === null || !Number.isFinite(seconds) || seconds < 0) return;
        if (!best || seconds < best.durationS)
          best = { distanceM: Math.round(metres), durationS: Math.round(seconds) };
      };
      for (const it of body.itineraries as MotisItinerary[]) consider(it, true);
      // Walking the whole way does not wait for anything: its own duration.
      if (Array.isArray(body.direct)) for (const it of body.direct as MotisItinerary[]) consider(it, false);
      if (!best) throw new RoutingProviderError('motis', 'no_route', 'no itinerary');
      return best;
    },
  };
}
