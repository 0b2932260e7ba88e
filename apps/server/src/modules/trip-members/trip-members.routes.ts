import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  acceptInviteResponse,
  changeMemberRoleBody,
  errorResponse,
  inviteInformationResponse,
  inviteMemberBody,
  inviteMemberResponse,
  inviteTokenParams,
  okResponse,
  tripIdParams,
  tripInviteParams,
  tripMemberParams,
  tripMembersResponse,
} from '@rides/contract';
import { currentUser } from '../../plugins/auth.js';
import { RATE_LIMITS } from '../../plugins/security.js';
import { chosenLanguage } from '../../plugins/server-render.js';
import type { TripMembersService } from './trip-members.service.js';

const errors = {
  400: errorResponse,
  401: errorResponse,
  403: errorResponse,
  404: errorResponse,
  409: errorResponse,
  410: errorResponse,
  429: errorResponse,
};

/** A wrong invitation token counts as a guess of a secret (decision 0052): many from one address are locked out. */
const inviteGuesses = { secretLookup: { wrongCodes: ['invite_not_found' as const] } };

/** The mail's language: the one the inviter chose on the site, else their browser's. */
const languageOf = (request: FastifyRequest): 'he' | 'en' =>
  chosenLanguage(request) ?? (/^en\b/i.test(request.headers['accept-language'] ?? '') ? 'en' : 'he');

/** Members and roles (issue 33 point 1, decision 0063). HTTP only: the rules are the service's and the policy's. */
export async function tripMembersRoutes(app: FastifyInstance, opts: { members: TripMembersService }) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { members } = opts;
  const auth = { preHandler: app.requireUser };
  const tags = ['trip members'];

  api.get(
    '/trips/:rideId/members',
    {
      ...auth,
      schema: {
        tags,
        summary: "The trip's owner and members (the owner first) and, for the owner, its open invitations",
        params: tripIdParams,
        response: { 200: tripMembersResponse, ...errors },
      },
    },
    async (request) => members.list(request.params.rideId, currentUser(request)),
  );
  api.post(
    '/trips/:rideId/members',
    {
      ...auth,
      config: { rateLimit: RATE_LIMITS.invite },
      schema: {
        tags,
        summary: 'Invites someone with a role (mailed when an e-mail is given); answers the link to share',
        params: tripIdParams,
        body: inviteMemberBody,
        response: { 200: inviteMemberResponse, ...errors },
      },
    },
    async (request) =>
      members.invite(request.params.rideId, currentUser(request), request.body, {
        publicAddress: request.publicAddress,
        language: languageOf(request),
      }),
  );
  api.delete(
    '/trips/:rideId/invites/:inviteId',
    {
      ...auth,
      schema: {
        tags,
        summary: 'Revokes an open invitation (the owner)',
        params: tripInviteParams,
        response: { 200: okResponse, ...errors },
      },
    },
    async (request) => members.revoke(request.params.rideId, currentUser(request), request.params.inviteId),
  );
  api.patch(
    '/trips/:rideId/members/:userId',
    {
      ...auth,
      schema: {
        tags,
        summary: "Changes a member's role (the owner)",
        params: tripMemberParams,
        body: changeMemberRoleBody,
        response: { 200: okResponse, ...errors },
      },
    },
    async (request) =>
      members.changeRole(
        request.params.rideId,
        currentUser(request),
        request.params.userId,
        request.body.role,
      ),
  );
  api.delete(
    '/trips/:rideId/members/:userId',
    {
      ...auth,
      schema: {
        tags,
        summary: 'Removes a member (the owner), or leaves the trip (the member themselves)',
        params: tripMemberParams,
        response: { 200: okResponse, ...errors },
      },
    },
    async (request) => members.remove(request.params.rideId, currentUser(request), request.params.userId),
  );
  api.get(
    '/invites/:token',
    {
      config: inviteGuesses,
      schema: {
        tags,
        summary: 'Who invites, with which role, until when (anyone; nothing of the trip itself)',
        params: inviteTokenParams,
        response: { 200: inviteInformationResponse, ...errors },
      },
    },
    async (request) => members.information(request.params.token),
  );
  api.post(
    '/invites/:token/accept',
    {
      ...auth,
      config: inviteGuesses,
      schema: {
        tags,
        summary: "Joins the trip with the invitation's role (signed in; the invitation is used once)",
        params: inviteTokenParams,
        response: { 200: acceptInviteResponse, ...errors },
      },
    },
    async (request) => members.accept(request.params.token, currentUser(request)),
  );
}
