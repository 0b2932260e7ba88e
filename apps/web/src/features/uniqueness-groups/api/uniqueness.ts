import type {
  AcceptUniquenessProposalBody,
  UniquenessGroupResponse,
  UniquenessGroupsResponse,
  UniquenessProposalsResponse,
} from '@rides/contract';
import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { apiGet, apiPost } from '../../../lib/api';

/**
 * The uniqueness group calls (001 §7; decision 0040): the spec's attraction_uniqnes, update_main_attraction_uniqnes
 * and update_attraction_to_uniqness_grop (GETs, as the spec has them), and our proposals. Keys live here, beside their
 * queries (lib/query-keys.ts says so); every key starts with `all`, so one invalidation reads the screen again.
 */
const uniquenessKeys = {
  all: ['attraction_uniqnes'] as const,
  groups: (viewer: string) => ['attraction_uniqnes', 'groups', viewer] as const,
  proposals: (viewer: string) => ['attraction_uniqnes', 'proposals', viewer] as const,
};

export const uniquenessGroupsQuery = (viewer: string) =>
  queryOptions({
    queryKey: uniquenessKeys.groups(viewer),
    queryFn: ({ signal }) => apiGet<UniquenessGroupsResponse>('attraction_uniqnes', signal),
  });

export const uniquenessProposalsQuery = (viewer: string) =>
  queryOptions({
    queryKey: uniquenessKeys.proposals(viewer),
    queryFn: ({ signal }) => apiGet<UniquenessProposalsResponse>('attraction_uniqnes_proposals', signal),
  });

export const setMainAttraction = (groupId: number, attractionId: number) =>
  apiGet<UniquenessGroupResponse>(`update_main_attraction_uniqnes/${groupId}/${attractionId}`);

export const moveAttractionToGroup = (attractionId: number, groupId: number) =>
  apiGet<UniquenessGroupResponse>(`update_attraction_to_uniqness_grop/${attractionId}/${groupId}`);

export const acceptProposal = (body: AcceptUniquenessProposalBody) =>
  apiPost<UniquenessGroupResponse>('accept_attraction_uniqnes_proposal', body);

export const dismissProposal = (attractionIds: number[]) =>
  apiPost<{ ServerMassageCode: string }>('dismiss_attraction_uniqnes_proposal', { attractionIds });

/** Every change of a group changes the groups and the proposals: both read again. */
export const readAgain = (queryClient: QueryClient) =>
  queryClient.invalidateQueries({ queryKey: uniquenessKeys.all });
