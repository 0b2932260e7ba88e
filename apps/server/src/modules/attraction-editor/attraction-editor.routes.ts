import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  attractionEditorBody,
  attractionIdParams,
  createAttractionBody,
  createAttractionResponse,
  editableAttractionResponse,
  errorResponse,
  placeAiBody,
  placeAiResponse,
  tripIdParams,
} from '@rides/contract';
import type { AttractionEditorService } from './attraction-editor.service.js';

const errors = {
  400: errorResponse,
  401: errorResponse,
  403: errorResponse,
  404: errorResponse,
  409: errorResponse,
};

/** The attraction editor's calls (001 §7), HTTP only: the contract validates, the service decides (decision 0020). */
export async function attractionEditorRoutes(
  app: FastifyInstance,
  opts: { editor: AttractionEditorService },
) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { editor } = opts;
  const auth = { preHandler: app.requireUser };

  api.post(
    '/create_attraction_and_add_to_ride_api/:rideId',
    {
      ...auth,
      schema: {
        tags: ['attraction editor'],
        summary:
          "Creates the user's own attraction and puts it last on a day of the trip (fields; date: default the first day)",
        params: tripIdParams,
        body: createAttractionBody,
        response: { 200: createAttractionResponse, ...errors },
      },
    },
    async (request) => editor.create(request.params.rideId, request.body, request.user),
  );

  api.post(
    '/update_attraction_api/:id',
    {
      ...auth,
      schema: {
        tags: ['attraction editor'],
        summary: "Saves an attraction's fields (its author only: others error_no_access_to_attraction)",
        params: attractionIdParams,
        body: attractionEditorBody,
        response: { 200: editableAttractionResponse, ...errors },
      },
    },
    async (request) => editor.update(request.params.id, request.body, request.user),
  );

  api.get(
    '/attraction_information_api/:id',
    {
      ...auth,
      schema: {
        tags: ['attraction editor'],
        summary:
          'An attraction as its author edits it (ours; the editor page): others error_no_access_to_attraction',
        params: attractionIdParams,
        response: { 200: editableAttractionResponse, ...errors },
      },
    },
    async (request) => editor.read(request.params.id, request.user),
  );

  api.post(
    '/get_place_ai_information',
    {
      ...auth,
      // Each answer costs a paid model call: 20 a minute from one address.
      config: { rateLimit: { max: 20, timeWindow: '1 minute' } },
      schema: {
        tags: ['attraction editor'],
        summary:
          "A description of a place written by the AI provider in the trip's language (managers; empty description only)",
        body: placeAiBody,
        response: { 200: placeAiResponse, ...errors, 502: errorResponse, 503: errorResponse },
      },
    },
    async (request) => editor.aiText(request.body, request.user),
  );
}
