import { describe, expect, it } from 'vitest';
import type { TripChangeSince } from '@rides/contract';
import { describeChanges } from '../src/features/trip/conflicts/describe-changes';
import { ifMatchHeader, noteTripVersion, seenTripVersion } from '../src/lib/trip-version';

/** The web's half of "no silent overwrites" (decision 0065): the version sent as If-Match, and the 409 in words. */
describe('the trip version the page shows', () => {
  it('is the ETag the server gave, sent back as If-Match; nothing before the trip was read', () => {
    expect(ifMatchHeader(9001)).toEqual({});
    noteTripVersion(9001, 'W/"12"');
    expect(seenTripVersion(9001)).toBe('W/"12"');
    expect(ifMatchHeader(9001)).toEqual({ 'If-Match': 'W/"12"' });
    // An answer without an ETag leaves it as it was; the server's text goes back as it came.
    noteTripVersion(9001, null);
    noteTripVersion(9001, '');
    expect(seenTripVersion(9001)).toBe('W/"12"');
    noteTripVersion(9001, 'W/"13"');
    expect(ifMatchHeader(9001)).toEqual({ 'If-Match': 'W/"13"' });
  });
});

const change = (over: Partial<TripChangeSince>): TripChangeSince => ({
  version: 1,
  type: 'texts',
  target: {},
  userId: 1,
  userName: 'Dana',
  at: '2026-11-29T00:00:00.000Z',
  ...over,
});

describe('describeChanges', () => {
  it('one line per person and kind in a row, with their days sorted once each', () => {
    expect(
      describeChanges([
        change({ target: { days: ['2031-05-12'] } }),
        change({ target: { days: ['2031-05-11', '2031-05-12'] } }),
        change({ type: 'activities', userName: 'Yossi', target: { days: ['2031-05-13'], placements: [4] } }),
      ]),
    ).toEqual([
      { who: 'Dana', what: 'texts', days: ['2031-05-11', '2031-05-12'], fields: [], count: 2 },
      { who: 'Yossi', what: 'activities', days: ['2031-05-13'], fields: [], count: 1 },
    ]);
  });

  it('new dates, named fields, a removed account, an unknown kind, the costs', () => {
    expect(
      describeChanges([
        change({ type: 'days', target: { fields: ['dates'] } }),
        change({ type: 'trip', userName: null, target: { fields: ['title', 'party', 'whatever'] } }),
        change({ type: 'something-new', userName: 'Avi', target: { all: true } }),
        change({ type: 'money', userName: 'Noa', target: { expenses: [3] } as TripChangeSince['target'] }),
      ]),
    ).toEqual([
      { who: 'Dana', what: 'dates', days: [], fields: [], count: 1 },
      { who: null, what: 'fields', days: [], fields: ['title', 'party'], count: 1 },
      { who: 'Avi', what: 'trip', days: [], fields: [], count: 1 },
      { who: 'Noa', what: 'money', days: [], fields: [], count: 1 },
    ]);
  });

  it('at most the last `max` lines', () => {
    const many = Array.from({ length: 10 }, (_, i) => change({ userName: `U${i}` }));
    expect(describeChanges(many, 3).map((l) => l.who)).toEqual(['U7', 'U8', 'U9']);
  });
});
