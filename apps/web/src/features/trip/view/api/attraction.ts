import type { AttractionResponse, RideLanguage } from '@rides/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../../lib/api';
import { queryKeys } from '../../../../lib/query-keys';

/** GET /api/attraction_api/{id}/internal?language=hebrew|english: one attraction of our database, for the details modal. */
const fetchAttraction = (id: number, language: RideLanguage, signal?: AbortSignal) =>
  apiGet<AttractionResponse>(`attraction_api/${id}/internal?language=${language}`, signal);

export const attractionQuery = (id: number, language: RideLanguage) =>
  queryOptions({
    queryKey: queryKeys.attraction.of(id, language),
    queryFn: ({ signal }) => fetchAttraction(id, language, signal),
    staleTime: 5 * 60_000,
  });

export const useAttraction = (id: number, language: RideLanguage) => useQuery(attractionQuery(id, language));
