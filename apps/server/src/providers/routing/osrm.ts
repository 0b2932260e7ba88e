import type { LegMode } from '@rides/contract';
import { answered, fetchJson, forProfile, withQuery } from './http.js';
import { RoutingProviderError, wholeFigure, type RoutingProvider } from './types.js';

/**
 * OSRM's HTTP API (https://project-osrm.org/docs/v5.24.0/api/, the route service):
 *
 *   GET {ROUTING_URL}/route/v1/{profile}/{lon},{lat};{lon},{lat}?overview=false&steps=false&alternatives=false
 *   200 { "code": "Ok", "routes": [{ "distance": 1234.5, "duration": 321.4, "legs": [...] }], "waypoints": [...] }
 *   400 { "code": "NoRoute" | "NoSegment" | "InvalidQuery" | ..., "message": "..." }
 *
 * Distances in metres, durations in seconds. One osrm-routed serves the one profile its data was prepared with (the
 * profile in the path is a name only): a deployment for several modes runs one server per profile, named in
 * ROUTING_URL by {profile} (e.g. https://routing.example/routed-{profile}), which becomes car, bike or foot (the names
 * of OSRM's own profiles).
 */
export const OSRM_PROFILES: Record<Exclude<LegMode, 'transit'>, string> = {
  walk: 'foot',
  drive: 'car',
  bike: 'bike',
};

/** "No way between these points" in OSRM's words: the points were read, no route joins them. */
const NO_ROUTE_CODES = new Set(['NoRoute', 'NoSegment']);

export function createOsrmProvider(opts: { baseUrl: string; timeoutMs: number }): RoutingProvider {
  return {
    service: 'osrm',
    modes: ['walk', 'drive', 'bike'],
    async route(from, to, mode, signal) {
      if (mode === 'transit') throw new RoutingProviderError('osrm', 'no_route', 'no public transport');
      const profile = OSRM_PROFILES[mode];
      const url = withQuery(
        forProfile(opts.baseUrl, profile),
        `/route/v1/${profile}/${from.lng},${from.lat};${to.lng},${to.lat}`,
        [
          ['overview', 'false'],
          ['steps', 'false'],
          ['alternatives', 'false'],
        ],
      );
      const a = await fetchJson('osrm', url, { timeoutMs: opts.timeoutMs, signal });
      const body = a.body as
        { code?: unknown; routes?: { distance?: unknown; duration?: unknown }[] } | undefined;
      if (typeof body?.code === 'string' && NO_ROUTE_CODES.has(body.code))
        throw new RoutingProviderError('osrm', 'no_route', body.code);
      if (a.status !== 200 || body?.code !== 'Ok' || !Array.isArray(body.routes))
        throw new RoutingProviderError('osrm', 'unreachable', answered(a));
      const first = body.routes[0];
      const distanceM = wholeFigure(first?.distance);
      const durationS = wholeFigure(first?.duration);
      if (distanceM === null || durationS === null)
        throw new RoutingProviderError('osrm', 'unreachable', 'a route without its distance and duration');
      return { distanceM, durationS };
    },
  };
}
