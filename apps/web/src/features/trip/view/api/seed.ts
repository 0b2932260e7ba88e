import type { RideAttractionsResponse, RideHeaderResponse, UserInfoResponse } from '@rides/contract';
import { noteTripVersion } from '../../../../lib/trip-version';
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
  /** The trip's version these reads show (their ETag; decision 0065): a later edit's If-Match. */
  version?: number;
}

/** Puts the three reads where the trip page's queries look for them (in the browser, and on the server). */
export function seedTripReads(queryClient: QueryClient, data: TripPageData): void {
  queryClient.setQueryData(tripAttractionsQuery(data.rideId).queryKey, data.rideAttractions);
  queryClient.setQueryData(tripHeaderQuery(data.rideId, null).queryKey, data.rideHeader);
  queryClient.setQueryData(userInfoFromTripQuery(data.rideId).queryKey, data.userInfo);
  // The ETag its reads would have answered (contract trip-version.ts tripVersionEtag).
  if (typeof data.version === 'number') noteTripVersion(data.rideId, `W/"${data.version}"`);
}
