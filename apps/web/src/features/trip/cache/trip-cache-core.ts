import { STORAGE_KEYS } from '@rides/contract';

/**
 * The part of the trip cache the app shell needs on every page (the going-offline controller): which trip was viewed
 * last, and keeping the scroll position. Kept apart from trip-cache.ts so the entry chunk stays small; import both
 * from trip-cache.ts elsewhere.
 */
export function defaultStorage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

export function read(storage: Storage | null, key: string): string | null {
  try {
    return storage?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

/** The id of the last viewed trip (lastRideId, 002 §2.1 /redirect_to_cached_ride_if_exists), or null. */
export function lastTripId(storage: Storage | null = defaultStorage()): number | null {
  const id = Number(read(storage, STORAGE_KEYS.lastRideId));
  return Number.isInteger(id) && id > 0 ? id : null;
}

/** Keeps the scroll position of a page before going offline (002 §4): { path, y } under scrollPosition. */
export function saveScroll(path: string, y: number, storage: Storage | null = defaultStorage()): void {
  try {
    storage?.setItem(STORAGE_KEYS.scrollPosition, JSON.stringify({ path, y: Math.max(0, Math.round(y)) }));
  } catch {
    /* storage disabled: nothing to restore later */
  }
}

/**
 * Set while a private trip, or a trip's lists or money, may be kept on the device (trip-cache.ts, together/queue.ts,
 * costs/kept.ts); read at start, so a session that ended while no page listened (expired with the tab closed) still
 * has them cleared.
 */
export const PRIVATE_TRIPS_FLAG = 'rides.offlinePrivate.v37';

export const mayHoldPrivateTrips = (storage: Storage | null = defaultStorage()): boolean =>
  read(storage, PRIVATE_TRIPS_FLAG) !== null;
