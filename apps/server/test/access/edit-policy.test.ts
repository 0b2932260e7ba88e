import { describe, expect, it } from 'vitest';
import type { Actor } from '../../src/modules/access/actor.js';
import {
  CONTENT_ACTIONS,
  decideEdit,
  type EditAction,
  type EditFacts,
} from '../../src/modules/access/edit.policy.js';

/**
 * The edit policy (decideEdit), every row: who × what × trip state -> decision. Each matrix below is one action; a
 * line is one kind of user, a column one state of the trip: ✓ allowed, × uesr_is_not_authorize_to_edit_this_ride,
 * 401 user_is_not_authorized. The API tests (trip-editing-permissions.test.ts and the others) prove the services ask it.
 */
const AUTHOR = 1;
const PLANNER = 3;
const SUBDOMAIN_MANAGER = 4;

const people: Record<string, Actor> = {
  nobody: null,
  author: { id: AUTHOR, role: 'user', isAdmin: false },
  'manager author': { id: AUTHOR, role: 'manager', isAdmin: false },
  planner: { id: PLANNER, role: 'manager', isAdmin: false },
  'sub-domain manager': { id: SUBDOMAIN_MANAGER, role: 'manager', isAdmin: false },
  'white-label client': { id: 5, role: 'user', isAdmin: false },
  stranger: { id: 6, role: 'user', isAdmin: false },
  'stranger manager': { id: 7, role: 'manager', isAdmin: false },
  'platform admin': { id: 8, role: 'user', isAdmin: true },
  'editor member': { id: 9, role: 'user', isAdmin: false },
  'commenter member': { id: 10, role: 'user', isAdmin: false },
  'viewer member': { id: 11, role: 'user', isAdmin: false },
};

/** The member role the edit transaction reads for each of the members above (trip_members, issue 33). */
const memberRoles: Record<string, EditFacts['memberRole']> = {
  'editor member': 'editor',
  'commenter member': 'commenter',
  'viewer member': 'viewer',
};

/** Every trip is in the sub-domain of SUBDOMAIN_MANAGER; a private trip is planned by PLANNER unless said. */
const states: Record<string, Partial<EditFacts>> = {
  public: {},
  'public locked': { isLocked: true },
  base: { isBasedRide: true },
  private: { type: 'private', rideManagerId: PLANNER },
  'private locked': { type: 'private', rideManagerId: PLANNER, isLocked: true },
  "private, the sub-domain manager's": { type: 'private', rideManagerId: SUBDOMAIN_MANAGER },
  'white-label, clients may edit': { isWhiteLabel: true },
  'white-label locked': { isWhiteLabel: true, isLocked: true },
};

