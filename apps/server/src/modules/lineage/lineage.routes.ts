import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorResponse, upstreamParams, upstreamResponse } from '@rides/contract';
import type { LineageService } from './lineage.service.js';

const errors = {
  400: errorResponse,
  401: errorResponse,
  403: errorResponse,
  404: errorResponse,
};

/** Living copies (issue 37, decision 0075). HTTP only: the contract validates, the service decides. */
export async function lineageRoutes(app: FastifyInstance, opts: { lineage: LineageService }) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.get(
    '/trips/:rideId/upstream',
    {
      schema: {
        tags: ['lineage'],
        summary:
          "A copy's updates from its original since it last took them: each change of the original merged three ways " +
          "with the copy's own (clean or conflict), or the original removed",
        params: upstreamParams,
        response: { 200: upstreamResponse, ...errors },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return opts.lineage.upstream(request.params.rideId, request.user);
    },
  );
}
