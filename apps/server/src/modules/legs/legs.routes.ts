import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorResponse, tripLegsParams, tripLegsQuery, tripLegsResponse } from '@rides/contract';
import type { LegsService } from './legs.service.js';

const errors = {
  400: errorResponse,
  403: errorResponse,
  404: errorResponse,
};

/** The legs of a trip's days (issue 36 point 1, decision 0071). HTTP only: the contract validates, the service decides. */
export async function legsRoutes(app: FastifyInstance, opts: { legs: LegsService }) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.get(
    '/trips/:rideId/legs',
    {
      schema: {
        tags: ['legs'],
        summary:
          "Every day's legs between consecutive stops (the night's stay first and last), by a mode: distance, time, " +
          'routed or estimated; the day’s totals; the stops without coordinates',
        params: tripLegsParams,
        querystring: tripLegsQuery,
        response: { 200: tripLegsResponse, ...errors },
      },
    },
    async (request, reply) => {
      // The trip as this viewer reads it now: never kept by a browser or a proxy.
      reply.header('cache-control', 'private, no-store');
      return opts.legs.legs(request.params.rideId, request.user, request.query.mode);
    },
  );
}
