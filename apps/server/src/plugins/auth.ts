import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Role } from '@rides/contract';
import { AppError } from '../lib/errors.js';
import { createSessionTokenVerifier } from '../lib/tokens.js';

/**
 * Bearer-token authentication. Every request gets `request.user` (null when anonymous); a present but
 * bad token is refused at once (401), so a client never acts on a session it does not have.
 * Routes that need a user add `preHandler: app.requireUser`, `app.requireRole('manager')`, or `app.requireAdmin`
 * (the platform admin, decision 0035: a flag beside the role, never read from the token).
 */
export interface SessionUser {
  id: number;
  role: Role;
  isAdmin: boolean;
}

declare module 'fastify' {
  interface FastifyRequest {
    user: SessionUser | null;
  }
  interface FastifyInstance {
    requireUser: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
    requireRole: (role: Role) => (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
    requireAdmin: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
  }
}

/** The authenticated user of a request that passed requireUser. */
export function currentUser(request: FastifyRequest): SessionUser {
  if (!request.user) throw new AppError('user_is_not_authorized');
  return request.user;
}

async function auth(
  app: FastifyInstance,
  /** currentSession: the user's current role, or null when the user is gone or the token's version is stale (0024). */
  opts: {
    secret: Uint8Array;
    currentSession: (userId: number, tokenVersion: number) => Promise<SessionUser | null>;
  },
) {
  app.decorateRequest('user', null);
  // Verified tokens are kept until their exp (decision 0053); the live check below still runs on every request.
  const verifySessionToken = createSessionTokenVerifier(opts.secret);
  app.addHook('onRequest', async (request) => {
    const header = request.headers.authorization;
    if (!header) return;
    const match = /^Bearer\s+(\S+)$/i.exec(header);
    // Old clients send "Bearer null" / "Bearer undefined" when signed out: that is anonymous, not an attack.
    if (!match || match[1] === 'null' || match[1] === 'undefined') return;
    const claims = await verifySessionToken(match[1] as string);
    // A good signature is not enough: the user must still exist and the token's version be current; the role is
    // the user's role now, not the one the token was signed with.
    const user = await opts.currentSession(claims.user_id, claims.ver);
    if (!user) throw new AppError('user_is_not_authorized');
    request.user = user;
  });
  app.decorate('requireUser', async (request: FastifyRequest) => {
    if (!request.user) throw new AppError('user_is_not_authorized');
  });
  app.decorate('requireRole', (role: Role) => async (request: FastifyRequest) => {
    if (!request.user) throw new AppError('user_is_not_authorized');
    if (request.user.role !== role) throw new AppError('forbidden');
  });
  app.decorate('requireAdmin', async (request: FastifyRequest) => {
    if (!request.user) throw new AppError('user_is_not_authorized');
    if (!request.user.isAdmin) throw new AppError('forbidden');
  });
}

export default fp(auth, { name: 'auth' });
