import type { RideAttractionsResponse, TripDay } from '@rides/contract';
import { describe, expect, it } from 'vitest';
import { noStayEvents, tripRange } from '../src/features/trip/calendar/lib/calendar-events';

/** The calendar's nights without a stay (issue 6 "go beyond"): the checklist's rule, joined into runs of nights. */
const stay = { id: 1 } as unknown as TripDay['accommodation'];
const day = (booked: boolean, suggested = false): TripDay =>
  ({ dateTime: null, daily_attractions: [], accommodation: booked ? stay : null, base_trip_accommodation: suggested ? stay : null }) as TripDay;
const trip = (days: TripDay[]) =>
  ({ ride: { start_date: '01-05-2027', end_date: `${String(days.length).padStart(2, '0')}-05-2027` }, attractionsByDay: days }) as unknown as RideAttractionsResponse;

describe('noStayEvents', () => {
  it('joins consecutive nights with neither a booking nor a suggestion; the last day has no night', () => {
    // Nights 0 and 1 empty, 2 booked, 3 suggested, 4 empty; day 5 is the last (no night, so never flagged).
    const data = trip([day(false), day(false), day(true), day(false, true), day(false), day(false)]);
    const range = tripRange(data);
    expect(range).not.toBeNull();
    expect(noStayEvents(data, range!)).toEqual([
      { kind: 'noStay', id: 'n-0', start: '2027-05-01', end: '2027-05-03', firstNight: 0 },
      { kind: 'noStay', id: 'n-4', start: '2027-05-05', end: '2027-05-06', firstNight: 4 },
    ]);
  });

  it('flags nothing when every night has a stay, or on a one-day trip', () => {
    const full = trip([day(true), day(false, true), day(false)]);
    expect(noStayEvents(full, tripRange(full)!)).toEqual([]);
    const one = trip([day(false)]);
    expect(noStayEvents(one, tripRange(one)!)).toEqual([]);
  });
});
