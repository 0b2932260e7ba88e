import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  acceptUniquenessProposalBody,
  dismissUniquenessProposalBody,
  dismissUniquenessProposalResponse,
  errorResponse,
  uniquenessGroupResponse,
  uniquenessGroupsResponse,
  uniquenessMainParams,
  uniquenessMoveParams,
  uniquenessProposalsResponse,
} from '@rides/contract';
import { AppError } from '../../lib/errors.js';
import { markPrivate } from '../search/search.http.js';
import type { UniquenessService } from './uniqueness.service.js';
import { mayUseGroups } from '../access/attraction-groups.policy.js';

/**
 * 001 §7: GET attraction_uniqnes, GET update_main_attraction_uniqnes/{groupId}/{attractionId}, GET
 * update_attraction_to_uniqness_grop/{attractionId}/{groupId} (the spec's paths and method: the old client changes
 * groups with GETs), and ours: the proposals, accepting and dismissing one (decision 0040). Managers and platform admins.
 */
export async function uniquenessRoutes(app: FastifyInstance, opts: { uniqueness: UniquenessService }) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const refusals = { 400: errorResponse, 401: errorResponse, 403: errorResponse, 404: errorResponse };
  const { uniqueness } = opts;
  // preValidation: who may ask is answered before what was asked (a visitor with a bad id gets 401, not 400).
  const managerOrAdmin = async (request: FastifyRequest) => {
    if (!request.user) throw new AppError('user_is_not_authorized');
    if (!mayUseGroups(request.user)) throw new AppError('forbidden');
  };
  const tags = ['attraction-uniqueness'];

  api.get(
    '/attraction_uniqnes',
    {
      preValidation: managerOrAdmin,
      schema: {
        tags,
        summary:
          "The uniqueness groups holding the caller's attractions (a platform admin: every group), the main record apart",
        response: { 200: uniquenessGroupsResponse, ...refusals },
      },
    },
    async (request, reply) => {
      markPrivate(reply);
      return uniqueness.list(request.user);
    },
  );

  api.get(
    '/update_main_attraction_uniqnes/:groupId/:attractionId',
    {
      preValidation: managerOrAdmin,
      schema: {
        tags,
        summary:
          "Sets a group's main record (one of its records; a group of the caller's records, or any for an admin)",
        params: uniquenessMainParams,
        response: { 200: uniquenessGroupResponse, ...refusals },
      },
    },
    async (request, reply) => {
      markPrivate(reply);
      return uniqueness.setMain(request.user, request.params.groupId, request.params.attractionId);
    },
  );

  api.get(
    '/update_attraction_to_uniqness_grop/:attractionId/:groupId',
    {
      preValidation: managerOrAdmin,
      schema: {
        tags,
        summary:
          'Moves an attraction into a group (out of its old one, which keeps a main or is dissolved under two records)',
        params: uniquenessMoveParams,
        response: { 200: uniquenessGroupResponse, ...refusals },
      },
    },
    async (request, reply) => {
      markPrivate(reply);
      return uniqueness.move(request.user, request.params.attractionId, request.params.groupId);
    },
  );

  api.get(
    '/attraction_uniqnes_proposals',
    {
      preValidation: managerOrAdmin,
      schema: {
        tags,
        summary:
          "Ours: the caller's attractions that look like one place (same place id, or same name within 50 m)",
        response: { 200: uniquenessProposalsResponse, ...refusals },
      },
    },
    async (request, reply) => {
      markPrivate(reply);
      return uniqueness.proposals(request.user);
    },
  );

  api.post(
    '/accept_attraction_uniqnes_proposal',
    {
      preValidation: managerOrAdmin,
      schema: {
        tags,
        summary: 'Ours: makes these attractions one group with mainId as its main',
        body: acceptUniquenessProposalBody,
        response: { 200: uniquenessGroupResponse, ...refusals },
      },
    },
    async (request) => {
      const body = request.body as { attractionIds: number[]; mainId: number | string };
      return uniqueness.accept(request.user, {
        attractionIds: body.attractionIds,
        mainId: Number(body.mainId),
      });
    },
  );

  api.post(
    '/dismiss_attraction_uniqnes_proposal',
    {
      preValidation: managerOrAdmin,
      schema: {
        tags,
        summary: 'Ours: this set of attractions is not proposed to the caller again',
        body: dismissUniquenessProposalBody,
        response: { 200: dismissUniquenessProposalResponse, ...refusals },
      },
    },
    async (request) => uniqueness.dismiss(request.user, request.body.attractionIds),
  );
}
