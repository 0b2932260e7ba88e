import type { MemberRole } from '@rides/contract';
import { describe, expect, it } from 'vitest';
import type { Actor, Decision } from '../../src/modules/access/actor.js';
import {
  decideAccept,
  decideInvite,
  decideManageMembers,
  decideMembersRead,
  decideRemoval,
  decideRoleChange,
  inviteProblem,
  roleAfterAccept,
  seesEmailOf,
  seesInvites,
} from '../../src/modules/access/members.policy.js';
import type { TripAccessFacts } from '../../src/modules/access/trip-access.policy.js';

/**
 * The members policy (issue 33, decision 0063), every row: who × trip kind -> decision. ✓ allowed, 401
 * user_is_not_authorized, private 403 user_does_not_have_permission_to_this_private_ride, role 403 role_does_not_allow,
 * owner 403 not_trip_owner, member 404 not_a_member, self 400 cannot_invite_yourself, already 409 already_a_member.
 * The API tests (test/api/trip-members.test.ts) prove the service asks it.
 */
const AUTHOR = 1;
const PLANNER = 2;
const OTHER_PLANNER = 3;
const VIEWER = 10;
const COMMENTER = 11;
const EDITOR = 12;
const CLIENT = 13;
const STRANGER = 20;

const user = (id: number, role: 'user' | 'manager' = 'user'): Actor => ({ id, role, isAdmin: false });
const people: Record<string, Actor> = {
  visitor: null,
  user: user(STRANGER),
  viewer: user(VIEWER),
  commenter: user(COMMENTER),
  editor: user(EDITOR),
  owner: user(AUTHOR),
  planner: user(PLANNER, 'manager'),
  'another planner': user(OTHER_PLANNER, 'manager'),
  'authorised client': user(CLIENT),
};
const memberRoles = new Map<number, MemberRole>([
  [VIEWER, 'viewer'],
  [COMMENTER, 'commenter'],
  [EDITOR, 'editor'],
]);
const trip = (kind: 'public' | 'private'): TripAccessFacts => ({
  authorId: AUTHOR,
  // A planner's trip is private (a ride_manager_id marks a private trip): on the public one PLANNER is nobody special.
  rideManagerId: kind === 'private' ? PLANNER : null,
  type: kind,
  endDate: '2099-01-01',
  authorizedUserIds: new Set([CLIENT]),
  memberRoles,
});

const short = (d: Decision): string => {
  if (d.allowed) return '✓';
  const names: Record<string, string> = {
    user_is_not_authorized: '401',
    user_does_not_have_permission_to_this_private_ride: 'private',
    role_does_not_allow: 'role',
    not_trip_owner: 'owner',
    not_a_member: 'member',
    cannot_invite_yourself: 'self',
    already_a_member: 'already',
  };
  return names[d.code] ?? d.code;
};

type Row = [string, string, string];
/** [who, public, private]. */
function table(name: string, decide: (ride: TripAccessFacts, actor: Actor) => Decision, rows: Row[]) {
  describe(name, () => {
    it.each(rows)('%s: public %s, private %s', (who, pub, priv) => {
      const actor = people[who] as Actor;
      expect([short(decide(trip('public'), actor)), short(decide(trip('private'), actor))]).toEqual([
        pub,
        priv,
      ]);
    });
  });
}

table('reading the members', decideMembersRead, [
  ['visitor', '401', '401'],
  ['user', 'role', 'private'],
  ['viewer', '✓', '✓'],
  ['commenter', '✓', '✓'],
  ['editor', '✓', '✓'],
  ['owner', '✓', '✓'],
  ['planner', 'role', '✓'],
  ['another planner', 'role', 'private'],
  ['authorised client', 'role', '✓'],
]);

table('inviting, revoking (the owner)', decideManageMembers, [
  ['visitor', '401', '401'],
  ['user', 'role', 'private'],
  ['viewer', 'owner', 'owner'],
  ['commenter', 'owner', 'owner'],
  ['editor', 'owner', 'owner'],
  ['owner', '✓', '✓'],
  ['planner', 'role', '✓'],
  ['another planner', 'role', 'private'],
  ['authorised client', 'role', 'owner'],
]);

table("changing the editor's role", (r, a) => decideRoleChange(r, a, EDITOR), [
  ['visitor', '401', '401'],
  ['user', 'role', 'private'],
  ['viewer', 'owner', 'owner'],
  ['editor', 'owner', 'owner'],
  ['owner', '✓', '✓'],
  ['planner', 'role', '✓'],
  ['another planner', 'role', 'private'],
]);

table("changing the owner's role (never a member row)", (r, a) => decideRoleChange(r, a, AUTHOR), [
  ['owner', 'member', 'member'],
  ['planner', 'role', 'member'],
  ['editor', 'owner', 'owner'],
]);

