import type { GlobalRidesResponse } from '@rides/contract';
import { useInfiniteQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api';

const PAGE = 24;

/** GET global_rides_api (the cacheable twin of the spec's POST) without a point: every shared trip, newest first. */
export const useAllRides = () =>
  useInfiniteQuery({
    queryKey: ['global_rides', 'all'],
    queryFn: ({ pageParam, signal }) =>
      apiGet<GlobalRidesResponse>(`global_rides_api?limit=${PAGE}&offset=${pageParam}`, signal),
    initialPageParam: 0,
    getNextPageParam: (last, pages) => (last.hasMore ? pages.length * PAGE : undefined),
    staleTime: 60_000,
  });
