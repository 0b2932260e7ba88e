import type { RideAttractionsResponse, RideHeaderResponse, UserInfoResponse } from '@rides/contract';
import type { QueryClient } from '@tanstack/react-query';
import { tripAttractionsQuery } from '../../data/trip-attractions';
import { tripHeaderQuery } from '../../data/trip-header';
import { userInfoFromTripQuery } from './user-info-from-trip';

/** The trip page's three reads as a visitor who is not signed in gets them (the server puts them in the page). */
export interface TripPageData {
  rideId: number;
  rideAttractions: RideAttractionsResponse;
  rideHeader: RideHeaderResponse;
  userInfo: UserInfoResponse;
}

/** Puts the three reads where the trip page's queries look for them (in the browser, and on the server). */
export function seedTripReads(queryClient: QueryClient, data: TripPageData): void {
  queryClient.setQueryData(tripAttractionsQuery(data.rideId).queryKey, data.rideAttractions);
  queryClient.setQueryData(tripHeaderQuery(data.rideId, null).queryKey, data.rideHeader);
  queryClient.setQueryData(userInfoFromTripQuery(data.rideId).queryKey, data.userInfo);
}
