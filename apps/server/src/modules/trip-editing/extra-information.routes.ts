import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  addExtraInformationBody,
  deleteExtraInformationBody,
  deleteExtraInformationResponse,
  extraInformationResponse,
  updateExtraInformationBody,
} from '@rides/contract';
import { editErrors } from './days.routes.js';
import type { ExtraInformationService } from './extra-information.service.js';

/** add/update/delete_extra_information_to_ride (000 §7, 001 §7): POST, JSON or form bodies. HTTP only. */
export async function extraInformationRoutes(app: FastifyInstance, opts: { extra: ExtraInformationService }) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { extra } = opts;
  const auth = { preHandler: app.requireUser };

  api.post(
    '/add_extra_information_to_ride',
    {
      ...auth,
      schema: {
        tags: ['editing'],
        summary:
          'Adds a general-information section (no date) or a day note (date); the text is sanitised HTML',
        body: addExtraInformationBody,
        response: { 200: extraInformationResponse, ...editErrors },
      },
    },
    async (request) => extra.add(request.body, request.user),
  );
  api.post(
    '/update_extra_information_to_ride',
    {
      ...auth,
      schema: {
        tags: ['editing'],
        summary: 'Updates a section or day note of the trip (extra_information_id)',
        body: updateExtraInformationBody,
        response: { 200: extraInformationResponse, ...editErrors },
      },
    },
    async (request) => extra.update(request.body, request.user),
  );
  api.post(
    '/delete_extra_information_to_ride',
    {
      ...auth,
      schema: {
        tags: ['editing'],
        summary: 'Deletes a section or day note of the trip (extra_information_id, ride_id)',
        body: deleteExtraInformationBody,
        response: { 200: deleteExtraInformationResponse, ...editErrors },
      },
    },
    async (request) => extra.remove(request.body, request.user),
  );
}
