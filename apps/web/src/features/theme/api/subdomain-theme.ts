import type { SubdomainThemeResponse, SubdomainThemeWire } from '@rides/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api';

/** GET /api/subdomain_theme: the white-label theme of this host, and whether the signed-in user manages it. */
const fetchSubdomainTheme = (signal?: AbortSignal) => apiGet<SubdomainThemeResponse>('subdomain_theme', signal);

/** Keyed by the token: isManager depends on who is signed in. Configuration, so it never goes stale. */
const subdomainThemeQuery = (token: string | null, placeholder?: () => SubdomainThemeWire | undefined) =>
  queryOptions<SubdomainThemeWire, Error, SubdomainThemeWire, (string | null)[]>({
    queryKey: ['subdomain_theme', token],
    queryFn: async ({ signal }) => (await fetchSubdomainTheme(signal)).theme,
    staleTime: Infinity,
    placeholderData: placeholder ? () => placeholder() : undefined,
    retry: 1,
  });

export const useSubdomainThemeQuery = (token: string | null, placeholder?: () => SubdomainThemeWire | undefined) =>
  useQuery(subdomainThemeQuery(token, placeholder));
