import type {
  InviteMemberBody,
  InviteMemberResponse,
  MemberRole,
  TripMembersResponse,
} from '@rides/contract';
import { queryOptions } from '@tanstack/react-query';
import { apiGet, apiRequest } from '../../../../lib/api';

/**
 * The calls of a trip's people (issue 33 point 1, decision 0063): the list, an invitation, a role, a removal, and the
 * invitation page's two. The list depends on who asks (the owner sees addresses and invitations), so the signed-in
 * user's token is part of its key; `trip` is every viewer's copy, read again after each change.
 */
export const tripMembersKeys = {
  trip: (rideId: number) => ['trip_members', rideId] as const,
  of: (rideId: number, viewer: string) => ['trip_members', rideId, viewer] as const,
};

/** GET trips/{rideId}/members: a stranger's 403 is an answer (no people to show), not retried. */
export const tripMembersQuery = (rideId: number, viewer: string) =>
  queryOptions({
    queryKey: tripMembersKeys.of(rideId, viewer),
    queryFn: ({ signal }) => apiGet<TripMembersResponse>(`trips/${rideId}/members`, signal),
    retry: false,
    staleTime: 30_000,
  });

export const inviteMember = (rideId: number, body: InviteMemberBody) =>
  apiRequest<InviteMemberResponse>(`trips/${rideId}/members`, { method: 'POST', body });

export const revokeInvite = (rideId: number, inviteId: number) =>
  apiRequest(`trips/${rideId}/invites/${inviteId}`, { method: 'DELETE' });

export const changeMemberRole = (rideId: number, userId: number, role: MemberRole) =>
  apiRequest(`trips/${rideId}/members/${userId}`, { method: 'PATCH', body: { role } });

export const removeMember = (rideId: number, userId: number) =>
  apiRequest(`trips/${rideId}/members/${userId}`, { method: 'DELETE' });
