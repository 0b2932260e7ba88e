import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { PLACE_SOURCES } from '@rides/contract';
import { z } from 'zod';
import type { Config } from '../../config.js';
import type { DbHandle } from '../../db/client.js';
import { AppError } from '../../lib/errors.js';
import { pingDatabase } from './platform.repository.js';

const healthResponse = z.object({
  ServerMassageCode: z.string(),
  status: z.enum(['ok']),
  database: z.enum(['pglite', 'postgres']),
  uptimeSeconds: z.number(),
});

const clientConfigResponse = z.object({
  ServerMassageCode: z.string(),
  googleClientId: z.string().nullable(),
  googleAuthUrl: z.string(),
  facebookAppId: z.string().nullable(),
  facebookAuthUrl: z.string(),
  /** /booking's partner map: the widget's script and our affiliate id (trips with a mapping use theirs); null = off. */
  bookingWidget: z.object({ scriptUrl: z.string(), aid: z.string().nullable() }).nullable(),
  /** The planners landing page's settings (/for-planners, decision 0031): null = not set. */
  forPlanners: z.object({
    demoUrl: z.string().nullable(),
    calendarUrl: z.string().nullable(),
    whatsappNumber: z.string().nullable(),
    whatsappMessage: z.string().nullable(),
    phone: z.string().nullable(),
    email: z.string().nullable(),
    socialUrl: z.string().nullable(),
  }),
  /** Which places source answers the "where" boxes and the activity search (decision 0012): local when none is connected. */
  placesSource: z.enum(PLACE_SOURCES),
});

/** Health for load balancers, and the public settings the web app needs (sign-in providers, the partner map). */
export async function platformRoutes(app: FastifyInstance, opts: { config: Config; db: DbHandle }) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.get('/health', { schema: { tags: ['platform'], response: { 200: healthResponse } } }, async () => {
    try {
      await pingDatabase(opts.db.db);
    } catch {
      throw new AppError('api_call_failed');
    }
    return {
      ServerMassageCode: 'success',
      status: 'ok' as const,
      database: opts.db.kind,
      uptimeSeconds: Math.round(process.uptime()),
    };
  });
  api.get(
    '/client_config',
    { schema: { tags: ['platform'], response: { 200: clientConfigResponse } } },
    async () => ({
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
