import type { RideAttractionsResponse, RideAttractionWire, TripDay } from '@rides/contract';
import { describe, expect, it } from 'vitest';
import {
  activityEnd,
  activityEvents,
  activityStart,
  inTrip,
  moveActivity,
  phoneRange,
  pickerDates,
  stayEvents,
  tripMonths,
  tripRange,
} from '../src/features/trip/calendar/lib/calendar-events';

const attraction = (id: number, plannedDate: string | null, dateTime: string | null = null) =>
  ({ id, title: `A${id}`, lat: 32, lng: 35, plannedDate, dateTime }) as unknown as RideAttractionWire;

const stay = (id: number, inDate: string, outDate: string, status: 'booked' | 'base_trip_accomodation') =>
  ({ id, name: `H${id}`, check_in_date: inDate, check_out_date: outDate, status }) as unknown as TripDay['accommodation'];

function trip(start: string, end: string, days: TripDay[]) {
  return { ride: { start_date: start, end_date: end }, attractionsByDay: days } as unknown as RideAttractionsResponse;
}

const day = (daily: RideAttractionWire[], accommodation: TripDay['accommodation'] = null): TripDay =>
  ({ dateTime: null, daily_attractions: daily, accommodation, base_trip_accommodation: null }) as TripDay;

describe('the trip as calendar events (000 §2 Calendar view, §5)', () => {
  const data = trip('30-04-2027', '02-05-2027', [
    day([attraction(1, '4/30/2027', '09:30:00 AM'), attraction(2, '4/30/2027')], stay(7, '30-04-2027', '02-05-2027', 'booked')),
    day([], stay(7, '30-04-2027', '02-05-2027', 'booked')),
    day([attraction(3, null)], stay(8, '02-05-2027', '03-05-2027', 'base_trip_accomodation')),
  ]);
  const range = tripRange(data)!;

  it('spans month grids from the start month to the end month', () => {
    expect(range).toEqual({ start: '2027-04-30', end: '2027-05-02' });
    expect(tripMonths(range)).toEqual(['2027-04-01', '2027-05-01']);
    expect(tripMonths({ start: '2027-12-20', end: '2028-02-02' })).toEqual(['2027-12-01', '2028-01-01', '2028-02-01']);
  });

  it('accepts drops from the start date through the end date only; the picker the same days (decision 0017)', () => {
    expect(inTrip(range, '2027-04-29')).toBe(false);
    expect(inTrip(range, '2027-04-30')).toBe(true);
    expect(inTrip(range, '2027-05-02')).toBe(true);
    expect(inTrip(range, '2027-05-03')).toBe(false);
    // "end date plus one day" is the end of the last day: the day after the trip is not offered (the server refuses it).
    expect(pickerDates(data, range)).toEqual(['2027-04-30', '2027-05-01', '2027-05-02']);
  });

  it('places activities on their day, in the trip order, as 30-second events', () => {
    const events = activityEvents(data, range);
    expect(events.map((e) => [e.attractionId, e.date, e.clock, e.order])).toEqual([
      [1, '2027-04-30', '09:30', 0],
      [2, '2027-04-30', null, 1],
      [3, '2027-05-02', null, 0],
    ]);
    const timed = events[0]!;
    expect(Date.parse(activityEnd(timed)) - Date.parse(activityStart(timed))).toBe(30_000);
  });

  it('lists each stay once, booked or not', () => {
    expect(stayEvents(data)).toEqual([
      { kind: 'stay', id: 's-7', title: 'H7', start: '2027-04-30', end: '2027-05-02', booked: true },
      { kind: 'stay', id: 's-8', title: 'H8', start: '2027-05-02', end: '2027-05-03', booked: false },
    ]);
  });

  it('moves an activity to the end of another day, or keeps its place for a time change', () => {
    const moved = moveActivity(data, 1, '2027-05-02', '5/2/2027', '10:00:00 AM');
    expect(moved.attractionsByDay.map((d) => d.daily_attractions.map((a) => a.id))).toEqual([[2], [], [3, 1]]);
    expect(moved.attractionsByDay[2]!.daily_attractions[1]).toMatchObject({ plannedDate: '5/2/2027', dateTime: '10:00:00 AM' });
    const timed = moveActivity(data, 2, '2027-04-30', '4/30/2027', '08:00:00 AM');
    expect(timed.attractionsByDay[0]!.daily_attractions.map((a) => [a.id, a.dateTime])).toEqual([
      [1, '09:30:00 AM'],
      [2, '08:00:00 AM'],
    ]);
    // Outside the trip, or an unknown activity: unchanged.
    expect(moveActivity(data, 1, '2027-05-03', '5/3/2027', '10:00:00 AM')).toBe(data);
    expect(moveActivity(data, 99, '2027-05-01', '5/1/2027', '10:00:00 AM')).toBe(data);
  });

  // Decision 0043: a drop sends no time and the activity keeps its own (or its "no time"); null clears it.
  it('a move without a time keeps the time, or the absence of one; null clears it', () => {
    const kept = moveActivity(data, 1, '2027-05-02', '5/2/2027', undefined);
    expect(kept.attractionsByDay[2]!.daily_attractions[1]).toMatchObject({ id: 1, plannedDate: '5/2/2027', dateTime: '09:30:00 AM' });
    const none = moveActivity(data, 2, '2027-05-02', '5/2/2027', undefined);
    expect(none.attractionsByDay[2]!.daily_attractions[1]).toMatchObject({ id: 2, dateTime: null });
    const cleared = moveActivity(data, 1, '2027-04-30', '4/30/2027', null);
    expect(cleared.attractionsByDay[0]!.daily_attractions[0]).toMatchObject({ id: 1, dateTime: null });
  });

  it("a phone pages through the trip's days only, from its first day", () => {
    expect(phoneRange({ start: '2027-04-30', end: '2027-05-02' })).toEqual({ start: '2027-04-30', end: '2027-05-03' });
  });

  it('has no range when the dates are hidden', () => {
    expect(tripRange(trip(null as unknown as string, null as unknown as string, []))).toBeNull();
  });
});
