import { QueryClient } from '@tanstack/react-query';
import { ApiError } from '../lib/api';

/** Client errors (4xx) are answers, not glitches: never retried. Network and 5xx get one retry. */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 30_000,
      refetchOnWindowFocus: false,
      retry: (count, error) =>
        !(error instanceof ApiError && error.status >= 400 && error.status < 500) && count < 1,
    },
    mutations: { retry: false },
  },
});
