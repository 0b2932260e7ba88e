import {
  PLACE_SUGGESTIONS_DEFAULT,
  type ActivityDataHeader,
  type ActivityResult,
  type ActivitySearchResponse,
  type PlaceDetailsResponse,
  type PlaceSource,
  type PlacesAutocompleteResponse,
  type TripLanguage,
} from '@rides/contract';
import { AppError } from '../../lib/errors.js';
import { distanceKm, roundKm } from '../../providers/places/geo.js';
import type { NearbyPlace, Places } from '../../providers/places/index.js';
import type { TripViewer } from '../access/trip-access.policy.js';
import type { SamePlaceCheck } from '../attraction-uniqueness/same-place.js';
import type { TripsService } from '../trips/trips.service.js';

/** Activities per answer of the activity search (Google's nearby search gives at most 20). */
const ACTIVITIES_LIMIT = 20;

export interface AutocompleteInput {
  q: string;
  language: TripLanguage;
  limit?: number | undefined;
  lat?: number | undefined;
  lng?: number | undefined;
  session?: string | undefined;
}

/**
 * Place search, place details and the activity search near a point, over the places provider (decision 0012).
 * The activity search reads the trip through the rides service: its access rule (a private trip answers 403 to
 * strangers, as its page does), its language (the default language of the results), and what it already holds
 * (`inRide`).
 */
export function createPlacesService(deps: {
  places: Places;
  rides: TripsService;
  samePlace: SamePlaceCheck;
}) {
  const { places, rides, samePlace } = deps;

  const activity = (p: NearbyPlace, lat: number, lng: number, inRide: boolean): ActivityResult => ({
    id: p.attractionId,
    place_id: p.googlePlaceId ?? (p.source === 'osm' ? p.id : null),
    source: p.source,
    kind: p.kind,
    title: p.name,
    text: p.summary,
    rate: p.rating,
    image: p.photoUrl,
    imageHtmlAttributions: p.photoAttributions,
    link: p.website,
    address: p.address,
    lat: p.lat,
    lng: p.lng,
    distance_km: roundKm(distanceKm(lat, lng, p.lat, p.lng)),
    inRide,
  });

  return {
    get configuredSource(): PlaceSource {
      return places.configured;
    },

    /** Our own attractions among the suggestions are those the viewer may see (decision 0023). */
    async autocomplete(input: AutocompleteInput, viewer: TripViewer): Promise<PlacesAutocompleteResponse> {
      const near =
        input.lat !== undefined && input.lng !== undefined ? { lat: input.lat, lng: input.lng } : undefined;
      const got = await places.autocomplete(input.q, {
        language: input.language,
        limit: input.limit ?? PLACE_SUGGESTIONS_DEFAULT,
        near,
        session: input.session,
        viewerId: viewer?.id ?? null,
      });
      return { ServerMassageCode: 'success', source: got.source, notice: got.notice, suggestions: got.value };
    },

    /**
     * Throws not_found for an unknown id, and for our attraction the viewer may not see (decision 0023: the same answer,
     * so its existence is not told); PlacesUnavailableError when its outside source cannot answer.
     */
    async details(
      source: PlaceSource,
      id: string,
      language: TripLanguage,
      viewer: TripViewer,
      session?: string,
    ): Promise<PlaceDetailsResponse> {
      const got = await places.details(source, id, language, viewer?.id ?? null, session);
      if (!got.value) throw new AppError('not_found');
      return { ServerMassageCode: 'success', source: got.source, notice: got.notice, place: got.value };
    },

    async activities(
      params: { rideId: number; lat: number; lng: number },
      data: ActivityDataHeader,
      viewer: TripViewer,
    ): Promise<ActivitySearchResponse> {
      const view = await rides.getTripView(params.rideId, viewer);
      const attractionIds = new Set(
        view.attractionsByDay.flatMap((d) => d.daily_attractions.map((a) => a.id)),
      );
      const got = await places.nearby(params.lat, params.lng, {
        kind: data.type === 'googleRestorant' ? 'restaurant' : 'attraction',
        language: data.language ?? view.ride.language,
        limit: ACTIVITIES_LIMIT,
        // Our attractions near the point are those this viewer may see, whatever trip the search is for (decision 0023).
        viewerId: viewer?.id ?? null,
      });
      return {
        ServerMassageCode: 'success',
        source: got.source,
        notice: got.notice,
        searchType: data.type,
        // One result per real place, "on the trip" when the trip holds that place in any record (the one same-place
        // rule: the English record of a place whose Hebrew record is on the trip is not offered again).
        attractions: (
          await samePlace.oncePerPlaceOnTrip(
            params.rideId,
            got.value,
            (p) => ({
              attractionId: p.attractionId,
              placeId: p.googlePlaceId,
              name: p.name,
              lat: p.lat,
              lng: p.lng,
            }),
            (p) => p.attractionId !== null && attractionIds.has(p.attractionId),
          )
        ).map(({ item, inTrip }) => activity(item, params.lat, params.lng, inTrip)),
      };
    },

    photoUri(ref: string): Promise<string | undefined> {
      return places.photoUri(ref);
    },

    warm(): void {
      places.warm();
    },
  };
}

export type PlacesService = ReturnType<typeof createPlacesService>;
