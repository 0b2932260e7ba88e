import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  addRideBody,
  addRideResponse,
  newTripInformationResponse,
  tripIdParams,
  rideInformationResponse,
  updateRideInformationBody,
  updateRideInformationResponse,
} from '@rides/contract';
import { currentUser } from '../../plugins/auth.js';
import { editErrors } from '../trip-editing/days.routes.js';
import type { ThemesService } from '../themes/themes.service.js';
import type { RideInformationService } from './trip-information.service.js';

/** add_ride_api, ride_information_api[/{rideId}], update_ride_information_api/{rideId} (001 §7). HTTP only. */
export async function tripInformationRoutes(
  app: FastifyInstance,
  opts: { information: RideInformationService; themes: ThemesService },
) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { information, themes } = opts;
  const auth = { preHandler: app.requireUser };
  /** The sub-domain the request came to (a sub-domain manager's trips go to it when they manage it). */
  const requestSubdomain = async (request: FastifyRequest) =>
    (await themes.themeForHost(request.hostname, null)).subdomain;

  api.get(
    '/ride_information_api',
    {
      ...auth,
      schema: {
        tags: ['trip information'],
        summary: "What the trip information form offers a new trip (the user's checkboxes) and its defaults",
        response: { 200: newTripInformationResponse, ...editErrors },
      },
    },
    async (request) => information.newForm(currentUser(request), await requestSubdomain(request)),
  );
  api.post(
    '/add_ride_api',
    {
      ...auth,
      schema: {
        tags: ['trip information'],
        summary: 'Creates a trip of the signed-in user (checkIn..checkOut, at most 60 days); answers rideId',
        body: addRideBody,
        response: { 200: addRideResponse, ...editErrors },
      },
    },
    async (request) => information.add(currentUser(request), request.body, await requestSubdomain(request)),
  );
  api.get(
    '/ride_information_api/:rideId',
    {
      ...auth,
      schema: {
        tags: ['trip information'],
        summary: "The trip information form's fields (the author only)",
        params: tripIdParams,
        response: { 200: rideInformationResponse, ...editErrors },
      },
    },
    async (request) =>
      information.read(request.params.rideId, currentUser(request), await requestSubdomain(request)),
  );
  api.post(
    '/update_ride_information_api/:rideId',
    {
      ...auth,
      schema: {
        tags: ['trip information'],
        summary: 'Saves the trip information form; a new checkIn moves the whole trip (the author only)',
        params: tripIdParams,
        body: updateRideInformationBody,
        response: { 200: updateRideInformationResponse, ...editErrors },
      },
    },
    async (request) =>
      information.update(
        request.params.rideId,
        currentUser(request),
        request.body,
        await requestSubdomain(request),
      ),
  );
}
