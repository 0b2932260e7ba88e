import { describe, expect, it } from 'vitest';
import { dayDirections } from '@rides/contract';
import { offlineDayStops } from '../src/features/trip/export/lib/offline-day-stops';
import { fileNameFrom } from '../src/lib/download';
import type { SavedDay, SavedLodging, SavedPlace } from '../src/features/trip/cache/trip-cache';

const place = (id: number): SavedPlace => ({
  id,
  title: `P${id}`,
  text: '',
  address: `Street ${id}`,
  lat: 32 + id / 100,
  lng: 35,
  time: null,
});
const inn = (name: string): SavedLodging => ({
  name,
  place: null,
  address: `${name} address`,
  text: '',
  lat: 31.7,
  lng: 35.2,
  checkIn: null,
  checkOut: null,
  confirmation: null,
});
const day = (attractions: SavedPlace[], lodging: SavedLodging | null): SavedDay => ({
  dateTime: null,
  attractions,
  lodging,
});

describe('offline view: the day in Google Maps', () => {
  it("a day goes from the previous night's lodging through the activities to tonight's", () => {
    const days = [day([place(1)], inn('A')), day([place(2), place(3)], inn('B'))];
    expect(offlineDayStops(days, 1).map((s) => s.address)).toEqual([
      'A address',
      'Street 2',
      'Street 3',
      'B address',
    ]);
  });

  it('a day without activities at the same lodging is one stop', () => {
    const days = [day([], inn('A')), day([], inn('A'))];
    expect(offlineDayStops(days, 1)).toHaveLength(1);
  });

  it('a long kept day becomes legs that cover every stop (3 waypoints on a phone)', () => {
    const days = [
      day(
        Array.from({ length: 8 }, (_, i) => place(i)),
        inn('A'),
      ),
    ];
    const legs = dayDirections(offlineDayStops(days, 0), 'phone');
    expect(legs.map((l) => l.stops)).toEqual([
      [0, 1, 2, 3, 4],
      [4, 5, 6, 7, 8],
    ]);
  });
});

describe('downloaded file name', () => {
  it("takes the server's UTF-8 name (Hebrew), else its plain one, else the fallback", () => {
    expect(
      fileNameFrom(
        `attachment; filename="trip-3.gpx"; filename*=UTF-8''${encodeURIComponent('טיול לצפון.gpx')}`,
        'x',
      ),
    ).toBe('טיול לצפון.gpx');
    expect(fileNameFrom('attachment; filename="North trip.kml"', 'x')).toBe('North trip.kml');
    expect(fileNameFrom(null, 'trip-3.ics')).toBe('trip-3.ics');
    expect(fileNameFrom("attachment; filename*=UTF-8''%E0%A4%A", 'trip-3.ics')).toBe('trip-3.ics');
  });
});
