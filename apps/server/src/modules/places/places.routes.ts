import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  activitySearchHeaders,
  activitySearchParams,
  activitySearchResponse,
  errorResponse,
  placeDetailsParams,
  placeDetailsQuery,
  placeDetailsResponse,
  placePhotoQuery,
  placesAutocompleteQuery,
  placesAutocompleteResponse,
  type PlaceNotice,
  type PlaceSource,
} from '@rides/contract';
import { readActivityData } from '../../lib/data-header.js';
import { PlacesUnavailableError } from '../../providers/places/index.js';
import type { PlacesService } from './places.service.js';

/** Our address of a Google photo reference (the provider puts it in answers instead of Google's, which needs our key). */
export const placesPhotoUrl = (ref: string): string => `/api/places_photo?ref=${encodeURIComponent(ref)}`;

const errors = {
  400: errorResponse,
  403: errorResponse,
  404: errorResponse,
  429: errorResponse,
  503: errorResponse,
};

/**
 * A visitor's answers from the local source are the same for every visitor and change only when our data does: shared
 * caches may keep them a few minutes. A signed-in reader's may hold attractions only they may see (decision 0023): the
 * browser alone keeps them, and `vary: authorization` keeps the two apart. An outside service's answers are kept by the
 * browser only (its terms limit storing them), and a fallback answer not at all (the service may be back on the next
 * keystroke).
 */
function cacheControl(source: PlaceSource, notice: PlaceNotice | null, signedIn: boolean): string {
  if (notice === 'places_provider_fallback') return 'no-store';
  return source === 'local' && !signedIn
    ? 'public, max-age=300, stale-while-revalidate=3600'
    : 'private, max-age=300';
}

/**
 * Place search (the web's one autocomplete component), place details, Google photos, and the activity search near a
 * point (001 §7 serch_activity_by_location_with_google_api). HTTP only; decision 0012.
 */
export async function placesRoutes(app: FastifyInstance, opts: { places: PlacesService }) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { places } = opts;
  // Outside services are paid per call: limit each client address. The local source needs no limit.
  const limit = (max: number) =>
    places.configuredSource === 'local' ? {} : { config: { rateLimit: { max, timeWindow: '1 minute' } } };

  // The gazetteer loads once the server listens, so the first search does not wait for it (tests never listen).
  app.addHook('onListen', async () => places.warm());

  api.get(
    '/places_autocomplete',
    {
      ...limit(600),
      schema: {
        tags: ['places'],
        summary: 'Place suggestions for typed text (Hebrew or English), best first',
        querystring: placesAutocompleteQuery,
        response: { 200: placesAutocompleteResponse, ...errors },
      },
    },
    async (request, reply) => {
      const answer = await places.autocomplete(request.query, request.user);
      reply
        .header('cache-control', cacheControl(answer.source, answer.notice, request.user !== null))
        .header('vary', 'authorization');
      return answer;
    },
  );

  api.get(
    '/places_details/:source/:id',
    {
      ...limit(300),
      schema: {
        tags: ['places'],
        summary:
          'One place: coordinates, address, country and locality, website, rating, hours, reviews, photos',
        params: placeDetailsParams,
        querystring: placeDetailsQuery,
        response: { 200: placeDetailsResponse, ...errors },
      },
    },
    async (request, reply) => {
      const { source, id } = request.params;
      try {
        const answer = await places.details(
          source,
          id,
          request.query.language,
          request.user,
          request.query.session,
        );
        reply
          .header('cache-control', cacheControl(answer.source, answer.notice, request.user !== null))
          .header('vary', 'authorization');
        return answer;
      } catch (err) {
        if (!(err instanceof PlacesUnavailableError)) throw err;
        // The maps service owns this id and did not answer, and we keep no copy: nothing local can stand in.
        return reply
          .status(503)
          .header('cache-control', 'no-store')
          .send({ ServerMassageCode: 'api_call_failed' });
      }
    },
  );

  api.get(
    '/places_photo',
    {
      ...limit(1200),
      schema: {
        tags: ['places'],
        summary: 'Redirects to a maps-service photo (at most 500 x 500) without exposing our key',
        querystring: placePhotoQuery,
        response: { 400: errorResponse, 404: errorResponse },
      },
    },
    async (request, reply) => {
      const uri = await places.photoUri(request.query.ref);
      if (!uri) return reply.status(404).send({ ServerMassageCode: 'not_found' });
      return reply.header('cache-control', 'private, max-age=3600').redirect(uri, 302);
    },
  );

  api.get(
    '/serch_activity_by_location_with_google_api/:rideId/:lat/:lng',
    {
      ...limit(120),
      schema: {
        tags: ['places'],
        summary:
          'Activities (Data: googleAttractions) or restaurants (googleRestorant) near a point, for a trip',
        params: activitySearchParams,
        headers: activitySearchHeaders,
        response: { 200: activitySearchResponse, ...errors },
      },
    },
    async (request, reply) => {
      const answer = await places.activities(
        request.params,
        readActivityData(request.headers.data),
        request.user,
      );
      // The trip decides access and language, the token decides the trip: nothing here is shared.
      reply.header('cache-control', 'private, no-cache').header('vary', 'Authorization, Data');
      return answer;
    },
  );
}
