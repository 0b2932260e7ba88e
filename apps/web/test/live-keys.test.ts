import { describe, expect, it } from 'vitest';
import { tripAccommodationsQuery } from '../src/features/trip/accommodations/api/accommodations';
import { tripInformationKeys } from '../src/features/trip/information/api/trip-information';
import { LIVE_KEYS } from '../src/features/trip/live/lib/keys';
import { tripMembersKeys } from '../src/features/trip/members/api/members';
import { commentsKey, listsKey } from '../src/features/trip/together/api';
import { costsKeys } from '../src/features/trip/costs/api';
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

/** The reads of issue 33's other parts are keyed as the live part reads them again. */
describe('live keys of the people, comments and lists', () => {
  const keysOf = (type: string) => (LIVE_KEYS[type]?.(7) ?? []).map((k) => JSON.stringify(k));
  it('members, comments, votes and lists name the features’ own keys', () => {
    expect(keysOf('members')).toContain(JSON.stringify(tripMembersKeys.trip(7)));
    expect(keysOf('comments')).toEqual([JSON.stringify(commentsKey(7))]);
    expect(keysOf('votes')).toContain(JSON.stringify(commentsKey(7)));
    expect(keysOf('lists')).toEqual([JSON.stringify(listsKey(7))]);
    expect(keysOf('money')).toEqual([JSON.stringify(costsKeys.all(7))]);
  });
});
