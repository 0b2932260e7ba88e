import type { AttractionResponse, TripLanguage } from '@rides/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../../lib/api';
import { queryKeys } from '../../../../lib/query-keys';

/** GET /api/attraction_api/{id}/internal?language=hebrew|english: one attraction of our database, for the details modal. */
const fetchAttraction = (id: number, language: TripLanguage, signal?: AbortSignal) =>
  apiGet<AttractionResponse>(`attraction_api/${id}/internal?language=${language}`, signal);

export const attractionQuery = (id: number, language: TripLanguage) =>
  queryOptions({
    queryKey: queryKeys.attraction.of(id, language),
    queryFn: ({ signal }) => fetchAttraction(id, language, signal),
    staleTime: 5 * 60_000,
  });

export const useAttraction = (id: number, language: TripLanguage) => useQuery(attractionQuery(id, language));
