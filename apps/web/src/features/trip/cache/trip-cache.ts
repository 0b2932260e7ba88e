import {
  isPrivateRideWire,
  STORAGE_KEYS,
  type RideAttractionsResponse,
  type TripLanguage,
} from '@rides/contract';
import { paths } from '../../../lib/paths';
import { defaultStorage, PRIVATE_TRIPS_FLAG, read } from './trip-cache-core';
import { purgePrivateTripReads } from './trip-cache-purge';
import { layOutAllDays } from '../view/lib/days-layout';

export { lastTripId, saveScroll } from './trip-cache-core';

/**
 * The trips kept for the offline view (002 §2.10, issue 3 item 7): the last FIVE viewed trips, newest first, in
 * localStorage under a versioned key (000 §9: cache version 37). The spec's keys are kept up to date for the newest:
 * lastRideId and lastRideData. Only what the offline view shows is kept (no reviews, opening hours, images), so five
 * long trips fit well inside the storage quota. Every function takes the Storage to use, for tests.
 */
export const TRIP_CACHE_KEY = 'rides.offlineTrips.v37';
export const MAX_SAVED_TRIPS = 5;
/**
 * Dispatched on window when saved trips, or the lists or money kept with them, were removed (sign-out), so a page
 * showing them reads them again.
 */
export const SAVED_TRIPS_CHANGED = 'rides:saved-trips-changed';

export interface SavedPlace {
  id: number;
  title: string;
  text: string;
  address: string | null;
  lat: number;
  lng: number;
  /** hh:mm:ss A or null. */
  time: string | null;
}

export interface SavedLodging {
  name: string;
  place: string | null;
  address: string | null;
  text: string;
  lat: number;
  lng: number;
  checkIn: string | null;
  checkOut: string | null;
  confirmation: string | null;
}

export interface SavedDay {
  /** "DD/MM/YYYY 00:00" or null (hidden dates). */
  dateTime: string | null;
  attractions: SavedPlace[];
  lodging: SavedLodging | null;
}

export interface SavedTrip {
  id: number;
  /** When it was saved (ms since the epoch). */
  savedAt: number;
  /**
   * Only for the signed-in reader who had access (a private trip, or one carrying that reader's booking confirmation
   * numbers): removed when the session ends. Missing (older copies) = private.
   */
  isPrivate?: boolean;
  title: string;
  text: string;
  language: TripLanguage;
  startDate: string | null;
  endDate: string | null;
  extraInformation: { id: number; title: string; text: string }[];
  dayNotes: { dayIndex: number; text: string }[];
  days: SavedDay[];
}

/** A stored trip as the offline view needs it. */
function toSavedTrip(response: RideAttractionsResponse, now = Date.now()): SavedTrip {
  const { ride, attractionsByDay } = response;
  return {
    id: ride.id,
    savedAt: now,
    // The server sent the stays' confirmation numbers only because this reader may read them (mayReadBookings): such a
    // copy, of a public trip too, leaves the device with the session like a private trip's.
    isPrivate:
      isPrivateRideWire(ride) ||
      attractionsByDay.some(
        (d) => !!d.accommodation?.booking_confirmation || !!d.base_trip_accommodation?.booking_confirmation,
      ),
    title: ride.title,
    text: ride.text,
    language: ride.language,
    startDate: ride.start_date,
    endDate: ride.end_date,
    extraInformation: ride.rideExtraInformation.map(({ id, title, text }) => ({ id, title, text })),
    dayNotes: ride.rideExtraInformationByDay.map(({ dayIndex, text }) => ({ dayIndex, text })),
    days: attractionsByDay.map((day) => {
      const stay = day.accommodation ?? day.base_trip_accommodation;
      return {
        dateTime: day.dateTime,
        attractions: day.daily_attractions.map((a) => ({
          id: a.id,
          title: a.title,
          text: a.text,
          address: a.address,
          lat: a.lat,
          lng: a.lng,
          time: a.dateTime,
        })),
        lodging: stay
          ? {
              name: stay.name,
              place: stay.cuntry_and_city,
              address: stay.address,
              text: stay.text,
              lat: stay.latitude,
              lng: stay.longtitude,
              checkIn: stay.check_in_date,
              checkOut: stay.check_out_date,
              confirmation: stay.booking_confirmation,
            }
          : null,
      };
    }),
  };
}

