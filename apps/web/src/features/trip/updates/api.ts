import type {
  UpstreamPullBody,
  UpstreamPullResponse,
  UpstreamResponse,
  UpstreamUndoResponse,
  CopySettingsResponse,
} from '@rides/contract';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api';
import { tripAttractionsKeys } from '../../../lib/trip-keys';

/**
 * A living copy's updates (issue 37 point 2, decision 0075): GET /api/trips/{rideId}/upstream, its pull and its undo.
 * The read's key is under the trip's own (tripAttractionsKeys.of): every change of the copy (an edit, a live change, a
 * pull) reads it again, as the merge is against the copy now.
 */
export const upstreamKeys = {
  of: (rideId: number) => [...tripAttractionsKeys.of(rideId), 'upstream'] as const,
};

export const fetchUpstream = (rideId: number, signal?: AbortSignal) =>
  apiRequest<UpstreamResponse>(`trips/${rideId}/upstream`, { signal });

export const upstreamQuery = (rideId: number) =>
  queryOptions({
    queryKey: upstreamKeys.of(rideId),
    queryFn: ({ signal }) => fetchUpstream(rideId, signal),
    // Not a copy (404), not this reader's to edit (401/403): the page shows nothing, and asking again says the same.
    retry: false,
    staleTime: 30_000,
  });

export const pullUpstream = (rideId: number, body: UpstreamPullBody) =>
  apiRequest<UpstreamPullResponse>(`trips/${rideId}/upstream/pull`, { method: 'POST', body });

export const undoPull = (rideId: number) =>
  apiRequest<UpstreamUndoResponse>(`trips/${rideId}/upstream/undo`, { method: 'POST', body: {} });

/** PUT /api/trips/{rideId}/copy-settings: the copy's owner's switch of the mails of the original's pushes. */
export const setCopyNotify = (rideId: number, notify: boolean) =>
  apiRequest<CopySettingsResponse>(`trips/${rideId}/copy-settings`, { method: 'PUT', body: { notify } });