//                                      public  locked  base  private  p.locked  p.sub  wl  wl.locked
const matrices: Record<EditAction, string> = {
  edit: `
    nobody                              401     401     401   401      401       401    401 401
    author                              ✓       ×       ✓     ✓        ×         ✓      ✓   ×
    manager author                      ✓       ×       ✓     ✓        ×         ✓      ✓   ×
    planner                             ×       ×       ×     ×        ×         ×      ×   ×
    sub-domain manager                  ×       ×       ×     ×        ×         ×      ×   ×
    white-label client                  ×       ×       ×     ×        ×         ×      ✓   ×
    stranger                            ×       ×       ×     ×        ×         ×      ×   ×
    stranger manager                    ×       ×       ×     ×        ×         ×      ×   ×
    platform admin                      ×       ×       ×     ×        ×         ×      ×   ×
    editor member                       ✓       ×       ✓     ✓        ×         ✓      ✓   ×
    commenter member                    ×       ×       ×     ×        ×         ×      ×   ×
    viewer member                       ×       ×       ×     ×        ×         ×      ×   ×`,
  newAttraction: `
    nobody                              401     401     401   401      401       401    401 401
    author                              ×       ×       ✓     ×        ×         ×      ×   ×
    manager author                      ✓       ×       ✓     ✓        ×         ✓      ✓   ×
    planner                             ×       ×       ×     ×        ×         ×      ×   ×
    sub-domain manager                  ×       ×       ×     ×        ×         ×      ×   ×
    white-label client                  ×       ×       ×     ×        ×         ×      ×   ×
    stranger                            ×       ×       ×     ×        ×         ×      ×   ×
    stranger manager                    ×       ×       ×     ×        ×         ×      ×   ×
    platform admin                      ×       ×       ×     ×        ×         ×      ×   ×
    editor member                       ×       ×       ✓     ×        ×         ×      ×   ×
    commenter member                    ×       ×       ×     ×        ×         ×      ×   ×
    viewer member                       ×       ×       ×     ×        ×         ×      ×   ×`,
  addAttraction: `
    nobody                              401     401     401   401      401       401    401 401
    author                              ✓       ×       ✓     ×        ×         ×      ✓   ×
    manager author                      ✓       ×       ✓     ✓        ×         ✓      ✓   ×
    planner                             ×       ×       ×     ×        ×         ×      ×   ×
    sub-domain manager                  ×       ×       ×     ×        ×         ✓      ×   ×
    white-label client                  ×       ×       ×     ×        ×         ×      ✓   ×
    stranger                            ×       ×       ×     ×        ×         ×      ×   ×
    stranger manager                    ×       ×       ×     ×        ×         ×      ×   ×
    platform admin                      ×       ×       ×     ×        ×         ×      ×   ×
    editor member                       ✓       ×       ✓     ✓        ×         ✓      ✓   ×
    commenter member                    ×       ×       ×     ×        ×         ×      ×   ×
    viewer member                       ×       ×       ×     ×        ×         ×      ×   ×`,
  copyAttraction: `
    nobody                              401     401     401   401      401       401    401 401
    author                              ×       ×       ×     ×        ×         ×      ×   ×
    manager author                      ×       ×       ×     ✓        ×         ✓      ×   ×
    planner                             ×       ×       ×     ×        ×         ×      ×   ×
    sub-domain manager                  ×       ×       ×     ×        ×         ×      ×   ×
    white-label client                  ×       ×       ×     ×        ×         ×      ×   ×
    stranger                            ×       ×       ×     ×        ×         ×      ×   ×
    stranger manager                    ×       ×       ×     ×        ×         ×      ×   ×
    platform admin                      ×       ×       ×     ×        ×         ×      ×   ×
    editor member                       ×       ×       ×     ×        ×         ×      ×   ×
    commenter member                    ×       ×       ×     ×        ×         ×      ×   ×
    viewer member                       ×       ×       ×     ×        ×         ×      ×   ×`,
  tripInformation: `
    nobody                              401     401     401   401      401       401    401 401
    author                              ×       ×       ✓     ×        ×         ×      ×   ×
    manager author                      ✓       ×       ✓     ✓        ×         ✓      ✓   ×
    planner                             ×       ×       ×     ×        ×         ×      ×   ×
    sub-domain manager                  ×       ×       ×     ×        ×         ×      ×   ×
    white-label client                  ×       ×       ×     ×        ×         ×      ×   ×
    stranger                            ×       ×       ×     ×        ×         ×      ×   ×
    stranger manager                    ×       ×       ×     ×        ×         ×      ×   ×
    platform admin                      ×       ×       ×     ×        ×         ×      ×   ×
    editor member                       ×       ×       ×     ×        ×         ×      ×   ×
    commenter member                    ×       ×       ×     ×        ×         ×      ×   ×
    viewer member                       ×       ×       ×     ×        ×         ×      ×   ×`,
  reset: `
    nobody                              401     401     401   401      401       401    401 401
    author                              ✓       ×       ✓     ✓        ×         ✓      ✓   ×
    manager author                      ✓       ×       ✓     ✓        ×         ✓      ✓   ×
    planner                             ×       ×       ×     ×        ×         ×      ×   ×
    sub-domain manager                  ×       ×       ×     ×        ×         ×      ×   ×
    white-label client                  ×       ×       ×     ×        ×         ×      ×   ×
    stranger                            ×       ×       ×     ×        ×         ×      ×   ×
    stranger manager                    ×       ×       ×     ×        ×         ×      ×   ×
    platform admin                      ×       ×       ×     ×        ×         ×      ×   ×
    editor member                       ×       ×       ×     ×        ×         ×      ×   ×
    commenter member                    ×       ×       ×     ×        ×         ×      ×   ×
    viewer member                       ×       ×       ×     ×        ×         ×      ×   ×`,
  lock: `
    nobody                              401     401     401   401      401       401    401 401
    author                              ✓       ✓       ✓     ✓        ✓         ✓      ✓   ✓
    manager author                      ✓       ✓       ✓     ✓        ✓         ✓      ✓   ✓
    planner                             ×       ×       ×     ×        ×         ×      ×   ×
    sub-domain manager                  ×       ×       ×     ×        ×         ×      ×   ×
    white-label client                  ×       ×       ×     ×        ×         ×      ×   ×
    stranger                            ×       ×       ×     ×        ×         ×      ×   ×
    stranger manager                    ×       ×       ×     ×        ×         ×      ×   ×
    platform admin                      ×       ×       ×     ×        ×         ×      ×   ×
    editor member                       ×       ×       ×     ×        ×         ×      ×   ×
    commenter member                    ×       ×       ×     ×        ×         ×      ×   ×
    viewer member                       ×       ×       ×     ×        ×         ×      ×   ×`,
  category: `
    nobody                              401     401     401   401      401       401    401 401
    author                              ✓       ✓       ✓     ✓        ✓         ✓      ✓   ✓
    manager author                      ✓       ✓       ✓     ✓        ✓         ✓      ✓   ✓
    planner                             ×       ×       ×     ×        ×         ×      ×   ×
    sub-domain manager                  ×       ×       ×     ×        ×         ×      ×   ×
    white-label client                  ×       ×       ×     ×        ×         ×      ×   ×
    stranger                            ×       ×       ×     ×        ×         ×      ×   ×
    stranger manager                    ×       ×       ×     ×        ×         ×      ×   ×
    platform admin                      ×       ×       ×     ×        ×         ×      ×   ×
    editor member                       ×       ×       ×     ×        ×         ×      ×   ×
    commenter member                    ×       ×       ×     ×        ×         ×      ×   ×
    viewer member                       ×       ×       ×     ×        ×         ×      ×   ×`,
  subdomainSettings: `
    nobody                              401     401     401   401      401       401    401 401
    author                              ✓       ✓       ✓     ✓        ✓         ✓      ✓   ✓
    manager author                      ✓       ✓       ✓     ✓        ✓         ✓      ✓   ✓
    planner                             ×       ×       ×     ✓        ✓         ×      ×   ×
    sub-domain manager                  ✓       ✓       ✓     ✓        ✓         ✓      ✓   ✓
    white-label client                  ×       ×       ×     ×        ×         ×      ×   ×
    stranger                            ×       ×       ×     ×        ×         ×      ×   ×
    stranger manager                    ×       ×       ×     ×        ×         ×      ×   ×
    platform admin                      ×       ×       ×     ×        ×         ×      ×   ×
    editor member                       ×       ×       ×     ×        ×         ×      ×   ×
    commenter member                    ×       ×       ×     ×        ×         ×      ×   ×
    viewer member                       ×       ×       ×     ×        ×         ×      ×   ×`,
};

