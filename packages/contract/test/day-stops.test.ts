import { describe, expect, it } from 'vitest';
import { dayStops, type AccommodationWire, type RideAttractionWire, type TripDay } from '../src/index.js';

// Only the fields dayStops reads; the rest of the wire shapes do not matter to it.
const activity = (id: number, lat = 32, lng = 35) =>
  ({ id, title: `אטרקציה ${id}`, address: `כתובת ${id}`, lat, lng }) as RideAttractionWire;
const stay = (id: number) =>
  ({ id, name: `Hotel ${id}`, address: null, latitude: 31.7, longtitude: 35.2 }) as AccommodationWire;
const day = (
  activities: RideAttractionWire[],
  night: AccommodationWire | null = null,
  suggested: AccommodationWire | null = null,
) =>
  ({
    dateTime: null,
    daily_attractions: activities,
    accommodation: night,
    base_trip_accommodation: suggested,
  }) as TripDay;

const names = (days: TripDay[], i: number) => dayStops(days, i).map((s) => `${s.kind}:${s.id}`);

describe('dayStops', () => {
  it('the first day: its activities in order, then where the traveller sleeps', () => {
    expect(names([day([activity(1), activity(2)], stay(9))], 0)).toEqual([
      'attraction:1',
      'attraction:2',
      'stay:9',
    ]);
  });

  it("a later day starts at the previous night's stay; the base trip's suggestion stands in for a booking", () => {
    const days = [day([], null, stay(8)), day([activity(3)], stay(9))];
    expect(names(days, 1)).toEqual(['stay:8', 'attraction:3', 'stay:9']);
  });

  it('a day at one stay without activities is that stay once', () => {
    expect(names([day([], stay(9)), day([], stay(9))], 1)).toEqual(['stay:9']);
  });

  it('an activity without coordinates stays in the list with null coordinates', () => {
    const [s] = dayStops([day([activity(4, 0, 0)])], 0);
    expect(s).toMatchObject({ id: 4, lat: null, lng: null, address: 'כתובת 4' });
  });

  it('a day that does not exist has no stops', () => {
    expect(dayStops([], 3)).toEqual([]);
  });
});
