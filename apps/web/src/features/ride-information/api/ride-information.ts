import type {
  AddRideBody,
  AddRideResponse,
  NewRideInformationResponse,
  RideInformationResponse,
  UpdateRideInformationBody,
  UpdateRideInformationResponse,
} from '@rides/contract';
import { queryOptions } from '@tanstack/react-query';
import { apiGet, apiPost } from '../../../lib/api';

/**
 * The trip information form's calls (001 §7; decision 0019). The reads depend on who asks (the author's form, the
 * user's checkboxes), so the signed-in user's token is part of their keys.
 */

/** GET ride_information_api: the new trip form's checkboxes and defaults. */
export const newRideInformationQuery = (viewer: string) =>
  queryOptions({
    queryKey: ['ride_information', 'new', viewer],
    queryFn: ({ signal }) => apiGet<NewRideInformationResponse>('ride_information_api', signal),
  });

/** GET ride_information_api/{rideId}: the author's form. */
export const rideInformationQuery = (rideId: number, viewer: string) =>
  queryOptions({
    queryKey: ['ride_information', rideId, viewer],
    queryFn: ({ signal }) => apiGet<RideInformationResponse>(`ride_information_api/${rideId}`, signal),
    // The form is filled once: a refetch on focus must not replace what is being typed.
    refetchOnWindowFocus: false,
  });

/** POST add_ride_api: the new trip's id. */
export const addRide = (body: AddRideBody) => apiPost<AddRideResponse>('add_ride_api', body);

/** POST update_ride_information_api/{rideId}. */
export const updateRideInformation = (rideId: number, body: UpdateRideInformationBody) =>
  apiPost<UpdateRideInformationResponse>(`update_ride_information_api/${rideId}`, body);