const isSavedTrip = (v: unknown): v is SavedTrip => {
  const t = v as SavedTrip | null;
  return (
    typeof t === 'object' &&
    t !== null &&
    typeof t.id === 'number' &&
    typeof t.title === 'string' &&
    Array.isArray(t.days)
  );
};

/** The saved trips, newest first (at most five). A corrupt entry is logged and ignored. */
export function recentTrips(storage: Storage | null = defaultStorage()): SavedTrip[] {
  const raw = read(storage, TRIP_CACHE_KEY);
  if (!raw) return [];
  try {
    const list: unknown = JSON.parse(raw);
    if (!Array.isArray(list)) throw new Error('not a list');
    return list.filter(isSavedTrip).slice(0, MAX_SAVED_TRIPS);
  } catch (err) {
    console.warn('offline trips: cannot read the saved trips', err);
    return [];
  }
}

/** Keeps a trip just viewed: first in the list, without an older copy of itself, five at most. */
export function rememberTrip(
  response: RideAttractionsResponse,
  storage: Storage | null = defaultStorage(),
  now = Date.now(),
): void {
  if (!storage) return;
  const trip = toSavedTrip(response, now);
  const list = [trip, ...recentTrips(storage).filter((t) => t.id !== trip.id)].slice(0, MAX_SAVED_TRIPS);
  try {
    // First, so a failure below never leaves a private trip kept without the mark that clears it.
    if (trip.isPrivate) storage.setItem(PRIVATE_TRIPS_FLAG, '1');
    storage.setItem(STORAGE_KEYS.lastRideId, String(trip.id));
    storage.setItem(STORAGE_KEYS.lastRideData, JSON.stringify(trip));
  } catch (err) {
    console.warn('offline trips: cannot save the last trip', err);
  }
  // Storage full: drop the oldest until the list fits (the newest alone is still worth keeping).
  for (let n = list.length; n > 0; n--) {
    try {
      storage.setItem(TRIP_CACHE_KEY, JSON.stringify(list.slice(0, n)));
      return;
    } catch (err) {
      if (n === 1) console.warn('offline trips: cannot save the trips', err);
    }
  }
}

const isPrivateCopy = (trip: Pick<SavedTrip, 'isPrivate'>) => trip.isPrivate !== false;

/** lastRideData as stored: the trip, or 'unreadable' (treated as private), or null when there is none. */
function lastSaved(storage: Storage): SavedTrip | 'unreadable' | null {
  const raw = read(storage, STORAGE_KEYS.lastRideData);
  if (raw === null) return null;
  try {
    const trip: unknown = JSON.parse(raw);
    return isSavedTrip(trip) ? trip : 'unreadable';
  } catch {
    return 'unreadable';
  }
}

/**
 * What only a trip's people read, kept for reading offline beside the trips: the shared lists (together/queue.ts,
 * `rides.together.lists.<id>`) and the money (costs/kept.ts, `rides.costs.kept.v1`). Named here rather than imported,
 * so that code stays out of this module's chunk (test/costs-kept.test.ts checks that they go). Writes still waiting to
 * be sent are not among them.
 */
const PEOPLE_ONLY = /^rides\.(?:together\.lists\.\d+|costs\.kept\.v\d+)$/;

/** Removes every trip's lists and money kept for offline; true when there were some. */
function forgetPeopleOnly(storage: Storage): boolean {
  try {
    const keys: string[] = [];
    for (let i = 0; i < storage.length; i++) {
      const key = storage.key(i);
      if (key !== null && PEOPLE_ONLY.test(key)) keys.push(key);
    }
    keys.forEach((key) => storage.removeItem(key));
    return keys.length > 0;
  } catch (err) {
    console.warn('offline trips: cannot remove the lists and money kept', err);
    return false;
  }
}

/**
 * Removes the private trips kept in local storage (the session that could read them has ended): from the list, from
 * the spec's lastRideId / lastRideData (which then name the newest public trip, or nothing) and the saved scroll
 * position of their page. The trip's people's own things kept for reading offline go too, of every trip: the shared
 * lists (together/queue.ts) and the money (costs/kept.ts). The service worker's copies are `clearPrivateTrips`'s.
 * Returns the ids of the trips removed.
 */
