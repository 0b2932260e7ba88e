import { describe, expect, it } from 'vitest';
import { oncePerPlace, samePlace, type PlaceIdentity } from '../src/same-place.js';

const at = (over: Partial<PlaceIdentity>): PlaceIdentity => ({
  placeId: null,
  nameKey: 'masada',
  lat: 31.3156,
  lng: 35.3536,
  groupId: null,
  ...over,
});

describe('samePlace: one real place (decision 0040)', () => {
  it.each([
    ['same place id, other names', at({ placeId: 'p1', nameKey: 'מצדה' }), at({ placeId: 'p1' }), true],
    [
      'same group, other names and 2 km apart',
      at({ groupId: 7, nameKey: 'a' }),
      at({ groupId: 7, lat: 31.334 }),
      true,
    ],
    ['same name ~40 m apart', at({}), at({ lat: 31.3156 + 0.00036 }), true],
    ['same name ~60 m apart', at({}), at({ lat: 31.3156 + 0.00054 }), false],
    ['other names, same spot, no id', at({ nameKey: 'מצדה' }), at({}), false],
    ['both without a name', at({ nameKey: '' }), at({ nameKey: '' }), false],
    ['different place ids, same name, same spot', at({ placeId: 'a' }), at({ placeId: 'b' }), true],
    ['null group ids are not one group', at({ nameKey: 'x' }), at({ nameKey: 'y' }), false],
  ])('%s', (_name, a, b, expected) => {
    expect(samePlace(a, b)).toBe(expected);
    expect(samePlace(b, a)).toBe(expected);
  });
});

describe('oncePerPlace: results once per place, marked on the trip', () => {
  type R = { id: number; place: PlaceIdentity; exact: boolean };
  const run = (results: R[], held: PlaceIdentity[]) =>
    oncePerPlace(
      results,
      (r) => r.place,
      (r) => r.exact,
      held,
    ).map((x) => [x.item.id, x.inTrip]);

  it('the English record of a place whose Hebrew record is on the trip: listed once, as the trip’s, on the trip', () => {
    const heOnTrip = { id: 1, place: at({ placeId: 'demo-masada', nameKey: 'מצדה' }), exact: true };
    const en = { id: 2, place: at({ placeId: 'demo-masada' }), exact: false };
    expect(run([en, heOnTrip], [heOnTrip.place])).toEqual([[1, true]]);
  });
  it('a result not itself on the trip but its place is: marked', () => {
    const en = { id: 2, place: at({ placeId: 'demo-masada' }), exact: false };
    expect(run([en], [at({ placeId: 'demo-masada', nameKey: 'מצדה' })])).toEqual([[2, true]]);
  });
  it('two records of one place, none on the trip: the first (nearest) stands, offered', () => {
    const a = { id: 3, place: at({}), exact: false };
    const b = { id: 4, place: at({ lat: 31.3157 }), exact: false };
    const other = { id: 5, place: at({ nameKey: 'dead sea', lat: 31.5 }), exact: false };
    expect(run([a, b, other], [])).toEqual([
      [3, false],
      [5, false],
    ]);
  });
});
