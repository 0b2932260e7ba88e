import { z } from 'zod';
import { envelope } from '../envelope.js';
import { isMemberRole, MEMBER_ROLES, TRIP_ROLES } from '../trip-members.js';
import { emailField } from '../validation.js';
import { tripIdParam } from './trips.js';

/**
 * Members and roles (issue 33 point 1, decision 0063): the people of a trip, the invitations that make them, and the
 * invitation page's two calls.
 *
 *  - GET    /api/trips/{rideId}/members                  the owner and the members (the owner first), open invitations
 *  - POST   /api/trips/{rideId}/members {email?, role}   an invitation (mailed when an address is given) and its link
 *  - DELETE /api/trips/{rideId}/invites/{inviteId}        revokes an open invitation (the owner)
 *  - PATCH  /api/trips/{rideId}/members/{userId} {role}  changes a member's role (the owner)
 *  - DELETE /api/trips/{rideId}/members/{userId}         removes a member (the owner), or leaves (the member)
 *  - GET    /api/invites/{token}                          who invites, with which role (anyone; no trip content)
 *  - POST   /api/invites/{token}/accept                   joins the trip with the invitation's role (signed in), once
 *
 * Refusals: no token 401 user_is_not_authorized; not one of the trip's people: a private trip 403
 * user_does_not_have_permission_to_this_private_ride, a public one 403 role_does_not_allow; a member where the owner
 * is needed 403 not_trip_owner; a role outside viewer/commenter/editor 400 invalid_role; a bad address 400
 * invalid_email_format; the inviter's or the owner's address 400 cannot_invite_yourself; an address (or an accepting
 * user) that is a member or the owner already 409 already_a_member; no such member 404 not_a_member; an unknown or
 * malformed invitation 404 invite_not_found, a used, expired or revoked one 410 invite_used / invite_expired /
 * invite_revoked; no such trip 404 not_found.
 */

/** A role an invitation or a role change gives: viewer, commenter or editor; anything else is invalid_role. */
export const memberRoleField = z
  .string({ error: 'invalid_role' })
  .refine(isMemberRole, { error: 'invalid_role' })
  .transform((v) => v as (typeof MEMBER_ROLES)[number]);

export const tripMemberParams = z.object({ rideId: tripIdParam, userId: tripIdParam });
export const tripInviteParams = z.object({ rideId: tripIdParam, inviteId: tripIdParam });
/**
 * The invitation's token as the link carries it (URL-safe base64): other characters are 400 invite_not_found; a token
 * of the right characters but not of ours is the service's 404 invite_not_found.
 */
export const inviteTokenParams = z.object({
  token: z.string().regex(/^[A-Za-z0-9_-]{1,200}$/, { error: 'invite_not_found' }),
});

export const inviteMemberBody = z.strictObject({
  /** Mailed to this address; without it, an invitation by link (the inviter shares inviteUrl). */
  email: z.preprocess((v) => (v === '' || v === null ? undefined : v), emailField.optional()),
  role: memberRoleField,
});
export type InviteMemberBody = z.input<typeof inviteMemberBody>;

export const changeMemberRoleBody = z.strictObject({ role: memberRoleField });
export type ChangeMemberRoleBody = z.input<typeof changeMemberRoleBody>;

export const tripMember = z.object({
  userId: z.number().int(),
  name: z.string(),
  /** Shown to the owner only (and to each member their own); null for everyone else (decision 0063). */
  email: z.string().nullable(),
  role: z.enum(TRIP_ROLES),
  /** ISO date-time; the owner's is the trip's creation. */
  joinedAt: z.string(),
});
export type TripMember = z.infer<typeof tripMember>;

export const tripInvite = z.object({
  id: z.number().int(),
  /** The invited address; null for an invitation by link. */
  email: z.string().nullable(),
  role: z.enum(MEMBER_ROLES),
  expiresAt: z.string(),
  createdAt: z.string(),
});
export type TripInvite = z.infer<typeof tripInvite>;

export const tripMembersResponse = envelope({
  members: z.array(tripMember),
  /** Open invitations (not used, revoked or expired); the owner's list only, empty for members. */
  invites: z.array(tripInvite),
  /** The caller's own role: the web shows the owner's tools or "leave". */
  myRole: z.enum(TRIP_ROLES),
  /** The caller's user id: their own line in the list. */
  myUserId: z.number().int(),
});
export type TripMembersResponse = z.infer<typeof tripMembersResponse>;

export const inviteMemberResponse = envelope({
  invite: tripInvite,
  /** The invitation page's full address (the token is in it, shown this once). */
  inviteUrl: z.string(),
});
export type InviteMemberResponse = z.infer<typeof inviteMemberResponse>;

/** What the invitation page shows before anyone signs in: no trip content (not even its title). */
export const inviteInformationResponse = envelope({
  inviterName: z.string(),
  role: z.enum(MEMBER_ROLES),
  expiresAt: z.string(),
  /** The invited address masked ("d***@example.com"); null for an invitation by link. */
  maskedEmail: z.string().nullable(),
});
export type InviteInformationResponse = z.infer<typeof inviteInformationResponse>;

export const acceptInviteResponse = envelope({
  rideId: z.number().int(),
  /** The role the user holds now (the higher of the one they had and the invitation's). */
  role: z.enum(TRIP_ROLES),
});
export type AcceptInviteResponse = z.infer<typeof acceptInviteResponse>;