const base: EditFacts = {
  authorId: AUTHOR,
  isLocked: false,
  type: 'public',
  rideManagerId: null,
  isBasedRide: false,
  subdomainManagerId: SUBDOMAIN_MANAGER,
};
const stateNames = Object.keys(states);
const personNames = Object.keys(people).sort((a, b) => b.length - a.length);

const rows = Object.entries(matrices).flatMap(([action, matrix]) =>
  matrix
    .trim()
    .split('\n')
    .flatMap((line) => {
      const who = personNames.find((p) => line.trim().startsWith(`${p} `)) as string;
      const cells = line.trim().slice(who.length).trim().split(/\s+/);
      expect(cells).toHaveLength(stateNames.length);
      return cells.map((cell, i) => ({
        action: action as EditAction,
        who,
        state: stateNames[i] as string,
        cell,
      }));
    }),
);

describe('decideEdit: who × what × trip state', () => {
  it('has a line for every person in every action', () => {
    for (const action of Object.keys(matrices))
      expect(
        rows
          .filter((r) => r.action === action)
          .map((r) => r.who)
          .filter((w, i, all) => all.indexOf(w) === i)
          .sort(),
      ).toEqual(Object.keys(people).sort());
  });

  it.each(rows)('$action by $who on a $state trip: $cell', ({ action, who, state, cell }) => {
    const facts: EditFacts = {
      ...base,
      ...states[state],
      // The edit transaction reads it: this user is a client of the white-label trip whose manager lets clients edit.
      editorIsClient: who === 'white-label client' && states[state]?.isWhiteLabel === true,
      memberRole: memberRoles[who] ?? null,
    };
    const expected =
      cell === '✓'
        ? { allowed: true }
        : {
            allowed: false,
            code: cell === '401' ? 'user_is_not_authorized' : 'uesr_is_not_authorize_to_edit_this_ride',
          };
    expect(decideEdit(facts, people[who] ?? null, action)).toEqual(expected);
  });
});

describe('CONTENT_ACTIONS: what a copy no longer repeats after', () => {
  it.each<[EditAction, boolean]>([
    ['edit', true],
    ['addAttraction', true],
    ['newAttraction', true],
    ['copyAttraction', true],
    ['tripInformation', true],
    ['reset', true],
    ['lock', false],
    ['category', false],
    ['subdomainSettings', false],
  ])('%s: %s', (action, content) => {
    expect(CONTENT_ACTIONS.has(action)).toBe(content);
  });
});
