import type { HomeRidesResponse } from '@rides/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api';

/**
 * GET /api/home_rides_api (ours, decision 0004): the featured, recommended and newest shared trips, and the
 * WhatsApp number. One small public answer the server caches (max-age=60), asked for as the home page mounts:
 * the contact button needs the number at once, the lists below the fold use the same answer.
 */
const homeTripsQuery = queryOptions({
  queryKey: ['home_rides'],
  queryFn: ({ signal }) => apiGet<HomeRidesResponse>('home_rides_api', signal),
  staleTime: 60_000,
});

export const useHomeTrips = () => useQuery(homeTripsQuery);
