import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PlaceSource } from '@rides/contract';
import { apiGet, type Envelope } from './api';

/**
 * GET /api/client_config: which social sign-ins are configured, and where their sign-in pages are; the partner hotel
 * map's widget (/booking), null when the server turned it off.
 */
export interface ClientConfig extends Envelope {
  googleClientId: string | null;
  googleAuthUrl: string;
  facebookAppId: string | null;
  facebookAuthUrl: string;
  bookingWidget: { scriptUrl: string; aid: string | null } | null;
  /** The planners landing page's settings (/for-planners): null = not set; absent from an older server. */
  forPlanners?: {
    demoUrl: string | null;
    calendarUrl: string | null;
    whatsappNumber: string | null;
    whatsappMessage: string | null;
    phone: string | null;
    email: string | null;
    socialUrl: string | null;
  };
  /** The places source the server is configured with (decision 0012): 'local' = no maps service connected. */
  placesSource?: PlaceSource;
}

const fetchClientConfig = (signal?: AbortSignal) => apiGet<ClientConfig>('client_config', signal);

export const clientConfigQuery = queryOptions({
  queryKey: ['client_config'],
  queryFn: ({ signal }) => fetchClientConfig(signal),
  staleTime: Infinity,
  gcTime: Infinity,
  // The same for everyone: kept when a session ends (app/layout/SessionEvents.tsx drops every other query).
  meta: { keepOnSessionEnd: true },
});

export const useClientConfig = () => useQuery(clientConfigQuery);
