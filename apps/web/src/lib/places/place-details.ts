import type { PlaceDetailsResponse, PlaceSource, TripLanguage } from '@rides/contract';
import { queryOptions } from '@tanstack/react-query';
import { apiGet } from '../api';

/** GET /api/places_details/{source}/{id}?language=&session=: coordinates (and more) of a picked suggestion. */
function fetchPlaceDetails(
  source: PlaceSource,
  id: string,
  language: TripLanguage,
  session?: string,
  signal?: AbortSignal,
) {
  const search = new URLSearchParams({ language });
  if (session) search.set('session', session);
  return apiGet<PlaceDetailsResponse>(
    `places_details/${encodeURIComponent(source)}/${encodeURIComponent(id)}?${search}`,
    signal,
  );
}

export const placeDetailsQuery = (source: PlaceSource, id: string, language: TripLanguage, session?: string) =>
  queryOptions({
    queryKey: ['places_details', source, id, language],
    queryFn: ({ signal }) => fetchPlaceDetails(source, id, language, session, signal),
    staleTime: 30 * 60_000,
  });
