import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorResponse, suggestOrderParams, suggestOrderQuery, suggestOrderResponse } from '@rides/contract';
import type { DayOrderService } from './day-order.service.js';

const errors = {
  400: errorResponse,
  401: errorResponse,
  403: errorResponse,
  404: errorResponse,
};

/** A better order for a day (issue 36 point 4, decision 0072). HTTP only: the contract validates, the service decides. */
export async function dayOrderRoutes(app: FastifyInstance, opts: { dayOrder: DayOrderService }) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.post(
    '/trips/:rideId/days/:dayId/suggest-order',
    {
      schema: {
        tags: ['legs'],
        summary:
          "A better order for a day's activities to cut its travel (timed ones kept in place, the first and last " +
          'when pinned); nothing is written. For those who may edit the trip',
        params: suggestOrderParams,
        querystring: suggestOrderQuery,
        response: { 200: suggestOrderResponse, ...errors },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      const { rideId, dayId } = request.params;
      const { mode, pinFirst, pinLast } = request.query;
      return opts.dayOrder.suggestOrder(rideId, dayId, request.user, mode, {
        first: pinFirst,
        last: pinLast,
      });
    },
  );
}
