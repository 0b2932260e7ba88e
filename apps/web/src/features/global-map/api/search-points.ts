import type { SearchPointsResponse } from '@rides/contract';
import { useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api';

/** GET get_all_sertch_point (the cacheable twin of the spec's POST): where shared trips exist, with counts. */
export const useSearchPoints = () =>
  useQuery({
    queryKey: ['search_points'],
    queryFn: ({ signal }) => apiGet<SearchPointsResponse>('get_all_sertch_point', signal),
    staleTime: 5 * 60_000,
    select: (data) => data.serch_points.sertchPoint,
  });
