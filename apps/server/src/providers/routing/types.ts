import type { LegMode, RoutingService } from '@rides/contract';

/**
 * Routing services (issue 36 point 1, decision 0071): one interface, four protocols. Walking, driving and cycling
 * through the configured road router (ROUTING_PROVIDER: OSRM, Valhalla or GraphHopper, at ROUTING_URL); public
 * transport through a MOTIS-compatible journey planner (TRANSIT_URL). Each answers one leg: its distance along the way
 * and its time. Whatever does not answer in time, or answers something else, is the caller's to replace by the
 * contract's estimate.
 */
export type RoadRoutingService = Exclude<RoutingService, 'motis'>;

export interface RoutePoint {
  lat: number;
  lng: number;
}

export interface RoutedFigures {
  /** Metres along the way, whole. */
  distanceM: number;
  /** Seconds, whole. */
  durationS: number;
}

export interface RoutingProvider {
  service: RoutingService;
  /** The modes it answers. */
  modes: readonly LegMode[];
  /**
   * One leg from `from` to `to` by `mode`. Throws RoutingProviderError: `unreachable` when the service cannot be asked
   * (no connection, an error status, a time-out, an answer that is not its protocol's), `no_route` when it answered
   * that there is no way (an island, a point far from any road). `signal` ends the request early.
   */
  route(from: RoutePoint, to: RoutePoint, mode: LegMode, signal?: AbortSignal): Promise<RoutedFigures>;
}

export interface RoutingConfig {
  /** ROUTING_PROVIDER; null = none (walking, driving and cycling are estimated). */
  provider: RoadRoutingService | null;
  /** ROUTING_URL without a trailing slash; may hold {profile} for a deployment with one server per profile. */
  url: string | null;
  /** TRANSIT_URL without a trailing slash; null = public transport is estimated. */
  transitUrl: string | null;
  /** One request's time-out. */
  timeoutMs: number;
}

export type RoutingFailure = 'unreachable' | 'no_route';

export class RoutingProviderError extends Error {
  override name = 'RoutingProviderError';
  constructor(
    readonly service: RoutingService,
    readonly kind: RoutingFailure,
    message: string,
  ) {
    super(`${service}: ${message}`);
  }
}

/** A whole, non-negative number of metres or seconds from a service's figure, or null when it is not one. */
export function wholeFigure(value: unknown, scale = 1): number | null {
  if (typeof value !== 'number' || !Number.isFinite(value) || value < 0) return null;
  return Math.round(value * scale);
}
