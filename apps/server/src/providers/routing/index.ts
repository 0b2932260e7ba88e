import type { LegMode } from '@rides/contract';
import { createGraphHopperProvider } from './graphhopper.js';
import { createMotisProvider } from './motis.js';
import { createOsrmProvider } from './osrm.js';
import type { RoutingConfig, RoutingProvider } from './types.js';
import { createValhallaProvider } from './valhalla.js';

export { createGraphHopperProvider, GRAPHHOPPER_PROFILES } from './graphhopper.js';
export { createMotisProvider, motisDeparture, MOTIS_DEPARTURE_HOUR } from './motis.js';
export { createOsrmProvider, OSRM_PROFILES } from './osrm.js';
export { createValhallaProvider, VALHALLA_COSTING } from './valhalla.js';
export * from './types.js';

/** Which provider answers each mode; a mode without one is estimated. */
export type RoutingProviders = Partial<Record<LegMode, RoutingProvider>>;

/** The configured providers: the road router (ROUTING_PROVIDER, ROUTING_URL) and the journey planner (TRANSIT_URL). */
export function createRoutingProviders(
  config: RoutingConfig,
  opts: { now?: () => Date } = {},
): RoutingProviders {
  const out: RoutingProviders = {};
  if (config.provider && config.url) {
    const o = { baseUrl: config.url, timeoutMs: config.timeoutMs };
    const road =
      config.provider === 'osrm'
        ? createOsrmProvider(o)
        : config.provider === 'valhalla'
          ? createValhallaProvider(o)
          : createGraphHopperProvider(o);
    for (const mode of road.modes) out[mode] = road;
  }
  if (config.transitUrl) {
    out.transit = createMotisProvider({ baseUrl: config.transitUrl, timeoutMs: config.timeoutMs, ...opts });
  }
  return out;
}
