import { isPrivateRideWire } from '@rides/contract';
import { TRIP_READ_PATH, TRIP_RUNTIME_CACHE } from './trip-cache-sw';

/**
 * How the page removes private trips from the service worker's trip cache (trip-cache-sw.ts) on sign-out (issue 3
 * item 7). The cache is keyed by address only, whoever asked: a private trip read with its reader's token would be
 * answered from it to anyone on the device once the network is slow or gone. So when the session ends, the page
 * deletes the private trips' entries with the Cache API.
 */

/** Reads whose answer carries the ride, and so tells whether it is private. */
const RIDE_BEARING = /\/api\/(?:ride_attractions_api|ride_header_api)\/\d+$/;

async function readsAsPrivate(response: Response | undefined): Promise<boolean | null> {
  if (!response) return null;
  try {
    const body = (await response.json()) as { ride?: { type?: unknown; ride_manager_id?: unknown } | null };
    return body.ride ? isPrivateRideWire(body.ride) : null;
  } catch {
    return null;
  }
}

/**
 * Deletes the cached reads of private trips: those in `knownPrivate`, those whose cached answer says the trip is
 * private, and those that cannot tell (only the author block kept: safer gone; it is fetched again online).
 * Public trips stay. Resolves to the ids removed; never rejects (no Cache API, storage refused: nothing to do).
 */
export async function purgePrivateTripReads(
  knownPrivate: Iterable<number> = [],
  cacheStorage: CacheStorage | undefined = typeof caches === 'undefined' ? undefined : caches,
): Promise<number[]> {
  try {
    if (!cacheStorage || !(await cacheStorage.has(TRIP_RUNTIME_CACHE))) return [];
    const cache = await cacheStorage.open(TRIP_RUNTIME_CACHE);
    const byRide = new Map<number, Request[]>();
    for (const request of await cache.keys()) {
      const id = Number(TRIP_READ_PATH.exec(new URL(request.url).pathname)?.[1]);
      if (id > 0) byRide.set(id, [...(byRide.get(id) ?? []), request]);
    }
    const known = new Set(knownPrivate);
    const removed: number[] = [];
    for (const [id, requests] of byRide) {
      let isPrivate: boolean | null = known.has(id) ? true : null;
      for (const request of requests) {
        if (isPrivate !== null) break;
        if (RIDE_BEARING.test(new URL(request.url).pathname)) isPrivate = await readsAsPrivate(await cache.match(request));
      }
      if (isPrivate === false) continue;
      await Promise.all(requests.map((request) => cache.delete(request)));
      removed.push(id);
    }
    return removed;
  } catch (err) {
    console.warn('offline trips: cannot clear the private trips from the cache', err);
    return [];
  }
}
