import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { contactFormBody, errorResponse, okResponse } from '@rides/contract';
import { RATE_LIMITS } from '../../plugins/security.js';
import type { ContactService } from './contact.service.js';

/** contact_form_api (no auth): name, email, phone, message. */
export async function contactRoutes(app: FastifyInstance, opts: { contact: ContactService }) {
  app.withTypeProvider<ZodTypeProvider>().post(
    '/contact_form_api',
    {
      config: { rateLimit: RATE_LIMITS.contact },
      schema: {
        tags: ['contact'],
        body: contactFormBody,
        response: { 200: okResponse, 400: errorResponse, 429: errorResponse, 500: errorResponse },
      },
    },
    async (request) => {
      await opts.contact.submit(request.body, request.ip);
      return { ServerMassageCode: 'contact_form_success' };
    },
  );
}
