import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorResponse, userRidesResponse } from '@rides/contract';
import { currentUser } from '../../plugins/auth.js';
import type { UserTripsService } from './user-trips.service.js';

/** user_rides_api (001 §7): the signed-in user's trips. HTTP only. */
export async function userTripsRoutes(app: FastifyInstance, opts: { userRides: UserTripsService }) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.get(
    '/user_rides_api',
    {
      preHandler: app.requireUser,
      schema: {
        tags: ['my trips'],
        summary:
          "The signed-in user's trips (authored, in their list, or shared with them), with category, days and place",
        response: { 200: userRidesResponse, 401: errorResponse },
      },
    },
    async (request) => opts.userRides.list(currentUser(request)),
  );
}
