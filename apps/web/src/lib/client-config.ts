import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ClientConfigResponse } from '@rides/contract';
import { apiGet } from './api';

/**
 * GET /api/client_config (its shape: the contract's client-config.ts): which social sign-ins are configured, and where
 * their sign-in pages are; the partner hotel map's widget (/booking), null when the server turned it off; the planners
 * landing page's settings; the places source.
 */
export const fetchClientConfig = (signal?: AbortSignal) =>
  apiGet<ClientConfigResponse>('client_config', signal);

export const clientConfigQuery = queryOptions({
  queryKey: ['client_config'],
  queryFn: ({ signal }) => fetchClientConfig(signal),
  staleTime: Infinity,
  gcTime: Infinity,
  // The same for everyone: kept when a session ends (app/layout/SessionEvents.tsx drops every other query).
  meta: { keepOnSessionEnd: true },
});

export const useClientConfig = () => useQuery(clientConfigQuery);
