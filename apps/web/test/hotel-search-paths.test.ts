import { describe, expect, it } from 'vitest';
import { readHotelSearch, readPartnerMap } from '../src/features/hotel-search/lib/hotel-search-params';
import { accommodationPath, hotelSearchByNamePath, hotelSearchPath, partnerMapPath, stayEditPath } from '../src/lib/screen-paths';

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

describe('the partner hotel map address (/booking)', () => {
  const stay = { lat: 41.9027835, lng: 12.4963655, checkIn: '2026-05-01', checkOut: '2026-05-04', place: 'Italy, Rome', rideId: 7, aid: 'demo-aid', targetAid: 'demo-target-aid' };

  it('round-trips the place, the dates, the trip and the booking mapping', () => {
    const href = partnerMapPath(stay);
    expect(href.startsWith('/booking?lat=41.90278&lng=12.49637&checkin=2026-05-01&checkout=2026-05-04&')).toBe(true);
    expect(readPartnerMap(new URL(href, 'http://x').searchParams)).toEqual({ ...stay, lat: 41.90278, lng: 12.49637 });
  });

  it('has no map without a readable place, and keeps dates only as a real pair', () => {
    const read = (q: string) => readPartnerMap(new URLSearchParams(q));
    expect(read('')).toBeNull();
    expect(read('lat=32')).toBeNull();
    expect(read('lat=95&lng=35')).toBeNull();
    expect(read('lat=32&lng=x')).toBeNull();
    expect(read('lat=32&lng=35&checkin=01-05-2026&checkout=04-05-2026')).toMatchObject({ checkIn: '2026-05-01', checkOut: '2026-05-04' });
    expect(read('lat=32&lng=35&checkin=2026-05-04&checkout=2026-05-01')).toMatchObject({ checkIn: null, checkOut: null });
    expect(read('lat=32&lng=35&checkin=2026-05-01')).toMatchObject({ checkIn: null, checkOut: null });
    expect(read('lat=32&lng=35&checkin=2026-02-27&checkout=2026-02-30')).toMatchObject({ checkIn: null, checkOut: null });
    expect(read('lat=32&lng=35&checkin=tomorrow&checkout=2026-02-20')).toMatchObject({ checkIn: null, checkOut: null });
  });

  it('drops an affiliate id that is not one (it goes into the partner widget)', () => {
    const read = (q: string) => readPartnerMap(new URLSearchParams(q));
    expect(read('lat=32&lng=35&aid=%22%3E%3Cscript%3E&target_aid=a%20b')).toMatchObject({ aid: null, targetAid: null });
    expect(read(`lat=32&lng=35&aid=${'a'.repeat(65)}`)).toMatchObject({ aid: null });
  });
});
