import type { HighLevelTripLocation, TripDay } from '@rides/contract';
import { describe, expect, it } from 'vitest';
import { stayTimeline } from '../src/features/trip/view/lib/stay-timeline';

/** The summary timeline with the nights that have no stay (issue 6 "go beyond"). */
const stay = (id: number) => ({ id }) as unknown as TripDay['accommodation'];
const day = (booked: number | null, base: number | null = null): TripDay =>
  ({ dateTime: '', daily_attractions: [], accommodation: booked ? stay(booked) : null, base_trip_accommodation: base ? stay(base) : null }) as TripDay;
const loc = (id: number, numberOfDays: number): HighLevelTripLocation => ({ id, locationName: `place ${id}`, numberOfDays, lat: 0, lng: 0 });

describe('stayTimeline', () => {
  it('puts each run of nights without a stay where it falls, between the stays', () => {
    // nights: 1 1 - - 2 (suggested) 3 - ; the last day has no night
    const days = [day(1), day(1), day(null), day(null), day(null, 2), day(3), day(null), day(null)];
    expect(stayTimeline(days, [loc(1, 2), loc(2, 1), loc(3, 1)])).toEqual([
      { kind: 'stay', location: loc(1, 2) },
      { kind: 'noStay', firstNight: 2, lastNight: 3 },
      { kind: 'stay', location: loc(2, 1) },
      { kind: 'stay', location: loc(3, 1) },
      { kind: 'noStay', firstNight: 6, lastNight: 6 },
    ]);
  });

  it('a trip with every night covered has no flag; a gap at the start is flagged first', () => {
    expect(stayTimeline([day(1), day(1), day(2), day(null)], [loc(1, 2), loc(2, 1)])).toEqual([
      { kind: 'stay', location: loc(1, 2) },
      { kind: 'stay', location: loc(2, 1) },
    ]);
    expect(stayTimeline([day(null), day(1), day(2), day(null)], [loc(1, 1), loc(2, 1)])[0]).toEqual({ kind: 'noStay', firstNight: 0, lastNight: 0 });
  });

  it('if the server list does not match the days, shows the server list as it is', () => {
    expect(stayTimeline([day(1), day(2), day(null)], [loc(1, 1)])).toEqual([{ kind: 'stay', location: loc(1, 1) }]);
  });
});
