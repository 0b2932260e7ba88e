import { describe, expect, it } from 'vitest';
import { tripAccommodationsQuery } from '../src/features/trip/accommodations/api/accommodations';
import { tripInformationKeys } from '../src/features/trip/information/api/trip-information';
import { LIVE_KEYS } from '../src/features/trip/live/lib/keys';
import { tripAttractionsKeys, tripHeaderKeys } from '../src/lib/trip-keys';

/** The live part reads again exactly the reads a change made stale (decision 0064): its keys are the queries' own. */
describe('live keys', () => {
  const keysOf = (type: string) => (LIVE_KEYS[type]?.(7) ?? []).map((k) => JSON.stringify(k));
  it('an activity changed: the trip view only; a stay: the view and the stays; the trip: view, header, information', () => {
    expect(keysOf('activities')).toEqual([JSON.stringify(tripAttractionsKeys.of(7))]);
    expect(keysOf('stays')).toEqual(
      [tripAttractionsKeys.of(7), tripAccommodationsQuery(7).queryKey].map((k) => JSON.stringify(k)),
    );
    expect(keysOf('trip')).toEqual(
      [tripAttractionsKeys.of(7), tripHeaderKeys.trip(7), tripInformationKeys.of(7)].map((k) =>
        JSON.stringify(k),
      ),
    );
  });
});
