import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  categoryResponse,
  lockBody,
  lockResponse,
  resetResponse,
  tripIdParams,
  updateCategoryBody,
} from '@rides/contract';
import { editErrors } from './days.routes.js';
import type { RideSettingsService } from './trip-settings.service.js';

/** lock_ride_api, update_ride_category_api, reset_ride_to_original_order_api (001 §7). HTTP only. */
export async function tripSettingsRoutes(app: FastifyInstance, opts: { settings: RideSettingsService }) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { settings } = opts;
  const auth = { preHandler: app.requireUser };

  api.post(
    '/lock_ride_api/:rideId',
    {
      ...auth,
      schema: {
        tags: ['editing'],
        summary: 'Locks or unlocks the trip (is_locked)',
        params: tripIdParams,
        body: lockBody,
        response: { 200: lockResponse, ...editErrors },
      },
    },
    async (request) => settings.lock(request.params.rideId, request.body.is_locked, request.user),
  );
  api.post(
    '/update_ride_category_api/:rideId',
    {
      ...auth,
      schema: {
        tags: ['editing'],
        summary: "Files the trip under a category of the author's list (category)",
        params: tripIdParams,
        body: updateCategoryBody,
        response: { 200: categoryResponse, ...editErrors },
      },
    },
    async (request) => settings.category(request.params.rideId, request.body.category, request.user),
  );
  api.get(
    '/reset_ride_to_original_order_api/:rideId',
    {
      ...auth,
      schema: {
        tags: ['editing'],
        summary: "Returns a white-label private copy to its base trip's activities (ride_reset_success)",
        params: tripIdParams,
        response: { 200: resetResponse, ...editErrors },
      },
    },
    async (request) => settings.reset(request.params.rideId, request.user),
  );
}
