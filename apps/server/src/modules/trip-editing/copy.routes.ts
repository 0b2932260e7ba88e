import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { copyTripResponse, tripIdParams } from '@rides/contract';
import type { ThemesService } from '../themes/themes.service.js';
import type { CopyService } from './copy.service.js';
import { editErrors } from './days.routes.js';

/**
 * add_ride_to_user_api/{rideId} (000 §7, 001 §7; the copy-and-edit action, decision 0015). The group of the request is
 * the white-label theme of its host (null on the main site and on unknown sub-domains).
 */
export async function copyRoutes(app: FastifyInstance, opts: { copy: CopyService; themes: ThemesService }) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/add_ride_to_user_api/:rideId',
    {
      preHandler: app.requireUser,
      schema: {
        tags: ['editing'],
        summary:
          "Copies the trip into the user's list (their own copy, linked to the original); answers uesr_copyed_new_ride",
        params: tripIdParams,
        response: { 200: copyTripResponse, ...editErrors },
      },
    },
    async (request) => {
      const theme = await opts.themes.themeForHost(request.hostname, request.user?.id ?? null);
      return opts.copy.copyTrip(request.params.rideId, request.user, theme.subdomain);
    },
  );
}
