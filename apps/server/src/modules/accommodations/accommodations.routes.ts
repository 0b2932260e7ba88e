import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  accommodationBody,
  accommodationDeletedResponse,
  accommodationIdParams,
  accommodationSavedResponse,
  errorResponse,
  rideAccommodationsResponse,
  tripIdParams,
} from '@rides/contract';
import type { AccommodationsService } from './accommodations.service.js';

const errors = {
  400: errorResponse,
  401: errorResponse,
  403: errorResponse,
  404: errorResponse,
  409: errorResponse,
  500: errorResponse,
};

/** The accommodation calls (000 §7): paths and methods as the spec has them; JSON, form or multipart bodies. HTTP only. */
export async function accommodationsRoutes(
  app: FastifyInstance,
  opts: { accommodations: AccommodationsService },
) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { accommodations } = opts;
  const auth = { preHandler: app.requireUser };

  api.get(
    '/ride_accommodations_api/:rideId',
    {
      schema: {
        tags: ['accommodations'],
        summary:
          "The trip's stays in two groups (baseRide: the original trip's suggestions; ride: booked), under the trip's view rule",
        params: tripIdParams,
        response: {
          200: rideAccommodationsResponse,
          400: errorResponse,
          403: errorResponse,
          404: errorResponse,
        },
      },
    },
    async (request) => accommodations.list(request.params.rideId, request.user),
  );
  api.post(
    '/create_accommodation_and_add_to_ride_api/:rideId',
    {
      ...auth,
      schema: {
        tags: ['accommodations'],
        summary: 'Adds a stay to the trip (the author; every rule of 000 §5 with all problems listed)',
        params: tripIdParams,
        body: accommodationBody,
        response: { 200: accommodationSavedResponse, ...errors },
      },
    },
    async (request) => accommodations.create(request.params.rideId, request.body, request.user),
  );
  api.post(
    '/update_accommodation_api/:id',
    {
      ...auth,
      schema: {
        tags: ['accommodations'],
        summary: 'Changes a stay (the trip author; the same rules)',
        params: accommodationIdParams,
        body: accommodationBody,
        response: { 200: accommodationSavedResponse, ...errors },
      },
    },
    async (request) => accommodations.update(request.params.id, request.body, request.user),
  );
  api.get(
    '/delete_accommodation_api/:id',
    {
      ...auth,
      schema: {
        tags: ['accommodations'],
        summary: 'Deletes a stay (the trip author)',
        params: accommodationIdParams,
        response: { 200: accommodationDeletedResponse, ...errors },
      },
    },
    async (request) => accommodations.remove(request.params.id, request.user),
  );
}
