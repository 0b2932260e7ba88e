import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorResponse, tripChecksParams, tripChecksQuery, tripChecksResponse } from '@rides/contract';
import type { ChecksService } from './checks.service.js';

const errors = {
  400: errorResponse,
  403: errorResponse,
  404: errorResponse,
};

/** The day's warnings of a trip (issue 36 point 3, decision 0073). HTTP only: the contract validates, the service decides. */
export async function checksRoutes(app: FastifyInstance, opts: { checks: ChecksService }) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.get(
    '/trips/:rideId/checks',
    {
      schema: {
        tags: ['legs'],
        summary:
          "The trip's day warnings, each on its day and card: closed at the planned time or before its end, closed on " +
          'Shabbat or a holiday (Israel), times that overlap, not enough time to get there, a day too long, far from ' +
          "the night's stay",
        params: tripChecksParams,
        querystring: tripChecksQuery,
        response: { 200: tripChecksResponse, ...errors },
      },
    },
    async (request, reply) => {
      // The trip as this viewer reads it now: never kept by a browser or a proxy.
      reply.header('cache-control', 'private, no-store');
      return opts.checks.checks(request.params.rideId, request.user, request.query.mode);
    },
  );
}
