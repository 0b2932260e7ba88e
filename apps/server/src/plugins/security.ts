import helmet from 'helmet';
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { ServerMassageCode } from '@rides/contract';
import type { Config } from '../config.js';
import { AppError, tooManyRequests } from '../lib/errors.js';
import type { RedisClient } from '../lib/redis.js';
import { memoryThrottleStore, redisThrottleStore } from '../modules/accounts/login-throttle.js';

/**
 * A route that looks a secret up (an access key, a one-time link, a reset or sign-in link's token, a calendar feed
 * token) names the answers that mean "no such secret" (decision 0052): each one counts as a wrong guess against the
 * client's address, and an address with `secretLookups.maxFailures` of them in `lockMinutes` gets 429
 * too_many_requests with Retry-After on every such route until the lock ends. Right secrets are never counted: a
 * planner opening many keys is not a guesser. `when` narrows it (a feed token is optional on its route).
 */
export interface SecretLookup {
  wrongCodes: ServerMassageCode[];
  when?: (request: FastifyRequest) => boolean;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    secretLookup?: SecretLookup;
  }
}

/**
 * Security headers and the content security policy. The web app is a built bundle with no inline scripts;
 * Mantine writes its CSS variables in a <style> element, hence 'unsafe-inline' for styles only.
 * Images may come from map tiles and photo hosts over https. The API docs page gets its own policy
 * from @fastify/swagger-ui.
 *
 * /booking's partner map (000 §2) is a script from the partner that draws the map in the partner's frames: its origin
 * joins script-src and its frame origins frame-src, for every page, because the page is reached inside the single-page
 * app, whose policy is the one its first page came with. Nothing else of the partner's is allowed.
 */
async function security(
  app: FastifyInstance,
  opts: { booking: Config['booking']; redis: RedisClient | null; secretLookups: Config['secretLookups'] },
) {
  const widgetOrigin = opts.booking.scriptUrl ? [new URL(opts.booking.scriptUrl).origin] : [];
  const widgetFrames = opts.booking.scriptUrl ? opts.booking.frameOrigins : [];
  // helmet's middleware built once, run on every request (decision 0053): @fastify/helmet built it anew per request
  // (its options parsed again each time: an eighth of a cached trip read's server time). The same headers.
  const securityHeaders = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...widgetOrigin],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        workerSrc: ["'self'"],
        manifestSrc: ["'self'"],
        frameSrc: ["'self'", ...widgetFrames],
        frameAncestors: ["'none'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
      },
    },
    // Map tiles and hosted photos are cross-origin images.
    crossOriginEmbedderPolicy: false,
    crossOriginResourcePolicy: { policy: 'same-site' },
  });
  app.addHook('onRequest', (request, reply, done) =>
    securityHeaders(request.raw, reply.raw, (err) => done(err instanceof Error ? err : undefined)),
  );
  // Limits are per route (config.rateLimit); nothing is limited unless a route asks. With Redis the counts are shared
  // by every process; a Redis that fails lets the request through (skipOnError) rather than answer 500 (decision 0006).
  await app.register(rateLimit, {
    global: false,
    ...(opts.redis ? { redis: opts.redis, nameSpace: 'rides:rate:', skipOnError: true } : {}),
  });

  // Wrong guesses of secrets, per address, in the store the sign-in lock uses (Redis shared by every process, or
  // memory); a store that fails lets the request through and logs it, as the sign-in lock does.
  const guesses = opts.redis ? redisThrottleStore(opts.redis, 'rides:guess:') : memoryThrottleStore();
  const windowMs = opts.secretLookups.lockMinutes * 60_000;
  const lookupOf = (request: FastifyRequest) => {
    const lookup = request.routeOptions.config.secretLookup;
    return lookup && (lookup.when?.(request) ?? true) ? lookup : undefined;
  };
  const safely = async <T>(request: FastifyRequest, work: () => Promise<T>, fallback: T): Promise<T> => {
    try {
      return await work();
    } catch (err) {
      request.log.warn({ err: (err as Error).message }, 'guess lock store failed; request not counted');
      return fallback;
    }
  };
  app.addHook('preHandler', async (request) => {
    if (!lookupOf(request)) return;
    const wait = await safely(request, () => guesses.lockedFor([`ip:${request.ip}`]), 0);
    if (wait > 0) throw tooManyRequests(wait);
  });
  // onError runs before the error handler answers: the wrong guess is counted before the refusal leaves.
  app.addHook('onError', async (request, _reply, error) => {
    const lookup = lookupOf(request);
    if (!lookup || !(error instanceof AppError) || !lookup.wrongCodes.includes(error.code)) return;
    await safely(
      request,
      () => guesses.fail([{ key: `ip:${request.ip}`, max: opts.secretLookups.maxFailures }], windowMs),
      [],
    );
  });
}

export default fp(security, { name: 'security' });

/** Per-route limits (requests per minute per client address). */
export const RATE_LIMITS = {
  signIn: { max: 30, timeWindow: '1 minute' },
  register: { max: 10, timeWindow: '1 minute' },
  passwordReset: { max: 5, timeWindow: '1 minute' },
  contact: { max: 5, timeWindow: '1 minute' },
  /** generate-trip-pdf: a document costs tens of milliseconds of CPU; a person exports a few a minute (0032). */
  pdf: { max: 60, timeWindow: '1 minute' },
  /** request_sign_in_link per address (decision 0052); per account: SIGN_IN_LINKS_PER_ACCOUNT in login-throttle.ts. */
  signInLink: { max: 5, timeWindow: '1 minute' },
  /** Invitations to a trip per address (decision 0063); per inviter: INVITES_PER_HOUR in trip-members.service.ts. */
  invite: { max: 20, timeWindow: '1 minute' },
  /** A page's presence heartbeat every ~10 s, a few pages per address (a family behind one router): decision 0064. */
  presence: { max: 120, timeWindow: '1 minute' },
  /** An events ticket per (re)connect of EventSource (decision 0064). */
  eventsTicket: { max: 60, timeWindow: '1 minute' },
} as const;
