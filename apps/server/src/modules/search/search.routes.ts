import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  accommodationsByLocationResponse,
  attractionsByLocationResponse,
  errorResponse,
  globalRidesBody,
  globalRidesResponse,
  homeRidesResponse,
  locationParams,
  locationQuery,
  managerAttractionsResponse,
  tripLocationParams,
  searchPointsBody,
  searchPointsResponse,
} from '@rides/contract';
import { currentUser } from '../../plugins/auth.js';
import { markPrivate, sendPublic } from './search.http.js';
import type { SearchService } from './search.service.js';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * Search (not `search`: Fastify has a SEARCH-method shorthand of that name). Every write that changes what
     * search shows calls `tripSearch.invalidate()` (decision 0013).
     */
    tripSearch: SearchService;
  }
}

const errors = { 400: errorResponse, 401: errorResponse, 403: errorResponse, 404: errorResponse };
/** A POST with no body at all (an old client asking with no filters) is the same as `{}`. */
const orEmpty = <T extends z.ZodType>(schema: T) => z.preprocess((v) => v ?? {}, schema);

/**
 * The search calls (001 §7, 000 §7, 002 §7). HTTP only: the contract validates (bad coordinates, dates or status:
 * 400 bad_request), the token gives the viewer, the service decides; public answers go out as cached bytes with
 * caching headers (search.http.ts). Ours: GET twins of the two POST searches, so browsers and CDNs can cache them.
 */
export async function searchRoutes(app: FastifyInstance, opts: { search: SearchService }) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { search } = opts;

  const globalRides = {
    tags: ['search'],
    summary:
      'Shared trips: near a point first (by their nearest attraction), with the mobility and status filters',
    response: { 200: globalRidesResponse, ...errors },
  };
  api.post(
    '/global_rides_api',
    { schema: { ...globalRides, body: orEmpty(globalRidesBody) } },
    async (request, reply) => sendPublic(request, reply, await search.globalRides(request.body)),
  );
  api.get(
    '/global_rides_api',
    { schema: { ...globalRides, querystring: globalRidesBody } },
    async (request, reply) => sendPublic(request, reply, await search.globalRides(request.query)),
  );

  const searchPoints = {
    tags: ['search'],
    summary:
      'Map points where shared trips are (a 0.5° cell each), with the number of trips; optional date period',
    response: { 200: searchPointsResponse, ...errors },
  };
  api.post(
    '/get_all_sertch_point',
    { schema: { ...searchPoints, body: orEmpty(searchPointsBody) } },
    async (request, reply) => sendPublic(request, reply, await search.searchPoints(request.body)),
  );
  api.get(
    '/get_all_sertch_point',
    { schema: { ...searchPoints, querystring: searchPointsBody } },
    async (request, reply) => sendPublic(request, reply, await search.searchPoints(request.query)),
  );

  api.get(
    '/serch_accommodations_by_location_api/:lat/:lng',
    {
      schema: {
        tags: ['search'],
        summary: 'Hotels of shared trips near the point, nearest first',
        params: locationParams,
        querystring: locationQuery,
        response: { 200: accommodationsByLocationResponse, ...errors },
      },
    },
    async (request, reply) =>
      sendPublic(request, reply, await search.accommodationsNear({ ...request.params, ...request.query })),
  );

  api.get(
    '/home_rides_api',
    {
      schema: {
        tags: ['search'],
        summary:
          "The home page's trips: featured and recommended (configured), the newest shared ones; the contact number",
        response: { 200: homeRidesResponse, ...errors },
      },
    },
    async (request, reply) => sendPublic(request, reply, await search.homeRides()),
  );

  api.get(
    '/serch_attractions_by_location_api/:lat/:lng',
    {
      schema: {
        tags: ['search'],
        summary:
          'Ours: attractions of shared trips near the point, nearest first, with no trip (the attraction map search)',
        params: locationParams,
        querystring: locationQuery,
        response: { 200: attractionsByLocationResponse, ...errors },
      },
    },
    async (request, reply) =>
      sendPublic(request, reply, await search.sharedAttractionsNear({ ...request.params, ...request.query })),
  );

  api.get(
    '/serch_attractions_by_location_api/:rideId/:lat/:lng',
    {
      schema: {
        tags: ['search'],
        summary:
          'Our attractions near the point (of shared trips, of this trip, and your own), for adding to the trip',
        params: tripLocationParams,
        querystring: locationQuery,
        response: { 200: attractionsByLocationResponse, ...errors },
      },
    },
    async (request, reply) => {
      const { rideId, lat, lng } = request.params;
      markPrivate(reply);
      return search.attractionsNear(rideId, { lat, lng, radius_km: request.query.radius_km }, request.user);
    },
  );

  api.get(
    '/serch_attractions_of_ride_manger_by_location_api/:rideId/:lat/:lng',
    {
      preHandler: app.requireUser,
      schema: {
        tags: ['search'],
        summary: "The ride manager's own attractions near the point (the trip's author or ride manager only)",
        params: tripLocationParams,
        querystring: locationQuery,
        response: { 200: attractionsByLocationResponse, ...errors },
      },
    },
    async (request, reply) => {
      const { rideId, lat, lng } = request.params;
      markPrivate(reply);
      return search.tripManagerAttractionsNear(
        rideId,
        { lat, lng, radius_km: request.query.radius_km },
        currentUser(request),
      );
    },
  );

  api.get(
    '/fetch_ride_manager_attractions',
    {
      preHandler: app.requireRole('manager'),
      schema: {
        tags: ['search'],
        summary: "The signed-in manager's attractions (the manager's attraction table), newest first",
        response: { 200: managerAttractionsResponse, ...errors },
      },
    },
    async (request, reply) => {
      markPrivate(reply);
      return search.managerAttractions(currentUser(request));
    },
  );
}
