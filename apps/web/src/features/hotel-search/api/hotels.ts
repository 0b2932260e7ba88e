import type { AccommodationsByLocationResponse } from '@rides/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api';

/**
 * GET /api/serch_accommodations_by_location_api/{lat}/{lng} (000 §7): the hotels of shared trips within 50 km of the
 * point, nearest first, one entry per hotel. Public and cached by the server.
 */
const hotelsNearQuery = (point: { lat: number; lng: number }) =>
  queryOptions({
    queryKey: ['hotels_near', point.lat, point.lng],
    queryFn: ({ signal }) =>
      apiGet<AccommodationsByLocationResponse>(`serch_accommodations_by_location_api/${point.lat}/${point.lng}`, signal),
    staleTime: 60_000,
  });

export const useHotelsNear = (point: { lat: number; lng: number } | null) =>
  useQuery({ ...hotelsNearQuery(point ?? { lat: 0, lng: 0 }), enabled: point !== null });
