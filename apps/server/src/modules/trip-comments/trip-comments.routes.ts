import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  commentIdParams,
  commentResponse,
  commentsResponse,
  errorResponse,
  okResponse,
  postCommentBody,
  putVoteBody,
  tripIdParams,
  voteResponse,
} from '@rides/contract';
import type { TripCommentsService } from './trip-comments.service.js';

const errors = {
  400: errorResponse,
  401: errorResponse,
  403: errorResponse,
  404: errorResponse,
};

/** Comments and votes of a trip (issue 33 point 4, decision 0066). HTTP only: the contract validates, the service decides. */
export async function tripCommentsRoutes(app: FastifyInstance, opts: { comments: TripCommentsService }) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { comments } = opts;
  const auth = { preHandler: app.requireUser };
  const tags = ['planning together'];
  const noStore = { 'cache-control': 'private, no-store' };

  api.get(
    '/trips/:rideId/comments',
    {
      schema: {
        tags,
        summary: "The trip's comments and 👍 counts (the trip's people: members and the owner)",
        params: tripIdParams,
        response: { 200: commentsResponse, ...errors },
      },
    },
    async (request, reply) => {
      reply.headers(noStore);
      return comments.list(request.params.rideId, request.user);
    },
  );
  api.post(
    '/trips/:rideId/comments',
    {
      ...auth,
      schema: {
        tags,
        summary:
          'A comment on an activity, a stay or a day of the trip (commenter or more); @name mentions a member',
        params: tripIdParams,
        body: postCommentBody,
        response: { 200: commentResponse, ...errors },
      },
    },
    async (request) => comments.post(request.params.rideId, request.user, request.body),
  );
  api.delete(
    '/trips/:rideId/comments/:id',
    {
      ...auth,
      schema: {
        tags,
        summary: 'Deletes a comment (its writer or the owner)',
        params: commentIdParams,
        response: { 200: okResponse, ...errors },
      },
    },
    async (request) => comments.remove(request.params.rideId, request.user, request.params.id),
  );
  api.put(
    '/trips/:rideId/votes',
    {
      ...auth,
      schema: {
        tags,
        summary: "The reader's 👍 on an activity: 1 votes (once), 0 takes it back (commenter or more)",
        params: tripIdParams,
        body: putVoteBody,
        response: { 200: voteResponse, ...errors },
      },
    },
    async (request) => comments.vote(request.params.rideId, request.user, request.body),
  );
}
