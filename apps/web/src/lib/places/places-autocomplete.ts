import type { PlacesAutocompleteResponse, PlaceSuggestion, TripLanguage } from '@rides/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../api';

/** The place language of a UI language: names and secondary lines follow the language the user reads. */
export const placeLanguageOf = (uiLanguage: string): TripLanguage => (uiLanguage === 'en' ? 'english' : 'hebrew');

interface AutocompleteParams {
  q: string;
  language: TripLanguage;
  limit?: number;
  /** Prefer places near this point (a map's centre, a trip's area). */
  near?: { lat: number; lng: number } | null;
  /** Google's session token: one search, billed once (passed on to details). Not part of the cache key. */
  session?: string;
}

/** GET /api/places_autocomplete?q=&language=&limit=&lat=&lng=&session= (decision 0012). */
function fetchPlacesAutocomplete(params: AutocompleteParams, signal?: AbortSignal) {
  const search = new URLSearchParams({ q: params.q, language: params.language });
  if (params.limit) search.set('limit', String(params.limit));
  if (params.near) {
    search.set('lat', String(params.near.lat));
    search.set('lng', String(params.near.lng));
  }
  if (params.session) search.set('session', params.session);
  return apiGet<PlacesAutocompleteResponse>(`places_autocomplete?${search}`, signal);
}

/** The same text in the same language is the same answer for a few minutes (places do not move). */
export const placesAutocompleteQuery = (params: AutocompleteParams) =>
  queryOptions({
    queryKey: ['places_autocomplete', params.language, params.q, params.limit ?? null, params.near ?? null],
    queryFn: ({ signal }) => fetchPlacesAutocomplete(params, signal),
    staleTime: 5 * 60_000,
  });

/** Suggestions for a (debounced) text; nothing is asked for an empty text. The previous list stays while typing. */
export const usePlacesAutocomplete = (params: AutocompleteParams, enabled = true) =>
  useQuery({
    ...placesAutocompleteQuery(params),
    enabled: enabled && params.q.trim().length > 0,
    placeholderData: keepPreviousData,
  });

export type { PlaceSuggestion };
