import type {
  AccommodationBody,
  AccommodationDeletedResponse,
  AccommodationSavedResponse,
  RideAccommodationsResponse,
} from '@rides/contract';
import { queryOptions } from '@tanstack/react-query';
import { apiGet, editGet, editPost } from '../../../../lib/api';

/** The accommodation calls (000 §7; decision 0018). */

export const tripAccommodationsQuery = (rideId: number) =>
  queryOptions({
    queryKey: ['ride_accommodations', rideId],
    queryFn: ({ signal }) => apiGet<RideAccommodationsResponse>(`ride_accommodations_api/${rideId}`, signal),
    staleTime: 30_000,
  });

/** Edits of the trip's stays: sent with If-Match, the trip's version the page shows (decision 0065). */
export const createAccommodation = (rideId: number, body: AccommodationBody) =>
  editPost<AccommodationSavedResponse>(rideId, `create_accommodation_and_add_to_ride_api/${rideId}`, body);

export const updateAccommodation = (rideId: number, id: number, body: AccommodationBody) =>
  editPost<AccommodationSavedResponse>(rideId, `update_accommodation_api/${id}`, body);

export const deleteAccommodation = (rideId: number, id: number) =>
  editGet<AccommodationDeletedResponse>(rideId, `delete_accommodation_api/${id}`);
