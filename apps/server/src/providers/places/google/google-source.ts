import { osmHoursFromGoogle } from './opening-hours.js';
import {
  PLACE_PHOTO_SIZE,
  PLACE_PHOTOS_MAX,
  type PlaceDetails,
  type PlaceKind,
  type PlacePhoto,
  type PlaceSuggestion,
} from '@rides/contract';
import type { z } from 'zod';
import { attributionLink, expectOk, fetchJson, languageCode } from '../http.js';
import {
  PlacesSourceError,
  type AutocompleteOptions,
  type NearbyOptions,
  type NearbyPlace,
  type PhotoSource,
  type PlaceLanguage,
  type PlacesProvider,
} from '../types.js';
import {
  autocompleteAnswer,
  googlePlace,
  nearbyAnswer,
  photoMediaAnswer,
  type GooglePhoto,
  type GooglePlace,
} from './google-schemas.js';

/**
 * Google Places API (New): autocomplete, place details, nearby search and photos. The API key goes in a header and
 * never into an address a browser sees: photo addresses in our answers point at our own /api/places_photo, which
 * asks Google for a short-lived image address (skipHttpRedirect) when the browser loads the image, so only photos
 * that are shown are paid for. Base URL configurable (GOOGLE_MAPS_BASE_URL) so tests run this code against a
 * local server speaking the same protocol (test/helpers/fake-google-places.ts).
 */
export interface GoogleSourceOptions {
  apiKey: string;
  baseUrl: string;
  timeoutMs: number;
  /** Our address of a photo reference (the places module knows its route). */
  photoUrl: (ref: string) => string;
}

const DETAILS_FIELDS = [
  'id',
  'displayName',
  'formattedAddress',
  'addressComponents',
  'location',
  'rating',
  'userRatingCount',
  'websiteUri',
  'googleMapsUri',
  'regularOpeningHours',
  'reviews',
  'photos',
  'types',
  'primaryType',
].join(',');

const NEARBY_FIELDS = [
  'id',
  'displayName',
  'formattedAddress',
  'shortFormattedAddress',
  'location',
  'rating',
  'websiteUri',
  'photos',
  'types',
  'primaryType',
  'editorialSummary',
]
  .map((f) => `places.${f}`)
  .join(',');

const NEARBY_TYPES = { attraction: ['tourist_attraction'], restaurant: ['restaurant'] } as const;
const NEARBY_RADIUS_M = 5000;
/** Autocomplete prefers places within this distance of `near` (a bias, not a limit). */
const BIAS_RADIUS_M = 50_000;

const KIND_BY_TYPE: [string, PlaceKind][] = [
  ['country', 'country'],
  ['locality', 'city'],
  ['postal_town', 'city'],
  ['sublocality', 'city'],
  ['administrative_area_level_3', 'city'],
  ['administrative_area_level_1', 'region'],
  ['administrative_area_level_2', 'region'],
  ['natural_feature', 'region'],
  ['colloquial_area', 'region'],
  ['lodging', 'accommodation'],
  ['restaurant', 'restaurant'],
  ['cafe', 'restaurant'],
  ['bar', 'restaurant'],
  ['food', 'restaurant'],
  ['tourist_attraction', 'attraction'],
  ['museum', 'attraction'],
  ['park', 'attraction'],
  ['point_of_interest', 'attraction'],
];

export function kindOfTypes(types: readonly string[] | undefined): PlaceKind {
  if (!types) return 'place';
  for (const [type, kind] of KIND_BY_TYPE) if (types.includes(type)) return kind;
  return 'place';
}

function parse<T extends z.ZodType>(schema: T, body: unknown): z.infer<T> {
  const parsed = schema.safeParse(body);
  if (!parsed.success)
    throw new PlacesSourceError('google', `unexpected answer: ${parsed.error.issues[0]?.message ?? ''}`);
  return parsed.data;
}

