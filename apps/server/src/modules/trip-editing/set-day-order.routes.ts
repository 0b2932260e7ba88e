import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { setDayOrderBody, setDayOrderParams, setDayOrderResponse } from '@rides/contract';
import { editErrors } from './days.routes.js';
import type { SetDayOrderService } from './set-day-order.service.js';

/** A day's order set (issue 36 point 4, decision 0074). HTTP only: the contract validates, the service decides. */
export async function setDayOrderRoutes(app: FastifyInstance, opts: { dayOrder: SetDayOrderService }) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.put(
    '/trips/:rideId/days/:dayId/order',
    {
      preHandler: app.requireUser,
      schema: {
        tags: ['editing'],
        summary:
          "Sets a day's activities in a new order (order: the attraction ids; before: the order the caller saw, which " +
          'must be the day’s now, else 409 day_changed_meanwhile). Undo: the same call with order and before swapped',
        params: setDayOrderParams,
        body: setDayOrderBody,
        response: { 200: setDayOrderResponse, ...editErrors },
      },
    },
    async (request) =>
      opts.dayOrder.setDayOrder(request.params.rideId, request.params.dayId, request.body, request.user),
  );
}
