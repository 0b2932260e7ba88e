import { STORAGE_KEYS, type RideAttractionsResponse } from '@rides/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  MAX_SAVED_TRIPS,
  TRIP_CACHE_KEY,
  clearPrivateTrips,
  forgetPrivateTrips,
  lastTripId,
  recentTrips,
  rememberTrip,
  saveScroll,
  takeScroll,
} from '../src/features/trip/cache/trip-cache';
import { PRIVATE_TRIPS_FLAG, mayHoldPrivateTrips } from '../src/features/trip/cache/trip-cache-core';
import { purgePrivateTripReads } from '../src/features/trip/cache/trip-cache-purge';
import { TRIP_RUNTIME_CACHE } from '../src/features/trip/cache/trip-cache-sw';

/** A Storage in memory (node environment: no DOM), optionally with a quota in characters. */
function fakeStorage(quota = Infinity): Storage {
  const map = new Map<string, string>();
  return {
    get length() {
      return map.size;
    },
    clear: () => map.clear(),
    getItem: (k) => map.get(k) ?? null,
    key: (i) => [...map.keys()][i] ?? null,
    removeItem: (k) => void map.delete(k),
    setItem: (k, v) => {
      const used = [...map].reduce((n, [key, val]) => n + (key === k ? 0 : key.length + val.length), 0);
      if (used + k.length + v.length > quota) throw new DOMException('full', 'QuotaExceededError');
      map.set(k, String(v));
    },
  };
}

function trip(id: number, title = `Trip ${id}`, confirmation: string | null = null): RideAttractionsResponse {
  const stay = {
    id: 1, name: 'Hotel', cuntry_and_city: 'Israel, Eilat', address: null, link: null, text: '<p>Nice</p>', image: null,
    rate: null, latitude: 29.5, longtitude: 34.9, check_in_date: '01-05-2025', check_out_date: '03-05-2025',
    booking_confirmation: confirmation, status: 'booked', firestDayAtThisAccommodation: true, ordered_by_user: true,
    paralel_ride_accommodation: null, hotelAffiliate: null,
  } as const;
  return {
    ServerMassageCode: 'success',
    ride: {
      id, authorId: 1, title, text: '<p>Hello</p>', start_date: '01-05-2025', end_date: '02-05-2025', dates_hidden: false,
      duration: 2, language: 'hebrew', is_based_ride: false, based_ride_id: null, is_white_label: false,
      is_locked: false, ride_manager_id: null, number_of_child: 0, number_of_teen: 0, number_of_adult: 2,
      physical_disabilities: false, type: 'public', top_page_image_url: null, subdomain: null, category_name: 'planning',
      is_demo: true, rideExtraInformation: [{ id: 7, title: 'Tips', text: '<b>Water</b>' }],
      rideExtraInformationByDay: [{ id: 8, date: '01-05-2025', dayIndex: 0, text: 'Early start' }],
    },
    attractionsByDay: [
      {
        dateTime: '01/05/2025 00:00',
        daily_attractions: [
          {
            id: 11, authorId: 1, title: 'Crater', address: 'Mitzpe Ramon', text: '<p>Walk</p>', link: null, rate: 4.5,
            lat: 30.6, lng: 34.8, latitude: 30.6, longtitude: 34.8, image: 'x.jpg', imageUrl: 'x.jpg',
            imageHtmlAttributions: [], placeId: null, openingHours: { weekday_text: ['Mon'] },
            reviews: [{ author_name: 'A', rating: 5, text: 'Long review' }], category_id: null, subcategory_id: null,
            plannedDate: '5/1/2025', dateTime: '09:30:00 AM', googleImage: null, affiliate: null,
          },
        ],
        accommodation: null,
        base_trip_accommodation: stay,
      },
      { dateTime: '02/05/2025 00:00', daily_attractions: [], accommodation: null, base_trip_accommodation: null },
    ],
    highLevelRideLocations: [],
  } as RideAttractionsResponse;
}

afterEach(() => vi.restoreAllMocks());

