import { describe, expect, it } from 'vitest';
import { decideClash, targetsClash, type ClashChange } from '../../src/modules/access/edit-clash.policy.js';

/**
 * The clash rule of an edit sent with a stale If-Match (decision 0065), every row: what this edit touched × what
 * changed since the version it read → clash (409 trip_changed_meanwhile) or through. The API tests
 * (test/api/if-match.test.ts) prove editTrip asks it and what each call notes.
 */
const day2 = { days: ['2026-05-02'] };
const day4 = { days: ['2026-05-04'] };
const moveWithinDay2 = { days: ['2026-05-02'], placements: [11] };
const timeOf11 = { days: ['2026-05-02'], placements: [11] };
const activity12Day3 = { days: ['2026-05-03'], placements: [12] };
const remove11 = { placements: [11] };
const stay7 = { stays: [7] };
const stay8 = { stays: [8] };
const title = { fields: ['title'] };
const text = { fields: ['text'] };
const dates = { fields: ['dates'] };
const locked = { fields: ['locked'] };
const all = { all: true as const };

const rows: [string, ClashChange['target'], ClashChange['target'], boolean][] = [
  ['same day note', day2, day2, true],
  ['another day', day2, day4, false],
  ['moving an activity within day 2 vs day 4 note', moveWithinDay2, day4, false],
  ['an activity of day 2 vs day 2 note', timeOf11, day2, true],
  ['the same activity, removed', timeOf11, remove11, true],
  ['another activity on another day', timeOf11, activity12Day3, false],
  ['removing an activity vs another day note', remove11, day4, false],
  ['the same stay', stay7, stay7, true],
  ['another stay', stay7, stay8, false],
  ['a stay vs a day note', stay7, day2, false],
  ['the same field', title, title, true],
  ['another field', title, text, false],
  ['a field vs a day', title, day2, false],
  ['dates vs a day', dates, day2, true],
  ['dates vs an activity', dates, remove11, true],
  ['dates vs a stay', dates, stay7, true],
  ['dates vs dates', dates, dates, true],
  ['dates vs the title', dates, title, false],
  ['dates vs the lock', dates, locked, false],
  ['all vs a field', all, title, true],
  ['all vs a day', all, day4, true],
  ['nothing said (empty target) is all', {}, title, true],
  ['no target is all', undefined, day2, true],
  ['a form saved unchanged touched nothing', { fields: [] }, title, false],
  ['touched nothing vs all', { fields: [] }, all, true],
];

describe('targetsClash', () => {
  it.each(rows)('%s → %s', (_name, a, b, expected) => {
    expect(targetsClash(a, b)).toBe(expected);
    // Symmetric: which of the two came first does not matter.
    expect(targetsClash(b, a)).toBe(expected);
  });
});

describe('decideClash', () => {
  const edit: ClashChange = { type: 'texts', target: day2 };

  it('no change since: through', () => {
    expect(decideClash(edit, [])).toEqual({ clash: false });
  });

  it('a clashing change among non-clashing ones: clash', () => {
    const since: ClashChange[] = [
      { type: 'texts', target: day4 },
      { type: 'activities', target: timeOf11 },
    ];
    expect(decideClash(edit, since)).toEqual({ clash: true });
  });

  it('only changes elsewhere: through', () => {
    expect(
      decideClash(edit, [
        { type: 'texts', target: day4 },
        { type: 'trip', target: title },
      ]),
    ).toEqual({
      clash: false,
    });
  });

  it.each(['members', 'comments', 'votes', 'lists'])(
    'a change of %s never clashes, even with all',
    (type) => {
      expect(decideClash(edit, [{ type, target: all }])).toEqual({ clash: false });
      expect(decideClash({ type: 'trip', target: all }, [{ type, target: day2 }])).toEqual({ clash: false });
    },
  );

  it('the log pruned past the read version: clash', () => {
    expect(decideClash(edit, [{ type: 'texts', target: day4 }], false)).toEqual({ clash: true });
  });
});