table('removing the commenter', (r, a) => decideRemoval(r, a, COMMENTER), [
  ['visitor', '401', '401'],
  ['user', 'role', 'private'],
  ['viewer', 'owner', 'owner'],
  // Leaving: the member themselves.
  ['commenter', '✓', '✓'],
  ['editor', 'owner', 'owner'],
  ['owner', '✓', '✓'],
  ['planner', 'role', '✓'],
  ['another planner', 'role', 'private'],
]);

table(
  'removing oneself as the owner, or a stranger',
  (r, a) => decideRemoval(r, a, a?.id === AUTHOR ? AUTHOR : STRANGER),
  [
    ['owner', 'member', 'member'],
    ['user', 'role', 'private'],
  ],
);

describe('an invitation names an address', () => {
  const cases: [string, number | null, string, string][] = [
    // [inviter, the address's account, public, private]
    ['owner', null, '✓', '✓'],
    ['owner', STRANGER, '✓', '✓'],
    ['owner', AUTHOR, 'self', 'self'],
    // The planner of a private trip is its owner too: inviting them is inviting an owner; on a public trip they are
    // nobody special.
    ['owner', PLANNER, '✓', 'self'],
    ['planner', AUTHOR, 'role', 'self'],
    ['planner', PLANNER, 'role', 'self'],
    ['owner', EDITOR, 'already', 'already'],
    ['owner', VIEWER, 'already', 'already'],
    // A client joined by key may be invited to become a member with a role.
    ['owner', CLIENT, '✓', '✓'],
    ['editor', STRANGER, 'owner', 'owner'],
    ['visitor', STRANGER, '401', '401'],
  ];
  it.each(cases)('%s invites the account %s: public %s, private %s', (who, invitee, pub, priv) => {
    const actor = people[who] as Actor;
    const of = (ride: TripAccessFacts) =>
      short(decideInvite(ride, actor, invitee === null ? null : { userId: invitee }));
    expect([of(trip('public')), of(trip('private'))]).toEqual([pub, priv]);
  });
});

table('accepting an invitation', decideAccept, [
  ['visitor', '401', '401'],
  ['user', '✓', '✓'],
  ['viewer', '✓', '✓'],
  ['editor', '✓', '✓'],
  ['owner', 'already', 'already'],
  ['planner', '✓', 'already'],
  ['another planner', '✓', '✓'],
  ['authorised client', '✓', '✓'],
]);

describe("an invitation's state", () => {
  const now = new Date('2031-01-10T00:00:00Z');
  const later = new Date('2031-01-11T00:00:00Z');
  const earlier = new Date('2031-01-09T00:00:00Z');
  it.each([
    ['open', { usedAt: null, revokedAt: null, expiresAt: later }, '✓'],
    ['used', { usedAt: earlier, revokedAt: null, expiresAt: later }, 'invite_used'],
    ['revoked', { usedAt: null, revokedAt: earlier, expiresAt: later }, 'invite_revoked'],
    ['expired', { usedAt: null, revokedAt: null, expiresAt: earlier }, 'invite_expired'],
    ['expiring this instant', { usedAt: null, revokedAt: null, expiresAt: now }, 'invite_expired'],
    ['used, then expired', { usedAt: earlier, revokedAt: null, expiresAt: earlier }, 'invite_used'],
    ['revoked, then expired', { usedAt: null, revokedAt: earlier, expiresAt: earlier }, 'invite_revoked'],
  ] as const)('%s: %s', (_name, state, answer) => {
    expect(short(inviteProblem(state, now))).toBe(answer);
  });
});

describe('roles after accepting, and what each sees', () => {
  it.each([
    [null, 'viewer', 'viewer'],
    [null, 'editor', 'editor'],
    ['viewer', 'editor', 'editor'],
    ['editor', 'viewer', 'editor'],
    ['commenter', 'commenter', 'commenter'],
  ] as const)('had %s, invited as %s: %s', (had, invited, after) => {
    expect(roleAfterAccept(had, invited)).toBe(after);
  });
  it('the owner sees every address and the invitations; a member sees their own address only', () => {
    expect(seesEmailOf('owner', AUTHOR, EDITOR)).toBe(true);
    expect(seesEmailOf('editor', EDITOR, EDITOR)).toBe(true);
    expect(seesEmailOf('editor', EDITOR, AUTHOR)).toBe(false);
    expect(seesEmailOf('viewer', VIEWER, COMMENTER)).toBe(false);
    expect(seesInvites('owner')).toBe(true);
    expect(seesInvites('editor')).toBe(false);
  });
});