describe('trip cache', () => {
  it('keeps what the offline view shows, and the spec keys for the last trip', () => {
    const storage = fakeStorage();
    rememberTrip(trip(1), storage, 1000);
    const [saved] = recentTrips(storage);
    expect(saved).toMatchObject({ id: 1, title: 'Trip 1', savedAt: 1000, language: 'hebrew', startDate: '01-05-2025' });
    expect(saved?.days).toHaveLength(2);
    expect(saved?.days[0]?.attractions[0]).toEqual({
      id: 11, title: 'Crater', text: '<p>Walk</p>', address: 'Mitzpe Ramon', lat: 30.6, lng: 34.8, time: '09:30:00 AM',
    });
    // The base trip's stay stands in when nothing is booked; reviews and opening hours are not kept.
    expect(saved?.days[0]?.lodging).toMatchObject({ name: 'Hotel', checkIn: '01-05-2025', confirmation: null });
    expect(saved?.days[1]?.lodging).toBeNull();
    expect(JSON.stringify(saved)).not.toContain('Long review');
    expect(saved?.extraInformation).toEqual([{ id: 7, title: 'Tips', text: '<b>Water</b>' }]);
    expect(saved?.dayNotes).toEqual([{ dayIndex: 0, text: 'Early start' }]);
    expect(storage.getItem(STORAGE_KEYS.lastRideId)).toBe('1');
    expect(JSON.parse(storage.getItem(STORAGE_KEYS.lastRideData) ?? 'null')).toEqual(saved);
    expect(lastTripId(storage)).toBe(1);
  });

  it('keeps five, newest first', () => {
    const storage = fakeStorage();
    for (let id = 1; id <= 7; id++) rememberTrip(trip(id), storage, id);
    expect(recentTrips(storage).map((t) => t.id)).toEqual([7, 6, 5, 4, 3]);
    expect(MAX_SAVED_TRIPS).toBe(5);
    expect(lastTripId(storage)).toBe(7);
  });

  it('de-duplicates by id: viewing a trip again moves it first with its new data', () => {
    const storage = fakeStorage();
    rememberTrip(trip(1), storage, 1);
    rememberTrip(trip(2), storage, 2);
    rememberTrip(trip(1, 'Renamed'), storage, 3);
    const list = recentTrips(storage);
    expect(list.map((t) => [t.id, t.title])).toEqual([
      [1, 'Renamed'],
      [2, 'Trip 2'],
    ]);
  });

  it('survives corrupt JSON: logs it, answers an empty list, and saves over it', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const storage = fakeStorage();
    storage.setItem(TRIP_CACHE_KEY, '{not json');
    expect(recentTrips(storage)).toEqual([]);
    expect(warn).toHaveBeenCalled();
    storage.setItem(TRIP_CACHE_KEY, JSON.stringify([{ id: 'x' }, null, 5]));
    expect(recentTrips(storage)).toEqual([]);
    rememberTrip(trip(3), storage, 1);
    expect(recentTrips(storage).map((t) => t.id)).toEqual([3]);
  });

  it('with no storage or an empty one, nothing is saved and nothing breaks', () => {
    expect(recentTrips(null)).toEqual([]);
    expect(lastTripId(null)).toBeNull();
    expect(() => rememberTrip(trip(1), null)).not.toThrow();
    expect(lastTripId(fakeStorage())).toBeNull();
  });

  it('drops the oldest trips when the storage is full', () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const one = JSON.stringify(recentTrips(withTrip())).length;
    const storage = fakeStorage(one * 5);
    for (let id = 1; id <= 5; id++) rememberTrip(trip(id), storage, id);
    const ids = recentTrips(storage).map((t) => t.id);
    expect(ids[0]).toBe(5);
    expect(ids.length).toBeLessThan(5);
  });

  it('keeps the scroll position for one path and forgets it once taken', () => {
    const storage = fakeStorage();
    saveScroll('/single_ride_with_map/1', 812.4, storage);
    expect(takeScroll('/single_ride_with_map/2', storage)).toBeNull();
    saveScroll('/single_ride_with_map/1', 812.4, storage);
    expect(takeScroll('/single_ride_with_map/1', storage)).toBe(812);
    expect(takeScroll('/single_ride_with_map/1', storage)).toBeNull();
  });
});

function withTrip() {
  const s = fakeStorage();
  rememberTrip(trip(1), s, 1);
  return s;
}

/** A private trip: type private (or, as 000 §3 also says, a ride manager set). */
function privateTrip(id: number, by: 'type' | 'manager' = 'type'): RideAttractionsResponse {
  const t = trip(id, `Private ${id}`);
  return { ...t, ride: { ...t.ride, ...(by === 'type' ? { type: 'private' } : { ride_manager_id: 9 }) } };
}

/** The service worker's cache as the page sees it through the Cache API (node has Request and Response). */
function fakeCaches(entries: Record<string, unknown>, name = TRIP_RUNTIME_CACHE) {
  const store = new Map(Object.entries(entries).map(([path, body]) => [`http://127.0.0.1${path}`, JSON.stringify(body)]));
  const cache = {
    keys: async () => [...store.keys()].map((url) => new Request(url)),
    match: async (r: Request) => (store.has(r.url) ? new Response(store.get(r.url)) : undefined),
    delete: async (r: Request) => store.delete(r.url),
  };
  const storage = {
    has: async (n: string) => n === name,
    open: async () => cache,
  } as unknown as CacheStorage;
  return { storage, paths: () => [...store.keys()].map((url) => new URL(url).pathname).sort() };
}

const reads = (id: number, ride: Partial<RideAttractionsResponse['ride']>) => ({
  [`/api/ride_attractions_api/${id}`]: { ServerMassageCode: 'success', ride: { id, type: 'public', ride_manager_id: null, ...ride } },
  [`/api/ride_header_api/${id}`]: { ServerMassageCode: 'success', ride: { id, type: 'public', ride_manager_id: null, ...ride }, isAuthor: false },
  [`/api/user_info_from_ride_id_api/${id}`]: { ServerMassageCode: 'success', userInfo: {} },
});

