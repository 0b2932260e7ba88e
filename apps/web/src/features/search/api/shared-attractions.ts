import type { AttractionsByLocationResponse } from '@rides/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api';

/**
 * GET /api/serch_attractions_by_location_api/{lat}/{lng} (ours, with no trip; decision 0013): attractions of shared
 * trips within 50 km of the point, nearest first. Public and cached by the server (max-age=60).
 */
const sharedAttractionsQuery = (point: { lat: number; lng: number }) =>
  queryOptions({
    queryKey: ['shared_attractions', point.lat, point.lng],
    queryFn: ({ signal }) =>
      apiGet<AttractionsByLocationResponse>(`serch_attractions_by_location_api/${point.lat}/${point.lng}`, signal),
    staleTime: 60_000,
  });

export const useSharedAttractions = (point: { lat: number; lng: number } | null) =>
  useQuery({
    ...sharedAttractionsQuery(point ?? { lat: 0, lng: 0 }),
    enabled: point !== null,
  });
