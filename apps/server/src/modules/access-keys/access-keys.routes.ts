import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  addUserToRidePrivacyRequest,
  addUserToRidePrivacyResponse,
  errorResponse,
  removeTripUserRequest,
  removeTripUserResponse,
  rideKeyFullInformationRequest,
  rideKeyFullInformationResponse,
  rideKeyInformationRequest,
  rideKeyInformationResponse,
  updateTripKeyFullInformationRequest,
  updateTripKeyFullInformationResponse,
} from '@rides/contract';
import type { SecretLookup } from '../../plugins/security.js';
import type { ThemesService } from '../themes/themes.service.js';
import type { AccessKeysService } from './access-keys.service.js';
import { deviceOf } from './device.js';

const errors = {
  400: errorResponse,
  401: errorResponse,
  403: errorResponse,
  404: errorResponse,
  409: errorResponse,
  410: errorResponse,
  429: errorResponse,
  500: errorResponse,
};

/**
 * A key that is no key of ours counts as a guess against the address (decision 0052); an expired or revoked one was
 * right, and is not counted.
 */
const keyGuesses: SecretLookup = { wrongCodes: ['the_private_link_is_not_valide'] };

/**
 * The access key of a private trip and joining it (001 §7; issue 18; decision 0028). HTTP only: the service decides.
 * The planner's calls and the join need a signed-in user; the key's information is for the join page, before sign-in.
 */
export async function accessKeysRoutes(
  app: FastifyInstance,
  opts: { accessKeys: AccessKeysService; themes: ThemesService },
) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { accessKeys } = opts;
  const schema = <T extends object>(summary: string, rest: T) => ({ tags: ['access'], summary, ...rest });

  api.post(
    '/get_assigned_ride_key_full_information',
    {
      preHandler: app.requireUser,
      schema: schema(
        "The private trip's access key as its author or planner sees it (made on the first read), with the clients who joined",
        {
          body: rideKeyFullInformationRequest,
          response: { 200: rideKeyFullInformationResponse, ...errors },
        },
      ),
    },
    async (request) => accessKeys.fullInformation(request.body.ride_id, request.user),
  );

  api.post(
    '/update_assigned_ride_key_full_information',
    {
      preHandler: app.requireUser,
      schema: schema(
        "Changes the key's redirect page, user count (0 = unlimited), action (view or copy), calendar link, expiry, revoked flag or first-open mail",
        {
          body: updateTripKeyFullInformationRequest,
          response: { 200: updateTripKeyFullInformationResponse, ...errors },
        },
      ),
    },
    async (request) => {
      const { ride_id, ...changes } = request.body;
      return accessKeys.update(ride_id, request.user, changes);
    },
  );

  api.post(
    '/remove_user_from_ride_privacy_api',
    {
      preHandler: app.requireUser,
      schema: schema(
        'The planner removes a client who joined with the key: their access ends and their place is free',
        {
          body: removeTripUserRequest,
          response: { 200: removeTripUserResponse, ...errors },
        },
      ),
    },
    async (request) => accessKeys.removeUser(request.body.ride_id, request.user, request.body.userId),
  );

  api.post(
    '/get_assigned_ride_key_information',
    {
      config: { secretLookup: keyGuesses },
      schema: schema('What the join page shows for an access key (no sign-in needed)', {
        body: rideKeyInformationRequest,
        response: { 200: rideKeyInformationResponse, ...errors },
      }),
    },
    async (request) =>
      accessKeys.keyInformation(
        request.body.rideAssignedKey,
        request.user,
        deviceOf(request.headers['user-agent']),
      ),
  );

  api.post(
    '/add_user_to_ride_privacy_api',
    {
      config: { secretLookup: keyGuesses },
      preHandler: app.requireUser,
      schema: schema(
        "Joins the private trip with its key: a view key gives access to the trip, a copy key the user's own copy",
        {
          body: addUserToRidePrivacyRequest,
          response: { 200: addUserToRidePrivacyResponse, ...errors },
        },
      ),
    },
    async (request) => {
      // The sub-domain is the host's (the white-label site the join page is on), never what the body claims.
      const theme = await opts.themes.themeForHost(request.hostname, request.user?.id ?? null);
      return accessKeys.join(request.body.rideKeyValue, request.user, theme.subdomain);
    },
  );
}
