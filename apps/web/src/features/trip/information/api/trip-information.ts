import type {
  NewTripInformationResponse,
  RideInformationResponse,
  UpdateRideInformationBody,
  UpdateRideInformationResponse,
} from '@rides/contract';
import { queryOptions } from '@tanstack/react-query';
import { apiGet, editPost } from '../../../../lib/api';

/**
 * The trip information form's calls (001 §7; decision 0019). The reads depend on who asks (the author's form, the
 * user's checkboxes), so the signed-in user's token is part of their keys.
 */

/** Their keys: `of(rideId)` holds every viewer's form of one trip (invalidated after a save); 'new' is the new trip's. */
export const tripInformationKeys = {
  of: (rideId: number | 'new') => ['ride_information', rideId] as const,
  viewer: (rideId: number | 'new', viewer: string) => ['ride_information', rideId, viewer] as const,
};

/** GET ride_information_api: the new trip form's checkboxes and defaults. */
export const newTripInformationQuery = (viewer: string) =>
  queryOptions({
    queryKey: tripInformationKeys.viewer('new', viewer),
    queryFn: ({ signal }) => apiGet<NewTripInformationResponse>('ride_information_api', signal),
  });

/** GET ride_information_api/{rideId}: the author's form. */
export const tripInformationQuery = (rideId: number, viewer: string) =>
  queryOptions({
    queryKey: tripInformationKeys.viewer(rideId, viewer),
    queryFn: ({ signal }) => apiGet<RideInformationResponse>(`ride_information_api/${rideId}`, signal),
    // The form is filled once: a refetch on focus must not replace what is being typed.
    refetchOnWindowFocus: false,
  });

/** POST update_ride_information_api/{rideId}. */
export const updateTripInformation = (rideId: number, body: UpdateRideInformationBody) =>
  editPost<UpdateRideInformationResponse>(rideId, `update_ride_information_api/${rideId}`, body);
