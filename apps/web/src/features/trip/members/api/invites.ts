import type { AcceptInviteResponse, InviteInformationResponse } from '@rides/contract';
import { queryOptions } from '@tanstack/react-query';
import { apiGet, apiRequest } from '../../../../lib/api';

/**
 * The invitation page's two calls (issue 33 point 1, decision 0063), apart from the trip's people's (api/members.ts):
 * only the page imports them, so they travel in its own chunk.
 */

/** GET invites/{token}: what the invitation page shows, to anyone. */
export const inviteInformationQuery = (token: string) =>
  queryOptions({
    queryKey: ['trip_invite', token] as const,
    queryFn: ({ signal }) =>
      apiGet<InviteInformationResponse>(`invites/${encodeURIComponent(token)}`, signal),
    retry: false,
  });

export const acceptInvite = (token: string) =>
  apiRequest<AcceptInviteResponse>(`invites/${encodeURIComponent(token)}/accept`, { method: 'POST' });