describe('private trips leave the device when the session ends', () => {
  it('marks private copies, and only they raise the flag read at start', () => {
    const storage = fakeStorage();
    rememberTrip(trip(1), storage, 1);
    expect(recentTrips(storage)[0]?.isPrivate).toBe(false);
    expect(mayHoldPrivateTrips(storage)).toBe(false);
    rememberTrip(privateTrip(2, 'manager'), storage, 2);
    expect(recentTrips(storage)[0]?.isPrivate).toBe(true);
    expect(mayHoldPrivateTrips(storage)).toBe(true);
  });

  it('keeps a public trip carrying the reader’s booking confirmation numbers for the session only (issue 30)', () => {
    const storage = fakeStorage();
    rememberTrip(trip(1, 'Mine', 'ABC-123'), storage, 1);
    const saved = recentTrips(storage)[0];
    expect(saved?.days[0]?.lodging).toMatchObject({ confirmation: 'ABC-123' });
    expect(saved?.isPrivate).toBe(true);
    expect(mayHoldPrivateTrips(storage)).toBe(true);
    expect(forgetPrivateTrips(storage)).toEqual([1]);
    expect(JSON.stringify(recentTrips(storage))).not.toContain('ABC-123');
  });

  it('forgets the private trips, keeps the public ones, and points the spec keys at the newest public one', () => {
    const storage = fakeStorage();
    rememberTrip(trip(1), storage, 1);
    rememberTrip(privateTrip(2), storage, 2);
    rememberTrip(trip(3), storage, 3);
    rememberTrip(privateTrip(4, 'manager'), storage, 4);
    saveScroll('/single_ride_with_map/4', 900, storage);
    expect(forgetPrivateTrips(storage).sort()).toEqual([2, 4]);
    expect(recentTrips(storage).map((t) => t.id)).toEqual([3, 1]);
    expect(lastTripId(storage)).toBe(3);
    expect(JSON.parse(storage.getItem(STORAGE_KEYS.lastRideData) ?? 'null')).toMatchObject({ id: 3, isPrivate: false });
    expect(storage.getItem(STORAGE_KEYS.scrollPosition)).toBeNull();
    expect(storage.getItem(PRIVATE_TRIPS_FLAG)).toBeNull();
    // Nothing left to do the second time.
    expect(forgetPrivateTrips(storage)).toEqual([]);
  });

  it('with only private trips kept, nothing is left; copies saved before the mark existed count as private', () => {
    const storage = fakeStorage();
    rememberTrip(privateTrip(5), storage, 1);
    const legacy = recentTrips(storage).map(({ isPrivate: _omit, ...rest }) => ({ ...rest, id: 6 }));
    storage.setItem(TRIP_CACHE_KEY, JSON.stringify([...legacy, ...recentTrips(storage)]));
    saveScroll('/single_ride_with_map/1', 300, storage);
    expect(forgetPrivateTrips(storage).sort()).toEqual([5, 6]);
    expect(recentTrips(storage)).toEqual([]);
    expect(lastTripId(storage)).toBeNull();
    expect(storage.getItem(STORAGE_KEYS.lastRideData)).toBeNull();
    // Another page's position is not theirs to remove.
    expect(storage.getItem(STORAGE_KEYS.scrollPosition)).not.toBeNull();
  });

  it("deletes the private trips' reads from the service worker's cache, by the list or by what the cache holds", async () => {
    const caches = fakeCaches({
      ...reads(1, {}),
      ...reads(2, { type: 'private' }),
      ...reads(3, { ride_manager_id: 7 }),
      ...reads(4, {}),
      // Only the author block kept: cannot tell, so it goes.
      '/api/user_info_from_ride_id_api/5': { ServerMassageCode: 'success', userInfo: {} },
      '/api/ride_attractions_api/6': 'not json',
    });
    // 4 is public in its cached answer, but the list says it is a private trip now: the list wins.
    expect((await purgePrivateTripReads([4], caches.storage)).sort()).toEqual([2, 3, 4, 5, 6]);
    expect(caches.paths()).toEqual([
      '/api/ride_attractions_api/1',
      '/api/ride_header_api/1',
      '/api/user_info_from_ride_id_api/1',
    ]);
  });

  it('clearPrivateTrips does both; without the Cache API or the cache, local storage is still cleared', async () => {
    const storage = fakeStorage();
    rememberTrip(privateTrip(2), storage, 1);
    rememberTrip(trip(1), storage, 2);
    const caches = fakeCaches({ ...reads(1, {}), ...reads(2, { type: 'private' }) });
    expect(await clearPrivateTrips(storage, caches.storage)).toEqual([2]);
    expect(recentTrips(storage).map((t) => t.id)).toEqual([1]);
    expect(caches.paths()).toHaveLength(3);

    rememberTrip(privateTrip(8), storage, 3);
    expect(await clearPrivateTrips(storage, fakeCaches({}, 'another-cache').storage)).toEqual([8]);
    expect(await purgePrivateTripReads([8], undefined)).toEqual([]);
    expect(recentTrips(storage).map((t) => t.id)).toEqual([1]);
  });
});
