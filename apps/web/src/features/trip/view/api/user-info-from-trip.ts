import type { UserInfoResponse } from '@rides/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../../lib/api';

/** GET /api/user_info_from_ride_id_api/{rideId}: the trip author's block (image, name, title, about, links). */
const fetchUserInfoFromTrip = (rideId: number, signal?: AbortSignal) =>
  apiGet<UserInfoResponse>(`user_info_from_ride_id_api/${rideId}`, signal);

export const userInfoFromTripQuery = (rideId: number) =>
  queryOptions({
    queryKey: ['user_info_from_ride', rideId],
    queryFn: ({ signal }) => fetchUserInfoFromTrip(rideId, signal),
    staleTime: 5 * 60_000,
  });

export const useUserInfoFromTrip = (rideId: number | null) =>
  useQuery({ ...userInfoFromTripQuery(rideId ?? 0), enabled: rideId !== null });
