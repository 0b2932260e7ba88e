import { isPrivateRide, TRIP_ROLES, type MemberRole, type TripRole } from '@rides/contract';
import { ALLOWED, NO_VIEW, refuse, SIGN_IN, type Actor, type Decision } from './actor.js';
import { tripRole, type TripAccessFacts } from './trip-access.policy.js';

/**
 * Who may see and change a trip's people (issue 33 point 1, decision 0063). Pure: the service reads the facts (the
 * trip's row under its lock, its members, the invited address's account) and asks here first.
 *
 *  - Reading the list: the trip's people only (tripRole not null: the owner, the members, an authorised client of a
 *    private trip). Anyone else: a private trip answers as it does to every stranger (403
 *    user_does_not_have_permission_to_this_private_ride: nothing of it is told), a public one 403 role_does_not_allow.
 *    The addresses are the owner's to see (and each person their own); the open invitations are the owner's only.
 *  - Inviting, revoking an invitation, changing a role, removing someone else: the owner (the author, and the planner
 *    of a private trip): a member gets 403 not_trip_owner, a stranger as above.
 *  - Leaving: a member removes themselves. The owner is never a member row: removing or re-roling them is not_a_member.
 *  - An invitation names an address that is not the inviter's nor an owner's (cannot_invite_yourself) nor a member's
 *    (already_a_member).
 *  - Accepting: any signed-in account holding the link (the link is the secret, single-use), except an owner
 *    (already_a_member); a member keeps the higher of their role and the invitation's.
 */

/** Someone who is none of the trip's people: nothing of a private trip is told. */
const strangerRefusal = (ride: TripAccessFacts): Decision =>
  isPrivateRide(ride) ? NO_VIEW : refuse('role_does_not_allow');

/** GET members: the trip's people. */
export function decideMembersRead(ride: TripAccessFacts, actor: Actor): Decision {
  if (!actor) return SIGN_IN;
  return tripRole(ride, actor) === null ? strangerRefusal(ride) : ALLOWED;
}

/** Invite, revoke, change a role, remove another: the owner. */
export function decideManageMembers(ride: TripAccessFacts, actor: Actor): Decision {
  if (!actor) return SIGN_IN;
  const role = tripRole(ride, actor);
  if (role === 'owner') return ALLOWED;
  return role === null ? strangerRefusal(ride) : refuse('not_trip_owner');
}

/** PATCH a member's role: the owner, of a member (never the owner, who is no row). */
export function decideRoleChange(ride: TripAccessFacts, actor: Actor, memberId: number): Decision {
  const may = decideManageMembers(ride, actor);
  if (!may.allowed) return may;
  return ride.memberRoles.has(memberId) ? ALLOWED : refuse('not_a_member');
}

/** DELETE a member: a member leaving, or the owner removing a member. */
export function decideRemoval(ride: TripAccessFacts, actor: Actor, memberId: number): Decision {
  if (!actor) return SIGN_IN;
  if (actor.id === memberId && ride.memberRoles.has(memberId)) return ALLOWED;
  return decideRoleChange(ride, actor, memberId);
}

/** POST an invitation. `invitee`: the account of the invited address (null: no account, or an invitation by link). */
export function decideInvite(
  ride: TripAccessFacts,
  actor: Actor,
  invitee: { userId: number } | null,
): Decision {
  const may = decideManageMembers(ride, actor);
  if (!may.allowed || !invitee || !actor) return may;
  if (invitee.userId === actor.id) return refuse('cannot_invite_yourself');
  const role = tripRole(ride, { id: invitee.userId, role: 'user', isAdmin: false });
  if (role === 'owner') return refuse('cannot_invite_yourself');
  return ride.memberRoles.has(invitee.userId) ? refuse('already_a_member') : ALLOWED;
}

/** An invitation's state: why it admits no one now, or null. Used first, then revoked, then expired. */
export interface InviteState {
  usedAt: Date | null;
  revokedAt: Date | null;
  expiresAt: Date;
}
export function inviteProblem(invite: InviteState, now: Date): Decision {
  if (invite.usedAt !== null) return refuse('invite_used');
  if (invite.revokedAt !== null) return refuse('invite_revoked');
  if (invite.expiresAt.getTime() <= now.getTime()) return refuse('invite_expired');
  return ALLOWED;
}

/** POST accept: signed in, not an owner of the trip (an owner is never a member). */
export function decideAccept(ride: TripAccessFacts, actor: Actor): Decision {
  if (!actor) return SIGN_IN;
  return tripRole(ride, actor) === 'owner' ? refuse('already_a_member') : ALLOWED;
}

/** The role a member holds after accepting: the higher of the one they had and the invitation's. */
export function roleAfterAccept(current: MemberRole | null, invited: MemberRole): MemberRole {
  if (current === null) return invited;
  return TRIP_ROLES.indexOf(current) >= TRIP_ROLES.indexOf(invited) ? current : invited;
}

/** Whether the viewer (of role `viewerRole`) sees a person's e-mail address in the list: the owner's, and one's own. */
export const seesEmailOf = (viewerRole: TripRole, viewerId: number, personId: number): boolean =>
  viewerRole === 'owner' || viewerId === personId;

/** Whether the viewer sees the open invitations: the owner only. */
export const seesInvites = (viewerRole: TripRole): boolean => viewerRole === 'owner';
