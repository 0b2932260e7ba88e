import type { LegMode } from '@rides/contract';
import { answered, fetchJson, forProfile, withQuery } from './http.js';
import { RoutingProviderError, wholeFigure, type RoutingProvider } from './types.js';

/**
 * Valhalla's route action (https://valhalla.github.io/valhalla/api/turn-by-turn/api-reference/):
 *
 *   POST {ROUTING_URL}/route
 *   { "locations": [{ "lat": 48.86, "lon": 2.33 }, { "lat": 48.85, "lon": 2.35 }], "costing": "pedestrian",
 *     "units": "kilometers", "directions_type": "none" }
 *   200 { "trip": { "summary": { "length": 1.71, "time": 1250.3, ... }, "legs": [...], "status": 0,
 *                   "units": "kilometers", ... } }
 *   400 { "error_code": 442, "error": "No path could be found for input", "status_code": 400, ... }
 *
 * `length` is in the asked units (kilometres), `time` in seconds. Costing models: auto, pedestrian, bicycle.
 * "directions_type": "none" asks for the summary without maneuvers.
 */
export const VALHALLA_COSTING: Record<Exclude<LegMode, 'transit'>, string> = {
  walk: 'pedestrian',
  drive: 'auto',
  bike: 'bicycle',
};

/**
 * Valhalla's error codes that mean "read, but no way": no path (442), no suitable edges near a location (171),
 * locations too far apart for the costing (154: e.g. a pedestrian route over its maximum distance), no data there (170).
 */
const NO_ROUTE_CODES = new Set([154, 170, 171, 442]);

export function createValhallaProvider(opts: { baseUrl: string; timeoutMs: number }): RoutingProvider {
  return {
    service: 'valhalla',
    modes: ['walk', 'drive', 'bike'],
    async route(from, to, mode, signal) {
      if (mode === 'transit') throw new RoutingProviderError('valhalla', 'no_route', 'no public transport');
      const costing = VALHALLA_COSTING[mode];
      const a = await fetchJson('valhalla', withQuery(forProfile(opts.baseUrl, costing), '/route'), {
        timeoutMs: opts.timeoutMs,
        signal,
        body: {
          locations: [
            { lat: from.lat, lon: from.lng },
            { lat: to.lat, lon: to.lng },
          ],
          costing,
          units: 'kilometers',
          directions_type: 'none',
        },
      });
      const body = a.body as
        | {
            error_code?: unknown;
            trip?: { status?: unknown; units?: unknown; summary?: { length?: unknown; time?: unknown } };
          }
        | undefined;
      if (typeof body?.error_code === 'number' && NO_ROUTE_CODES.has(body.error_code))
        throw new RoutingProviderError('valhalla', 'no_route', `error ${body.error_code}`);
      const trip = body?.trip;
      if (a.status !== 200 || !trip || (trip.status !== undefined && trip.status !== 0))
        throw new RoutingProviderError('valhalla', 'unreachable', answered(a));
      // Kilometres as asked; a server that answers in miles says so.
      const perUnit = trip.units === 'miles' ? 1609.344 : 1000;
      const distanceM = wholeFigure(trip.summary?.length, perUnit);
      const durationS = wholeFigure(trip.summary?.time);
      if (distanceM === null || durationS === null)
        throw new RoutingProviderError('valhalla', 'unreachable', 'a trip without its length and time');
      return { distanceM, durationS };
    },
  };
}
