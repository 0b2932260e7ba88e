import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  copyPrivateRideResponse,
  copyPrivateRideStatusResponse,
  oneUserAccessKeyRequest,
  oneUserAccessKeyResponse,
  recordRideShareRequest,
  recordRideShareResponse,
  tripIdParams,
  rideSubdomainSettingsResponse,
  updateRideSubdomainSettingsBody,
} from '@rides/contract';
import { currentUser } from '../../plugins/auth.js';
import { editErrors } from '../trip-editing/days.routes.js';
import type { ThemesService } from '../themes/themes.service.js';
import type { OneTimeLinksService } from './one-time-links.service.js';

/**
 * get_one_user_access_key, copy_private_ride_api/{rideId} (001 §7), copy_private_ride_status_api/{rideId},
 * ride_subdomain_settings_api/{rideId},
 * update_ride_subdomain_settings_api/{rideId} and record_ride_share_api (ours; decision 0030). HTTP only; signed in.
 */
export async function oneTimeLinksRoutes(
  app: FastifyInstance,
  opts: { links: OneTimeLinksService; themes: ThemesService },
) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { links, themes } = opts;
  const auth = { preHandler: app.requireUser };
  const tags = ['private trips'];
  /** The sub-domain the request came to (null on the main site and on unknown sub-domains). */
  const requestSubdomain = async (request: FastifyRequest) =>
    (await themes.themeForHost(request.hostname, null)).subdomain;

  api.post(
    '/get_one_user_access_key',
    {
      ...auth,
      schema: {
        tags,
        summary:
          'A new one-time link of a private trip (admits one person, ever), for its author, planner or sub-domain manager',
        body: oneUserAccessKeyRequest,
        response: { 200: oneUserAccessKeyResponse, ...editErrors },
      },
    },
    async (request) => links.oneUserAccessKey(currentUser(request), request.body, request.publicAddress),
  );
  api.get(
    '/copy_private_ride_api/:rideId',
    {
      ...auth,
      schema: {
        tags,
        summary:
          "A client's own copy of a private trip they were given with a copy key; answers uesr_copyed_new_ride",
        params: tripIdParams,
        response: { 200: copyPrivateRideResponse, ...editErrors },
      },
    },
    async (request) =>
      links.copyPrivateRide(request.params.rideId, currentUser(request), await requestSubdomain(request)),
  );
  api.get(
    '/copy_private_ride_status_api/:rideId',
    {
      ...auth,
      schema: {
        tags,
        summary:
          'Whether the signed-in viewer may make their own copy of a private trip (copy_private_ride_api), and the copy they have',
        params: tripIdParams,
        response: { 200: copyPrivateRideStatusResponse, ...editErrors },
      },
    },
    async (request) => links.copyPrivateRideStatus(request.params.rideId, currentUser(request)),
  );
  api.get(
    '/ride_subdomain_settings_api/:rideId',
    {
      ...auth,
      schema: {
        tags,
        summary: "A trip's closed environment and white-label permissions (the manager of a sub-domain)",
        params: tripIdParams,
        response: { 200: rideSubdomainSettingsResponse, ...editErrors },
      },
    },
    async (request) => links.subdomainSettings(request.params.rideId, currentUser(request)),
  );
  api.post(
    '/update_ride_subdomain_settings_api/:rideId',
    {
      ...auth,
      schema: {
        tags,
        summary:
          "Puts a trip in or out of the manager's closed environment; what its white-label clients may do",
        params: tripIdParams,
        body: updateRideSubdomainSettingsBody,
        response: { 200: rideSubdomainSettingsResponse, ...editErrors },
      },
    },
    async (request) =>
      links.updateSubdomainSettings(
        request.params.rideId,
        currentUser(request),
        request.body,
        await requestSubdomain(request),
      ),
  );
  api.post(
    '/record_ride_share_api',
    {
      ...auth,
      schema: {
        tags,
        summary: "Records that the trip's author or planner shared its link (channel), for billing",
        body: recordRideShareRequest,
        response: { 200: recordRideShareResponse, ...editErrors },
      },
    },
    async (request) => links.recordShare(currentUser(request), request.body),
  );
}
