import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  copySettingsBody,
  copySettingsResponse,
  errorResponse,
  pushCopiesBody,
  pushCopiesResponse,
  tripCopiesResponse,
  upstreamParams,
  upstreamPullBody,
  upstreamPullResponse,
  upstreamResponse,
  upstreamUndoResponse,
} from '@rides/contract';
import type { LineageService } from './lineage.service.js';
import type { PushService } from './push.service.js';

const errors = {
  400: errorResponse,
  401: errorResponse,
  403: errorResponse,
  404: errorResponse,
  409: errorResponse,
};

/** Living copies (issue 37, decision 0075). HTTP only: the contract validates, the service decides. */
export async function lineageRoutes(app: FastifyInstance, opts: { lineage: LineageService; push: PushService }) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.get(
    '/trips/:rideId/upstream',
    {
      schema: {
        tags: ['lineage'],
        summary:
          "A copy's updates from its original since it last took them: each change of the original merged three ways " +
          "with the copy's own (clean or conflict), or the original removed",
        params: upstreamParams,
        response: { 200: upstreamResponse, ...errors },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return opts.lineage.upstream(request.params.rideId, request.user);
    },
  );
  api.post(
    '/trips/:rideId/upstream/pull',
    {
      schema: {
        tags: ['lineage'],
        summary:
          "Takes the original's chosen changes into the copy (accept: clean ones; resolve: conflicts, theirs or ours) " +
          'in one locked edit; refusals reported; the last pull can be undone',
        params: upstreamParams,
        body: upstreamPullBody,
        response: { 200: upstreamPullResponse, ...errors },
      },
    },
    async (request) => opts.lineage.pull(request.params.rideId, request.body, request.user),
  );
  api.post(
    '/trips/:rideId/upstream/undo',
    {
      schema: {
        tags: ['lineage'],
        summary: "Takes the copy's last pull back exactly (while the copy was not edited since)",
        params: upstreamParams,
        response: { 200: upstreamUndoResponse, ...errors },
      },
    },
    async (request) => opts.lineage.undo(request.params.rideId, request.user),
  );
  api.get(
    '/trips/:rideId/copies',
    {
      schema: {
        tags: ['lineage'],
        summary:
          "A planner's template's living copies (clients' and users' copies): title, owner, how many updates, conflicts " +
          'and own changes each; the template planner only',
        params: upstreamParams,
        response: { 200: tripCopiesResponse, ...errors },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return opts.push.copies(request.params.rideId, request.user);
    },
  );
  api.post(
    '/trips/:rideId/copies/push',
    {
      schema: {
        tags: ['lineage'],
        summary:
          "Pushes the template's clean changes into the chosen copies (each its own locked edit; conflicts wait for " +
          "the copy's owner); a report per copy; the owners told by mail",
        params: upstreamParams,
        body: pushCopiesBody,
        response: { 200: pushCopiesResponse, ...errors },
      },
    },
    async (request) =>
      opts.push.push(request.params.rideId, request.body, request.user, request.publicAddress),
  );
  api.put(
    '/trips/:rideId/copy-settings',
    {
      schema: {
        tags: ['lineage'],
        summary: "The copy's owner's switch of the mails of their planner's pushes",
        params: upstreamParams,
        body: copySettingsBody,
        response: { 200: copySettingsResponse, ...errors },
      },
    },
    async (request) => opts.push.copySettings(request.params.rideId, request.body.notify, request.user),
  );
}
