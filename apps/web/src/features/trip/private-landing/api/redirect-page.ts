import type { RedirectPageResponse } from '@rides/contract';
import { queryOptions } from '@tanstack/react-query';
import { apiPost } from '../../../../lib/api';

/** POST /api/get_redirect_page_from_ride_id: the planner's page where the trip is bought, or null (001 §7). */
export const redirectPageQuery = (rideId: number) =>
  queryOptions({
    queryKey: ['redirect_page', rideId],
    queryFn: ({ signal }) => apiPost<RedirectPageResponse>('get_redirect_page_from_ride_id', { rideId }, signal),
  });
