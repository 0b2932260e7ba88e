import { describe, expect, it } from 'vitest';
import type { Actor } from '../../src/modules/access/actor.js';
import type { EditFacts } from '../../src/modules/access/edit.policy.js';
import { decideCopySettings, decidePush, decideUpstream, ownerSeesOrigin } from '../../src/modules/access/lineage.policy.js';
import type { TripAccessFacts } from '../../src/modules/access/trip-access.policy.js';

/**
 * The lineage policy (issue 37, decision 0075), every row: who sees a copy's updates (those who may edit the copy,
 * its lock aside), and whether the copy's owner still sees its original (the private rule).
 */
const OWNER = 1;
const people: Record<string, Actor> = {
  nobody: null,
  owner: { id: OWNER, role: 'user', isAdmin: false },
  'editor member': { id: 2, role: 'user', isAdmin: false },
  'viewer member': { id: 3, role: 'user', isAdmin: false },
  'commenter member': { id: 4, role: 'user', isAdmin: false },
  'white-label client who may edit': { id: 5, role: 'user', isAdmin: false },
  stranger: { id: 6, role: 'user', isAdmin: false },
  'platform admin': { id: 7, role: 'manager', isAdmin: true },
};
const memberRole: Record<string, EditFacts['memberRole']> = {
  'editor member': 'editor',
  'viewer member': 'viewer',
  'commenter member': 'commenter',
};

const copy = (isLocked: boolean, who: string): EditFacts => ({
  authorId: OWNER,
  isLocked,
  type: 'public',
  rideManagerId: null,
  isBasedRide: false,
  subdomainManagerId: null,
  isWhiteLabel: true,
  editorIsClient: who === 'white-label client who may edit',
  memberRole: memberRole[who] ?? null,
});

// who -> [unlocked copy, locked copy]: ✓ sees its updates, × 403 uesr_is_not_authorize_to_edit_this_ride, 401 signed out.
const table: Record<string, [string, string]> = {
  nobody: ['401', '401'],
  owner: ['✓', '✓'],
  'editor member': ['✓', '✓'],
  'viewer member': ['×', '×'],
  'commenter member': ['×', '×'],
  'white-label client who may edit': ['✓', '✓'],
  stranger: ['×', '×'],
  'platform admin': ['×', '×'],
};

const mark = (d: ReturnType<typeof decideUpstream>) =>
  d.allowed ? '✓' : d.code === 'user_is_not_authorized' ? '401' : d.code === 'uesr_is_not_authorize_to_edit_this_ride' ? '×' : d.code;

describe('decideUpstream: who sees a copy’s updates', () => {
  it.each(Object.entries(table))('%s', (who, expected) => {
    const actor = people[who]!;
    expect([mark(decideUpstream(copy(false, who), actor)), mark(decideUpstream(copy(true, who), actor))]).toEqual(expected);
  });
});

describe('ownerSeesOrigin: the private rule', () => {
  const origin = (over: Partial<TripAccessFacts>): TripAccessFacts => ({
    authorId: 9,
    rideManagerId: null,
    type: 'public',
    endDate: '2031-01-10',
    authorizedUserIds: new Set(),
    memberRoles: new Map(),
    ...over,
  });
  const rows: [string, TripAccessFacts | undefined, boolean, boolean][] = [
    ['a public original', origin({}), false, true],
    ['a private original the owner is a copy-key client of', origin({ type: 'private', rideManagerId: 9 }), true, true],
    ['a private original the owner is an authorised client of', origin({ type: 'private', rideManagerId: 9, authorizedUserIds: new Set([OWNER]) }), false, true],
    ['a private original whose access was revoked', origin({ type: 'private', rideManagerId: 9 }), false, false],
    ['an original made private (a public copy’s owner)', origin({ type: 'private' }), false, false],
    ['the owner’s own original (a duplicate), private', origin({ type: 'private', authorId: OWNER }), false, true],
    ['a private original the owner is a member of', origin({ type: 'private', memberRoles: new Map([[OWNER, 'viewer']]) }), false, true],
    ['a deleted original', undefined, false, false],
    ['a deleted original, whatever its keys said', undefined, true, false],
  ];
  it.each(rows)('%s', (_name, facts, copyClient, expected) => {
    expect(ownerSeesOrigin(facts, OWNER, '2031-06-01', copyClient)).toBe(expected);
  });
});

describe('decidePush: a template’s copies and the push, for its planner only', () => {
  const PLANNER = 20;
  const template = (authorId: number, rideManagerId: number | null) => ({ authorId, rideManagerId });
  const who: Record<string, Actor> = {
    nobody: null,
    'the planner (a manager)': { id: PLANNER, role: 'manager', isAdmin: false },
    'the author, not a manager': { id: PLANNER, role: 'user', isAdmin: false },
    'another manager': { id: 21, role: 'manager', isAdmin: false },
    'a client (a copy’s owner)': { id: 22, role: 'user', isAdmin: false },
    'platform admin': { id: 23, role: 'manager', isAdmin: true },
  };
  // who -> [the planner's own template, a template whose ride manager is the planner, someone else's template]
  const rows: Record<string, [string, string, string]> = {
    nobody: ['401', '401', '401'],
    'the planner (a manager)': ['✓', '✓', '×'],
    'the author, not a manager': ['×', '×', '×'],
    'another manager': ['×', '×', '×'],
    'a client (a copy’s owner)': ['×', '×', '×'],
    'platform admin': ['×', '×', '×'],
  };
  it.each(Object.entries(rows))('%s', (name, expected) => {
    const actor = who[name]!;
    expect([
      mark(decidePush(template(PLANNER, null), actor)),
      mark(decidePush(template(30, PLANNER), actor)),
      mark(decidePush(template(30, 31), actor)),
    ]).toEqual(expected);
  });
});

describe('decideCopySettings: the push mails are the copy owner’s switch', () => {
  it.each([
    ['nobody', null, '401'],
    ['the owner', { id: OWNER, role: 'user', isAdmin: false }, '✓'],
    ['the planner', { id: 20, role: 'manager', isAdmin: false }, '×'],
    ['platform admin', { id: 7, role: 'manager', isAdmin: true }, '×'],
  ] as const)('%s', (_name, actor, expected) => {
    expect(mark(decideCopySettings({ authorId: OWNER }, actor))).toBe(expected);
  });
});
