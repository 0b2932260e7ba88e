import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { clientConfigResponse, type ClientConfigResponse } from '@rides/contract';
import { z } from 'zod';
import type { Config } from '../../config.js';
import type { DbHandle } from '../../db/client.js';
import { DATABASE_RETRY_AFTER_SECONDS } from '../../db/availability.js';
import { pingDatabase } from './platform.repository.js';

/** How this process's change feed stands (decision 0051): none on PGlite, where the writer is the only process. */
export type ChangeFeedState = 'listening' | 'reconnecting' | 'none';

const healthResponse = z.object({
  ServerMassageCode: z.string(),
  status: z.enum(['ok']),
  database: z.enum(['pglite', 'postgres']),
  /** The database answered (this answer is 503 when it did not). */
  db: z.enum(['up']),
  /** 'reconnecting': other processes' changes are not reaching this one; its trips are read again on every request. */
  changeFeed: z.enum(['listening', 'reconnecting', 'none']),
  uptimeSeconds: z.number(),
});

/**
 * The database cannot be reached (decision 0051): 503 database_unavailable with the fields below, and Retry-After. A
 * process that is shutting down answers its own 503 service_unavailable with the code alone (plugins/errors.ts).
 */
const healthDownResponse = z.object({
  ServerMassageCode: z.string(),
  status: z.enum(['down']).optional(),
  database: z.enum(['pglite', 'postgres']).optional(),
  db: z.enum(['down']).optional(),
  changeFeed: z.enum(['listening', 'reconnecting', 'none']).optional(),
  uptimeSeconds: z.number().optional(),
});

/** Health for load balancers, and the public settings the web app needs (sign-in providers, the partner map). */
export async function platformRoutes(
  app: FastifyInstance,
  opts: { config: Config; db: DbHandle; changeFeed?: () => ChangeFeedState },
) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.get(
    '/health',
    { schema: { tags: ['platform'], response: { 200: healthResponse, 503: healthDownResponse } } },
    async (_request, reply) => {
      const common = {
        database: opts.db.kind,
        changeFeed: opts.changeFeed?.() ?? ('none' as const),
        uptimeSeconds: Math.round(process.uptime()),
      };
      // Down until a probe gets through (db/availability.ts): asked again, the pool would refuse at once anyway.
      let up = opts.db.availability.state === 'up';
      if (up)
        up = await pingDatabase(opts.db.db).then(
          () => true,
          () => false,
        );
      if (!up) {
        // Never kept: a load balancer must see the database come back on its next check.
        void reply
          .status(503)
          .header('retry-after', String(DATABASE_RETRY_AFTER_SECONDS))
          .header('cache-control', 'no-store');
        return {
          ServerMassageCode: 'database_unavailable' as const,
          status: 'down' as const,
          db: 'down' as const,
          ...common,
        };
      }
      return { ServerMassageCode: 'success', status: 'ok' as const, db: 'up' as const, ...common };
    },
  );
  api.get(
    '/client_config',
    { schema: { tags: ['platform'], response: { 200: clientConfigResponse } } },
    async (): Promise<ClientConfigResponse> => ({
      ServerMassageCode: 'success',
      googleClientId: opts.config.google.clientId ?? null,
      googleAuthUrl: opts.config.google.authUrl,
      facebookAppId: opts.config.facebook.appId ?? null,
      facebookAuthUrl: opts.config.facebook.authUrl,
      bookingWidget: opts.config.booking.scriptUrl
        ? { scriptUrl: opts.config.booking.scriptUrl, aid: opts.config.booking.aid }
        : null,
      forPlanners: opts.config.forPlanners,
      placesSource: opts.config.places.provider,
    }),
  );
}
