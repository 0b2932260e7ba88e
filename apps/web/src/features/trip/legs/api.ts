import { isLegMode, type LegMode, type TripLegsResponse } from '@rides/contract';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api';
import { local } from '../../../lib/storage';
import { tripAttractionsKeys } from '../../../lib/trip-keys';

/**
 * The legs of a trip's days (issue 36 point 1, decision 0071): GET /api/trips/{rideId}/legs?mode=..., read by every
 * viewer of the trip. Its key starts with the trip's own (tripAttractionsKeys.of): every invalidation of the trip's read
 * (the editor's writes, invalidate-trip.ts; live changes, live/lib/keys.ts) reads the legs again.
 */
export const legsKeys = {
  of: (rideId: number, mode: LegMode) => [...tripAttractionsKeys.of(rideId), 'legs', mode] as const,
};

export const fetchLegs = (rideId: number, mode: LegMode, signal?: AbortSignal) =>
  apiRequest<TripLegsResponse>(`trips/${rideId}/legs?mode=${mode}`, { signal });

export const legsQuery = (rideId: number, mode: LegMode) =>
  queryOptions({
    queryKey: legsKeys.of(rideId, mode),
    queryFn: ({ signal }) => fetchLegs(rideId, mode, signal),
  });

/** The trip's chosen mode, kept on this device per trip (one entry; the newest trips first, at most KEPT_MODES). */
export const LEGS_MODE_KEY = 'rides.legs.mode.v1';
const KEPT_MODES = 100;
export const DEFAULT_LEG_MODE: LegMode = 'drive';

function keptModes(): [number, LegMode][] {
  try {
    const raw: unknown = JSON.parse(local.get(LEGS_MODE_KEY) ?? '[]');
    return Array.isArray(raw)
      ? raw.filter(
          (e): e is [number, LegMode] => Array.isArray(e) && typeof e[0] === 'number' && isLegMode(e[1]),
        )
      : [];
  } catch {
    return [];
  }
}

export const storedLegMode = (rideId: number): LegMode =>
  keptModes().find(([id]) => id === rideId)?.[1] ?? DEFAULT_LEG_MODE;

export function storeLegMode(rideId: number, mode: LegMode): void {
  const others = keptModes().filter(([id]) => id !== rideId);
  local.set(LEGS_MODE_KEY, JSON.stringify([[rideId, mode], ...others].slice(0, KEPT_MODES)));
}
