import type {
  AccommodationBody,
  AccommodationDeletedResponse,
  AccommodationSavedResponse,
  RideAccommodationsResponse,
} from '@rides/contract';
import { queryOptions } from '@tanstack/react-query';
import { apiGet, apiPost } from '../../../../lib/api';

/** The accommodation calls (000 §7; decision 0018). */

export const tripAccommodationsQuery = (rideId: number) =>
  queryOptions({
    queryKey: ['ride_accommodations', rideId],
    queryFn: ({ signal }) => apiGet<RideAccommodationsResponse>(`ride_accommodations_api/${rideId}`, signal),
    staleTime: 30_000,
  });

export const createAccommodation = (rideId: number, body: AccommodationBody) =>
  apiPost<AccommodationSavedResponse>(`create_accommodation_and_add_to_ride_api/${rideId}`, body);

export const updateAccommodation = (id: number, body: AccommodationBody) =>
  apiPost<AccommodationSavedResponse>(`update_accommodation_api/${id}`, body);

export const deleteAccommodation = (id: number) => apiGet<AccommodationDeletedResponse>(`delete_accommodation_api/${id}`);