export function createGooglePlaces(opts: GoogleSourceOptions): PlacesProvider & PhotoSource {
  const base = opts.baseUrl.replace(/\/+$/, '');
  const headers = (fieldMask?: string): Record<string, string> => ({
    'content-type': 'application/json',
    'x-goog-api-key': opts.apiKey,
    ...(fieldMask ? { 'x-goog-fieldmask': fieldMask } : {}),
  });

  const photo = (p: GooglePhoto): PlacePhoto => {
    const w = p.widthPx ?? null;
    const h = p.heightPx ?? null;
    const scale = w && h ? Math.min(1, PLACE_PHOTO_SIZE / w, PLACE_PHOTO_SIZE / h) : 1;
    return {
      url: opts.photoUrl(p.name),
      width: w ? Math.round(w * scale) : null,
      height: h ? Math.round(h * scale) : null,
      htmlAttributions: (p.authorAttributions ?? [])
        .filter((a) => a.displayName)
        .map((a) => attributionLink(a.displayName as string, a.uri)),
    };
  };

  const component = (place: GooglePlace, type: string, which: 'longText' | 'shortText') =>
    place.addressComponents?.find((c) => c.types?.includes(type))?.[which] ?? null;

  function toDetails(place: GooglePlace): PlaceDetails {
    if (!place.location) throw new PlacesSourceError('google', 'place without a location');
    const name = place.displayName?.text ?? place.formattedAddress ?? place.id;
    const country = component(place, 'country', 'longText');
    return {
      id: place.id,
      source: 'google',
      name,
      secondary: place.formattedAddress ?? '',
      kind: kindOfTypes(place.primaryType ? [place.primaryType, ...(place.types ?? [])] : place.types),
      countryCode: component(place, 'country', 'shortText'),
      lat: place.location.latitude,
      lng: place.location.longitude,
      address: place.formattedAddress ?? null,
      country,
      locality: component(place, 'locality', 'longText') ?? component(place, 'postal_town', 'longText'),
      website: place.websiteUri ?? null,
      rating: place.rating ?? null,
      userRatingCount: place.userRatingCount ?? null,
      openingHours: place.regularOpeningHours?.weekdayDescriptions
        ? { weekday_text: place.regularOpeningHours.weekdayDescriptions }
        : null,
      osmOpeningHours: osmHoursFromGoogle(place.regularOpeningHours?.periods),
      reviews: (place.reviews ?? []).map((r) => ({
        author_name: r.authorAttribution?.displayName ?? '',
        rating: r.rating ?? 0,
        text: r.text?.text ?? r.originalText?.text ?? '',
      })),
      photos: (place.photos ?? []).slice(0, PLACE_PHOTOS_MAX).map(photo),
      mapsUrl: place.googleMapsUri ?? null,
      population: null,
      googlePlaceId: place.id,
    };
  }

  return {
    source: 'google',

    async autocomplete(
      query: string,
      { language, limit, near, session }: AutocompleteOptions,
    ): Promise<PlaceSuggestion[]> {
      const answer = await fetchJson(
        'google',
        `${base}/v1/places:autocomplete`,
        {
          method: 'POST',
          headers: headers(),
          body: JSON.stringify({
            input: query,
            languageCode: languageCode(language),
            ...(session ? { sessionToken: session } : {}),
            ...(near
              ? {
                  locationBias: {
                    circle: { center: { latitude: near.lat, longitude: near.lng }, radius: BIAS_RADIUS_M },
                  },
                }
              : {}),
          }),
        },
        opts.timeoutMs,
      );
      const body = parse(autocompleteAnswer, expectOk('google', answer));
      const out: PlaceSuggestion[] = [];
      for (const s of body.suggestions ?? []) {
        const p = s.placePrediction;
        if (!p) continue; // query predictions ("pizza near Rome") are not places
        out.push({
          id: p.placeId,
          source: 'google',
          name: p.structuredFormat?.mainText.text ?? p.text?.text ?? p.placeId,
          secondary: p.structuredFormat?.secondaryText?.text ?? '',
          // Google's autocomplete gives no coordinates: the web asks place details for the picked one.
          lat: null,
          lng: null,
          kind: kindOfTypes(p.types),
          countryCode: null,
        });
      }
      return out.slice(0, limit);
    },

    async details(
      placeId: string,
      language: PlaceLanguage,
      session?: string,
    ): Promise<PlaceDetails | undefined> {
      const query = new URLSearchParams({
        languageCode: languageCode(language),
        ...(session ? { sessionToken: session } : {}),
      });
      const answer = await fetchJson(
        'google',
        `${base}/v1/places/${encodeURIComponent(placeId)}?${query}`,
        { headers: headers(DETAILS_FIELDS) },
        opts.timeoutMs,
      );
      // An unknown or malformed id is Google's 404 / 400 INVALID_ARGUMENT: not a failure of the service.
      if (
        answer.status === 404 ||
        (answer.status === 400 && /INVALID_ARGUMENT/.test(JSON.stringify(answer.body)))
      )
        return undefined;
      return toDetails(parse(googlePlace, expectOk('google', answer)));
    },

    async nearby(
      lat: number,
      lng: number,
      { kind, language, limit, radiusM }: NearbyOptions,
    ): Promise<NearbyPlace[]> {
      const answer = await fetchJson(
        'google',
        `${base}/v1/places:searchNearby`,
        {
          method: 'POST',
          headers: headers(NEARBY_FIELDS),
          body: JSON.stringify({
            includedTypes: NEARBY_TYPES[kind],
            maxResultCount: Math.min(20, Math.max(1, limit)),
            languageCode: languageCode(language),
            rankPreference: 'POPULARITY',
            locationRestriction: {
              circle: { center: { latitude: lat, longitude: lng }, radius: radiusM ?? NEARBY_RADIUS_M },
            },
          }),
        },
        opts.timeoutMs,
      );
      const body = parse(nearbyAnswer, expectOk('google', answer));
      return (body.places ?? [])
        .filter((p) => p.location)
        .map((p) => {
          const first = p.photos?.[0];
          const shown = first ? photo(first) : undefined;
          return {
            id: p.id,
            source: 'google' as const,
            kind:
              kind === 'restaurant'
                ? ('restaurant' as const)
                : kindOfTypes(p.primaryType ? [p.primaryType, ...(p.types ?? [])] : p.types),
            name: p.displayName?.text ?? p.id,
            summary: p.editorialSummary?.text ?? '',
            address: p.shortFormattedAddress ?? p.formattedAddress ?? null,
            lat: p.location!.latitude,
            lng: p.location!.longitude,
            rating: p.rating ?? null,
            photoUrl: shown?.url ?? null,
            photoAttributions: shown?.htmlAttributions ?? [],
            website: p.websiteUri ?? null,
            attractionId: null,
            googlePlaceId: p.id,
          };
        });
    },

    async photoUri(ref: string): Promise<string | undefined> {
      const query = new URLSearchParams({
        maxWidthPx: String(PLACE_PHOTO_SIZE),
        maxHeightPx: String(PLACE_PHOTO_SIZE),
        skipHttpRedirect: 'true',
      });
      // ref is checked by the route (places/<id>/photos/<id>); its slashes are part of Google's resource name.
      const answer = await fetchJson(
        'google',
        `${base}/v1/${ref}/media?${query}`,
        { headers: headers() },
        opts.timeoutMs,
      );
      if (answer.status === 404 || answer.status === 400) return undefined;
      const body = parse(photoMediaAnswer, expectOk('google', answer));
      // We redirect browsers there: only an https address, or one on the configured service itself.
      return body.photoUri.startsWith('https://') || body.photoUri.startsWith(`${base}/`)
        ? body.photoUri
        : undefined;
    },
  };
}
