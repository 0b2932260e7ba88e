import { STORAGE_KEYS, type RideAttractionsResponse } from '@rides/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  MAX_SAVED_TRIPS,
  TRIP_CACHE_KEY,
  lastTripId,
  recentTrips,
  rememberTrip,
  saveScroll,
  takeScroll,
} from '../src/lib/trip-cache';

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

function trip(id: number, title = `Trip ${id}`): RideAttractionsResponse {
  const stay = {
    id: 1, name: 'Hotel', cuntry_and_city: 'Israel, Eilat', address: null, link: null, text: '<p>Nice</p>', image: null,
    rate: null, latitude: 29.5, longtitude: 34.9, check_in_date: '01-05-2025', check_out_date: '03-05-2025',
    booking_confirmation: 'ABC', status: 'booked', firestDayAtThisAccommodation: true, ordered_by_user: true,
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
    expect(saved?.days[0]?.lodging).toMatchObject({ name: 'Hotel', checkIn: '01-05-2025', confirmation: 'ABC' });
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
