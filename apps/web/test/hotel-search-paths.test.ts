import { describe, expect, it } from 'vitest';
import { readHotelSearch } from '../src/features/hotel-search/lib/hotel-search-params';
import { accommodationPath, hotelSearchByNamePath, hotelSearchPath, stayEditPath } from '../src/lib/ride-editing/paths';

/** The addresses of the accommodation screens and the hotel search (issue 6, decision 0018). */
describe('stayEditPath', () => {
  it('edits a booking, and any stay of an original trip; books in place of a copy’s suggestion', () => {
    expect(stayEditPath(5, { id: 9, status: 'booked' }, true)).toBe('/accommodation?rideId=5&id=9');
    expect(stayEditPath(5, { id: 9, status: 'base_trip_accomodation' }, false)).toBe('/accommodation?rideId=5&id=9');
    expect(stayEditPath(5, { id: 9, status: 'base_trip_accomodation' }, true)).toBe('/accommodation?rideId=5&base=9');
    expect(accommodationPath(5, { day: 3 })).toBe('/accommodation?rideId=5&day=3');
  });
});

describe('the hotel search address', () => {
  it('round-trips a place and the trip it was opened from', () => {
    const href = hotelSearchPath({ lat: 32.9712345678, lng: 35.5412345678, place: 'ראש פינה', rideId: 843 });
    expect(href).toBe(`/search_accommodations?lat=32.97123&lng=35.54123&place=${encodeURIComponent('ראש פינה').replace(/%20/g, '+')}&rideId=843`);
    expect(readHotelSearch(new URL(href, 'http://x').searchParams)).toEqual({ lat: 32.97123, lng: 35.54123, place: 'ראש פינה', rideId: 843 });
    expect(hotelSearchPath({ lat: null, lng: null, place: 'ignored', rideId: null })).toBe('/search_accommodations');
    expect(hotelSearchByNamePath(' Tel Aviv ')).toBe('/search_accommodations_by_name/Tel%20Aviv');
  });

  it('drops what it cannot read: one coordinate alone, out of range, not numbers, a bad trip id', () => {
    const read = (q: string) => readHotelSearch(new URLSearchParams(q));
    expect(read('lat=32&place=x')).toEqual({ lat: null, lng: null, place: '', rideId: null });
    expect(read('lat=91&lng=35')).toMatchObject({ lat: null, lng: null });
    expect(read('lat=abc&lng=35')).toMatchObject({ lat: null, lng: null });
    expect(read('lat=32&lng=35&rideId=0')).toMatchObject({ lat: 32, lng: 35, rideId: null });
    expect(read('lat=32&lng=35&rideId=1e3')).toMatchObject({ rideId: null });
  });
});
