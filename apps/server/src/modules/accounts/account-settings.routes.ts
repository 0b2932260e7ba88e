import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { accountSettingsBody, accountSettingsResponse, errorResponse } from '@rides/contract';
import { currentUser } from '../../plugins/auth.js';
import type { AccountSettingsService } from './account-settings.service.js';

const errors = { 400: errorResponse, 401: errorResponse, 503: errorResponse };

/** The signed-in account's own settings (home currency, longest day). HTTP only: the contract validates. */
export async function accountSettingsRoutes(
  app: FastifyInstance,
  opts: { settings: AccountSettingsService },
) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { settings } = opts;
  const tags = ['accounts'];
  const auth = { onRequest: app.requireUser };
  api.get(
    '/account/settings',
    {
      ...auth,
      schema: {
        tags,
        summary:
          "The signed-in account's own settings: the home currency its trips count in unless they choose one, and " +
          "the longest day it plans (the trip's checks warn of a longer one; null: 12 hours)",
        response: { 200: accountSettingsResponse, ...errors },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return settings.settings(currentUser(request));
    },
  );
  api.put(
    '/account/settings',
    {
      ...auth,
      schema: {
        tags,
        summary:
          "Sets the signed-in account's own settings: each field given (null clears it: ₪ for a trip in Hebrew, " +
          'else US dollars; a 12-hour day), the others kept',
        body: accountSettingsBody,
        response: { 200: accountSettingsResponse, ...errors },
      },
    },
    async (request) => settings.set(currentUser(request), request.body),
  );
}
