import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  attractionParams,
  attractionQuery,
  attractionResponse,
  errorResponse,
  rideAttractionsResponse,
  rideHeaderResponse,
  tripIdParams,
  userInfoResponse,
} from '@rides/contract';
import type { ReadyBody, TripsService } from './trips.service.js';
import { acceptsGzip } from '../../lib/accept-encoding.js';
import { versionEtag } from '../trip-editing/edit-precondition.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The trip view service; changes.ts calls `rides.invalidateTrip(rideId)` after every change (decisions 0009, 0027). */
    rides: TripsService;
  }
}

const errors = { 400: errorResponse, 403: errorResponse, 404: errorResponse };
const JSON_TYPE = 'application/json; charset=utf-8';

/**
 * On a trip answered from the copy this process holds while its database could not be asked (decision 0051): the trip
 * as it was when last read, which may miss a change made since. "1"; absent on every other answer.
 */
export const STALE_HEADER = 'x-rides-might-be-stale';

/**
 * Sends a ready body as it is: Fastify sends a Buffer without the serializer (the response schema documents it;
 * the tests parse every answer with it). The answer depends on the token and the encoding: Vary says so.
 */
function sendReady(request: FastifyRequest, reply: FastifyReply, body: ReadyBody) {
  reply.type(JSON_TYPE).header('vary', 'Accept-Encoding, Authorization');
  // Kept by no cache on the way: the next read, once the database is back, must be the current trip.
  if (body.stale) reply.header(STALE_HEADER, '1').header('cache-control', 'no-store');
  // The trip's version (decision 0065): an edit sends it back as If-Match. Weak: one version, several bodies.
  if (body.version !== undefined) reply.header('etag', versionEtag(body.version));
  if (acceptsGzip(request)) return reply.header('content-encoding', 'gzip').send(body.gzip);
  return reply.send(body.identity);
}

/**
 * The trip page's read calls (000 §7). HTTP only: the path is validated by the contract (a ride id that is not a
 * positive integer: 400 bad_request), the viewer comes from the Bearer token (anonymous allowed), the service
 * decides. ride_attractions_api and ride_header_api answer JSON bytes the service keeps ready, plain and gzip
 * (the cache of decision 0009), so the hot path neither serialises nor compresses.
 */
export async function tripsRoutes(
  app: FastifyInstance,
  opts: {
    rides: TripsService;
    /** An authorised client of a private trip opened it (ride_header_api: once per open of the trip page; decision 0028). */
    onClientOpen?: (rideId: number, userId: number, request: FastifyRequest) => void;
  },
) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { rides } = opts;

  api.get(
    '/ride_attractions_api/:rideId',
    {
      schema: {
        tags: ['rides'],
        summary: 'The whole trip: ride, days with attractions and accommodations, the stays timeline',
        params: tripIdParams,
        response: { 200: rideAttractionsResponse, ...errors },
      },
    },
    async (request, reply) =>
      sendReady(request, reply, await rides.tripPageBody(request.params.rideId, request.user)),
  );

  api.get(
    '/ride_header_api/:rideId',
    {
      schema: {
        tags: ['rides'],
        summary: 'The trip without its days, and whether the viewer is its author',
        params: tripIdParams,
        response: { 200: rideHeaderResponse, ...errors },
      },
    },
    async (request, reply) => {
      const { rideId } = request.params;
      const body = await rides.rideHeaderBody(rideId, request.user);
      // The header is read once per open of the trip page: a client's open is counted here, after the answer.
      if (request.user && opts.onClientOpen && rides.isAuthorisedClient(rideId, request.user))
        opts.onClientOpen(rideId, request.user.id, request);
      return sendReady(request, reply, body);
    },
  );

  api.get(
    '/user_info_from_ride_id_api/:rideId',
    {
      schema: {
        tags: ['rides'],
        summary: "The trip author's block (profile image, name, title, about, links)",
        params: tripIdParams,
        response: { 200: userInfoResponse, ...errors },
      },
    },
    async (request) => rides.userInfo(request.params.rideId, request.user),
  );

  api.get(
    '/attraction_api/:id/:source',
    {
      schema: {
        tags: ['rides'],
        summary:
          "An attraction's details, if you may see it (internal: ours; google: a place id, through the places provider)",
        params: attractionParams,
        querystring: attractionQuery,
        response: { 200: attractionResponse, ...errors },
      },
    },
    async (request, reply) => {
      // The answer depends on who asks (decision 0023): no shared cache keeps it.
      reply.header('cache-control', 'private, no-cache').header('vary', 'authorization');
      return rides.attraction(request.params.id, request.params.source, request.user, request.query.language);
    },
  );
}
