import type { LegMode } from '@rides/contract';
import { answered, fetchJson, forProfile, withQuery } from './http.js';
import { RoutingProviderError, wholeFigure, type RoutingProvider } from './types.js';

/**
 * GraphHopper's Routing API (https://docs.graphhopper.com/, GET /route; the open-source server's the same):
 *
 *   GET {ROUTING_URL}/route?point={lat},{lon}&point={lat},{lon}&profile=foot&calc_points=false&instructions=false
 *   200 { "paths": [{ "distance": 1712.3, "time": 1232890, ... }], "info": {...} }
 *   400 { "message": "Connection between locations not found", "hints": [...] }
 *
 * Distance in metres, time in milliseconds. Profiles: car, bike, foot (the server's configured names; the hosted API's
 * too). A key for the hosted API goes in ROUTING_URL's query (…/api/1?key=…).
 */
export const GRAPHHOPPER_PROFILES: Record<Exclude<LegMode, 'transit'>, string> = {
  walk: 'foot',
  drive: 'car',
  bike: 'bike',
};

/** GraphHopper's messages for "read, but no way": no connection, or a point too far from any road. */
const NO_ROUTE = /connection between locations not found|cannot find point|point .* out of bounds/i;

export function createGraphHopperProvider(opts: { baseUrl: string; timeoutMs: number }): RoutingProvider {
  return {
    service: 'graphhopper',
    modes: ['walk', 'drive', 'bike'],
    async route(from, to, mode, signal) {
      if (mode === 'transit')
        throw new RoutingProviderError('graphhopper', 'no_route', 'no public transport');
      const profile = GRAPHHOPPER_PROFILES[mode];
      const url = withQuery(forProfile(opts.baseUrl, profile), '/route', [
        ['point', `${from.lat},${from.lng}`],
        ['point', `${to.lat},${to.lng}`],
        ['profile', profile],
        ['calc_points', 'false'],
        ['instructions', 'false'],
      ]);
      const a = await fetchJson('graphhopper', url, { timeoutMs: opts.timeoutMs, signal });
      const body = a.body as
        { message?: unknown; paths?: { distance?: unknown; time?: unknown }[] } | undefined;
      if (
        a.status >= 400 &&
        a.status < 500 &&
        typeof body?.message === 'string' &&
        NO_ROUTE.test(body.message)
      )
        throw new RoutingProviderError('graphhopper', 'no_route', body.message.slice(0, 200));
      if (a.status !== 200 || !Array.isArray(body?.paths))
        throw new RoutingProviderError('graphhopper', 'unreachable', answered(a));
      const first = body.paths[0];
      const distanceM = wholeFigure(first?.distance);
      const durationS = wholeFigure(first?.time, 1 / 1000);
      if (distanceM === null || durationS === null)
        throw new RoutingProviderError('graphhopper', 'unreachable', 'a path without its distance and time');
      return { distanceM, durationS };
    },
  };
}
