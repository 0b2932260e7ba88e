import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  errorResponse,
  listIdParams,
  listItemIdParams,
  listItemResponse,
  listResponse,
  listsResponse,
  okResponse,
  patchListBody,
  patchListItemBody,
  postListBody,
  postListItemBody,
  tripIdParams,
} from '@rides/contract';
import type { TripListsService } from './trip-lists.service.js';

const errors = {
  400: errorResponse,
  401: errorResponse,
  403: errorResponse,
  404: errorResponse,
};

/** The trip's shared lists (issue 33 point 5, decision 0066). HTTP only: the contract validates, the service decides. */
export async function tripListsRoutes(app: FastifyInstance, opts: { lists: TripListsService }) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { lists } = opts;
  const auth = { preHandler: app.requireUser };
  const tags = ['planning together'];

  api.get(
    '/trips/:rideId/lists',
    {
      schema: {
        tags,
        summary: "The trip's shared lists with their items, and its people (assignees)",
        params: tripIdParams,
        response: { 200: listsResponse, ...errors },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return lists.lists(request.params.rideId, request.user);
    },
  );
  api.post(
    '/trips/:rideId/lists',
    {
      ...auth,
      schema: {
        tags,
        summary: 'A new list (commenter or more)',
        params: tripIdParams,
        body: postListBody,
        response: { 200: listResponse, ...errors },
      },
    },
    async (request) => lists.createList(request.params.rideId, request.user, request.body),
  );
  api.patch(
    '/trips/:rideId/lists/:listId',
    {
      ...auth,
      schema: {
        tags,
        summary: 'Renames a list or changes its kind',
        params: listIdParams,
        body: patchListBody,
        response: { 200: listResponse, ...errors },
      },
    },
    async (request) =>
      lists.updateList(request.params.rideId, request.params.listId, request.user, request.body),
  );
  api.delete(
    '/trips/:rideId/lists/:listId',
    {
      ...auth,
      schema: {
        tags,
        summary: 'Deletes a list and its items',
        params: listIdParams,
        response: { 200: okResponse, ...errors },
      },
    },
    async (request) => lists.deleteList(request.params.rideId, request.params.listId, request.user),
  );
  api.post(
    '/trips/:rideId/lists/:listId/items',
    {
      ...auth,
      schema: {
        tags,
        summary: 'Adds an item (the same clientId twice is one item)',
        params: listIdParams,
        body: postListItemBody,
        response: { 200: listItemResponse, ...errors },
      },
    },
    async (request) =>
      lists.addItem(request.params.rideId, request.params.listId, request.user, request.body),
  );
  api.patch(
    '/trips/:rideId/lists/:listId/items/:itemId',
    {
      ...auth,
      schema: {
        tags,
        summary: "Changes an item's text, assignee or tick (the latest tick by doneChangedAt wins)",
        params: listItemIdParams,
        body: patchListItemBody,
        response: { 200: listItemResponse, ...errors },
      },
    },
    async (request) =>
      lists.updateItem(
        request.params.rideId,
        request.params.listId,
        request.params.itemId,
        request.user,
        request.body,
      ),
  );
  api.delete(
    '/trips/:rideId/lists/:listId/items/:itemId',
    {
      ...auth,
      schema: {
        tags,
        summary: 'Deletes an item',
        params: listItemIdParams,
        response: { 200: okResponse, ...errors },
      },
    },
    async (request) =>
      lists.deleteItem(request.params.rideId, request.params.listId, request.params.itemId, request.user),
  );
}
