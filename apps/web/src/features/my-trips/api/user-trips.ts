import type { CategoryResponse, RideCategory, UserRidesResponse } from '@rides/contract';
import { queryOptions } from '@tanstack/react-query';
import { apiGet, apiPost } from '../../../lib/api';
import { queryKeys } from '../../../lib/query-keys';

/** GET user_rides_api: the signed-in user's trips (their token is part of the key). */
export const userTripsQuery = (viewer: string) =>
  queryOptions({
    queryKey: queryKeys.userTrips.of(viewer),
    queryFn: ({ signal }) => apiGet<UserRidesResponse>('user_rides_api', signal),
  });

/** POST update_ride_category_api/{rideId}: the author files the trip under a category. */
export const updateTripCategory = (rideId: number, category: RideCategory) =>
  apiPost<CategoryResponse>(`update_ride_category_api/${rideId}`, { category });