export function forgetPrivateTrips(storage: Storage | null = defaultStorage()): number[] {
  if (!storage) return [];
  const keptGone = forgetPeopleOnly(storage);
  const all = recentTrips(storage);
  const kept = all.filter((t) => !isPrivateCopy(t));
  const removed = all.filter(isPrivateCopy).map((t) => t.id);
  const last = lastSaved(storage);
  const lastId = Number(read(storage, STORAGE_KEYS.lastRideId));
  const lastGoes =
    removed.includes(lastId) || last === 'unreadable' || (last !== null && isPrivateCopy(last));
  if (lastGoes && lastId > 0 && !removed.includes(lastId) && !kept.some((t) => t.id === lastId))
    removed.push(lastId);
  try {
    if (kept.length < all.length) storage.setItem(TRIP_CACHE_KEY, JSON.stringify(kept));
    if (lastGoes) {
      const newest = kept[0];
      if (newest) {
        storage.setItem(STORAGE_KEYS.lastRideId, String(newest.id));
        storage.setItem(STORAGE_KEYS.lastRideData, JSON.stringify(newest));
      } else {
        storage.removeItem(STORAGE_KEYS.lastRideId);
        storage.removeItem(STORAGE_KEYS.lastRideData);
      }
    }
    const scroll = JSON.parse(read(storage, STORAGE_KEYS.scrollPosition) ?? 'null') as {
      path?: unknown;
    } | null;
    if (removed.some((id) => scroll?.path === paths.trip(id)))
      storage.removeItem(STORAGE_KEYS.scrollPosition);
    storage.removeItem(PRIVATE_TRIPS_FLAG);
  } catch (err) {
    console.warn('offline trips: cannot remove the private trips', err);
  }
  if ((removed.length > 0 || keptGone) && typeof window !== 'undefined')
    window.dispatchEvent(new Event(SAVED_TRIPS_CHANGED));
  return removed;
}

/**
 * Sign-out (any end of the session): the private trips leave local storage at once, then the service worker's cache
 * (their three reads, by the Cache API). Public trips stay for the offline view. Never rejects.
 */
export async function clearPrivateTrips(
  storage: Storage | null = defaultStorage(),
  cacheStorage?: CacheStorage,
): Promise<number[]> {
  const removed = forgetPrivateTrips(storage);
  const purged = await purgePrivateTripReads(removed, cacheStorage);
  return [...new Set([...removed, ...purged])];
}

/** The saved position for a path (and forgets it), or null. */
export function takeScroll(path: string, storage: Storage | null = defaultStorage()): number | null {
  const raw = read(storage, STORAGE_KEYS.scrollPosition);
  if (!raw) return null;
  try {
    storage?.removeItem(STORAGE_KEYS.scrollPosition);
    const saved = JSON.parse(raw) as { path?: unknown; y?: unknown };
    return saved.path === path && typeof saved.y === 'number' ? saved.y : null;
  } catch (err) {
    console.warn('offline trips: cannot read the scroll position', err);
    return null;
  }
}

/**
 * Scrolls back to the position saved for `path` once that page is showing and tall enough (the trip renders after
 * navigation, its days over a few frames), and holds it for a second: the router's own scroll handling may run
 * after the first frames. Gives up after 3 s, and at once if the user scrolls meanwhile.
 */
export function restoreScroll(path: string, storage: Storage | null = defaultStorage()): void {
  const y = takeScroll(path, storage);
  if (y === null || y === 0 || typeof window === 'undefined') return;
  layOutAllDays();
  const until = Date.now() + 3000;
  let reachedAt = 0;
  let stop = false;
  const cancel = () => {
    stop = true;
  };
  window.addEventListener('wheel', cancel, { once: true, passive: true });
  window.addEventListener('touchstart', cancel, { once: true, passive: true });
  window.addEventListener('keydown', cancel, { once: true, passive: true });
  const step = () => {
    if (stop) return;
    const onPage = window.location.pathname === path;
    const room = document.documentElement.scrollHeight - window.innerHeight;
    if (onPage && room >= y && Math.abs(window.scrollY - y) >= 2) window.scrollTo(0, y);
    if (onPage && Math.abs(window.scrollY - y) < 2) reachedAt ||= Date.now();
    if (reachedAt && Date.now() - reachedAt > 1000) return;
    if (Date.now() < until) requestAnimationFrame(step);
    else if (onPage) window.scrollTo(0, y);
  };
  requestAnimationFrame(step);
}
