import { describe, expect, it } from 'vitest';
import { mayChangeGroup, mayMoveAttraction, mayUseGroups } from '../../src/modules/access/attraction-groups.policy.js';
import {
  afterLeaving,
  mainOnJoining,
  proposalKey,
  proposeGroups,
  type CandidatePair,
  type ProposalRecord,
} from '../../src/modules/attraction-uniqueness/uniqueness.rules.js';

/** The pure rules of uniqueness groups (decision 0040), table-tested. */
const manager = { id: 1, role: 'manager', isAdmin: false };
const otherManager = { id: 2, role: 'manager', isAdmin: false };
const user = { id: 3, role: 'user', isAdmin: false };
const admin = { id: 4, role: 'user', isAdmin: true };

describe('who may', () => {
  it.each([
    [manager, true],
    [otherManager, true],
    [user, false],
    [admin, true],
  ])('use groups: %o -> %s', (who, allowed) => {
    expect(mayUseGroups(who)).toBe(allowed);
  });

  it.each([
    ['a manager, a group of their records', manager, [1, 1], true],
    ['a manager, a group with another planner’s record', manager, [1, 2], false],
    ['another manager', otherManager, [1, 1], false],
    ['a user, their own records', { ...user, id: 1 }, [1, 1], false],
    ['an admin, anyone’s', admin, [1, 2], true],
  ])('change a group: %s', (_name, who, authors, allowed) => {
    expect(mayChangeGroup(who, authors)).toBe(allowed);
  });

  it.each([
    [manager, 1, true],
    [manager, 2, false],
    [{ ...user, id: 1 }, 1, false],
    [admin, 2, true],
  ])('move a record: %o, author %i -> %s', (who, author, allowed) => {
    expect(mayMoveAttraction(who, author)).toBe(allowed);
  });
});

describe('a group a record leaves', () => {
  it.each([
    ['a member that is not the main', { mainId: 1, memberIds: [1, 2, 3] }, 3, { dissolve: false, mainId: 1 }],
    [
      'the main: the oldest remaining is main',
      { mainId: 2, memberIds: [1, 2, 3] },
      2,
      { dissolve: false, mainId: 1 },
    ],
    ['the main, an older one first', { mainId: 1, memberIds: [1, 5, 3] }, 1, { dissolve: false, mainId: 3 }],
    [
      'a group without a main gets one',
      { mainId: null, memberIds: [4, 5, 6] },
      6,
      { dissolve: false, mainId: 4 },
    ],
    ['one record left: dissolved', { mainId: 1, memberIds: [1, 2] }, 2, { dissolve: true }],
    ['the main of two: dissolved', { mainId: 1, memberIds: [1, 2] }, 1, { dissolve: true }],
  ])('%s', (_name, group, leaving, expected) => {
    expect(afterLeaving(group, leaving)).toEqual(expected);
  });

  it.each([
    [{ mainId: 7 }, 9, 7],
    [{ mainId: null }, 9, 9],
  ])('a record joining %o: main %i', (group, joining, main) => {
    expect(mainOnJoining(group, joining)).toBe(main);
  });
});

describe('proposals', () => {
  // 0.0001° of latitude is ~11 m; 0.0005° ~56 m.
  const rec = (
    id: number,
    lat: number,
    groupId: number | null = null,
    isMain = false,
  ): [number, ProposalRecord] => [id, { id, lat, lng: 35, groupId, isMain }];
  const pair = (a: number, b: number, reason: CandidatePair['reason']): CandidatePair => ({ a, b, reason });

  it.each([
    [
      'same name 11 m apart',
      [rec(1, 31), rec(2, 31.0001)],
      [pair(1, 2, 'name')],
      [{ ids: [1, 2], reasons: ['name'], mainId: 1 }],
    ],
    ['same name 56 m apart: not one place', [rec(1, 31), rec(2, 31.0005)], [pair(1, 2, 'name')], []],
    [
      'same place id far apart: one place',
      [rec(1, 31), rec(2, 32)],
      [pair(1, 2, 'placeId')],
      [{ ids: [1, 2], reasons: ['placeId'], mainId: 1 }],
    ],
    [
      'both reasons, and a chain joined transitively',
      [rec(3, 31), rec(1, 31.0001), rec(2, 33)],
      [pair(1, 3, 'name'), pair(1, 3, 'placeId'), pair(2, 3, 'placeId')],
      [{ ids: [1, 2, 3], reasons: ['placeId', 'name'], mainId: 1 }],
    ],
    ['already one group: not proposed', [rec(1, 31, 9, true), rec(2, 31, 9)], [pair(1, 2, 'placeId')], []],
    [
      'one grouped, one not: proposed, its main suggested',
      [rec(1, 31, 9), rec(2, 31, 9, true), rec(3, 31)],
      [pair(1, 3, 'placeId'), pair(2, 3, 'placeId')],
      [{ ids: [1, 2, 3], reasons: ['placeId'], mainId: 2 }],
    ],
    [
      'two sets, ordered by their lowest id',
      [rec(5, 31), rec(6, 31), rec(1, 40), rec(9, 40)],
      [pair(5, 6, 'placeId'), pair(1, 9, 'placeId')],
      [
        { ids: [1, 9], reasons: ['placeId'], mainId: 1 },
        { ids: [5, 6], reasons: ['placeId'], mainId: 5 },
      ],
    ],
    ['a pair with an unknown record is ignored', [rec(1, 31)], [pair(1, 2, 'placeId')], []],
  ])('%s', (_name, records, pairs, expected) => {
    expect(proposeGroups(new Map(records), pairs, new Set())).toEqual(expected);
  });

  it('a dismissed set is not proposed again; a set that gained a record is', () => {
    const records = new Map([rec(1, 31), rec(2, 31), rec(3, 31)]);
    expect(proposeGroups(records, [pair(1, 2, 'placeId')], new Set([proposalKey([2, 1])]))).toEqual([]);
    expect(
      proposeGroups(records, [pair(1, 2, 'placeId'), pair(2, 3, 'placeId')], new Set(['1,2'])),
    ).toHaveLength(1);
  });

  it('keys are the ids ascending', () => {
    expect(proposalKey([10, 9, 100])).toBe('9,10,100');
  });
});
