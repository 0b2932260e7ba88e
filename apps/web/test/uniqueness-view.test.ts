import type { UniquenessAttraction, UniquenessGroup } from '@rides/contract';
import { describe, expect, it } from 'vitest';
import {
  groupName,
  groupRows,
  moveTargets,
  placeLine,
} from '../src/features/uniqueness-groups/lib/uniqueness-view';

/** What /editing_atractions_uniqnes shows (decision 0040), table-tested. */
const record = (id: number, title = `Place ${id}`, address: string | null = null): UniquenessAttraction => ({
  id,
  title,
  address,
  text: '',
  link: null,
  rate: null,
  lat: 31.776712,
  lng: 35.227634,
  latitude: 31.776712,
  longtitude: 35.227634,
  image: null,
  placeId: null,
  category_id: null,
  subcategory_id: null,
  authorId: 1,
});
const group = (
  id: number,
  main: UniquenessAttraction | null,
  others: UniquenessAttraction[],
  mayChange = true,
): UniquenessGroup => ({
  AttractionUniqnessId: id,
  chosenAttraction: main,
  convertedUniqAtractions: others,
  mayChange,
});

describe('groupRows', () => {
  it.each([
    [
      'the main first, then by id',
      group(1, record(5), [record(9), record(2)]),
      [
        [5, true],
        [2, false],
        [9, false],
      ],
    ],
    [
      'no main (deleted or not visible): the others only',
      group(1, null, [record(3), record(1)]),
      [
        [1, false],
        [3, false],
      ],
    ],
  ])('%s', (_name, g, expected) => {
    expect(groupRows(g).map((r) => [r.attraction.id, r.isMain])).toEqual(expected);
  });
});

describe('groupName', () => {
  it.each([
    [group(4, record(1, 'Masada'), [record(2, 'מצדה')]), 'Masada'],
    [group(4, null, [record(2, 'מצדה')]), 'מצדה'],
    [group(4, null, []), '#4'],
  ])('%#', (g, name) => {
    expect(groupName(g)).toBe(name);
  });
});

describe('moveTargets', () => {
  const a = group(3, record(1), [record(2)]);
  const b = group(1, record(3), [record(4)]);
  const locked = group(2, record(5), [record(6)], false);
  it.each([
    ['other groups the viewer may change, by number', a, [1]],
    ['from a group the viewer may not change', locked, [1, 3]],
    ['none but its own', b, [3]],
  ])('%s', (_name, from, expected) => {
    expect(moveTargets([a, b, locked], from).map((g) => g.AttractionUniqnessId)).toEqual(expected);
  });
});

describe('placeLine', () => {
  it.each([
    [{ address: 'Jaffa Gate, Jerusalem', lat: 1, lng: 2 }, 'Jaffa Gate, Jerusalem'],
    [{ address: '   ', lat: 31.776712, lng: 35.227634 }, '31.77671, 35.22763'],
    [{ address: null, lat: -0.5, lng: 120 }, '-0.50000, 120.00000'],
  ])('%o', (a, line) => {
    expect(placeLine(a)).toBe(line);
  });
});
