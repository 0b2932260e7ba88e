import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorResponse, redirectPageRequest, redirectPageResponse } from '@rides/contract';
import type { AccessService } from './access.service.js';

/** The private-trip landing's call (001 §7). No sign-in: it is for visitors without access. */
export async function accessRoutes(app: FastifyInstance, opts: { access: AccessService }) {
  app.withTypeProvider<ZodTypeProvider>().post(
    '/get_redirect_page_from_ride_id',
    {
      schema: {
        tags: ['access'],
        summary: "Where a visitor without access to a private trip may get it: the planner's page, or null",
        body: redirectPageRequest,
        response: { 200: redirectPageResponse, 400: errorResponse, 404: errorResponse },
      },
    },
    async (request) => opts.access.redirectPage(request.body.rideId),
  );
}
