import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  errorResponse,
  eventsTicketResponse,
  presenceBody,
  presenceResponse,
  tripEventsQuery,
  tripIdParams,
} from '@rides/contract';
import { AppError } from '../../lib/errors.js';
import { RATE_LIMITS } from '../../plugins/security.js';
import type { TripViewer } from '../access/trip-access.policy.js';
import type { TripEvents } from './trip-events.service.js';
import type { EventsTickets } from './trip-events.tickets.js';

const errors = {
  400: errorResponse,
  401: errorResponse,
  403: errorResponse,
  404: errorResponse,
  429: errorResponse,
  503: errorResponse,
};

/** Last-Event-ID: a version (digits); anything else is ignored, as EventSource would send back what it was sent. */
const versionOf = (value: unknown): number | undefined =>
  typeof value === 'string' && /^\d{1,9}$/.test(value.trim()) ? Number(value.trim()) : undefined;

/**
 * The trip's live stream, its tickets and presence (issue 33 point 2, decision 0064). The stream is written by
 * hand on the raw response (reply.hijack): no onSend hook runs, so it is never compressed or buffered, and the
 * server's close ends it (preClose in app.ts). Node's request timeout covers receiving the request only.
 */
export async function tripEventsRoutes(
  app: FastifyInstance,
  opts: { live: TripEvents; tickets: EventsTickets },
) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['live'];

  api.get(
    '/trips/:rideId/events',
    {
      config: { secretLookup: { wrongCodes: ['invalid_events_ticket'] } },
      schema: {
        tags,
        summary:
          'The trip’s changes and presence as server-sent events (Authorization, or ?ticket=); Last-Event-ID replays',
        params: tripIdParams,
        querystring: tripEventsQuery,
        response: errors,
      },
    },
    async (request, reply) => {
      const { rideId } = request.params;
      let viewer: TripViewer = request.user;
      if (!viewer && request.query.ticket !== undefined) {
        const userId = opts.tickets.verify(request.query.ticket, rideId);
        if (userId === null) throw new AppError('invalid_events_ticket');
        // The view policy reads the viewer's id only; the ticket was given to a signed-in user of this id.
        viewer = { id: userId, role: 'user', isAdmin: false };
      }
      const lastEventId = versionOf(request.headers['last-event-id']) ?? request.query.lastEventId;
      const stream = await opts.live.open({ rideId, viewer, address: request.ip, lastEventId });
      reply.hijack();
      const res = reply.raw;
      // A real connection sends each event at once (no Nagle wait); an injected request (tests) has no such socket.
      if (typeof request.raw.socket?.setNoDelay === 'function') request.raw.socket.setNoDelay(true);
      res.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'private, no-cache, no-transform',
        'x-accel-buffering': 'no',
        vary: 'Authorization',
        // Never reused: the stream's end (revoked, too slow, the server closing) closes its connection too.
        connection: 'close',
      });
      stream.start(res);
    },
  );

  api.post(
    '/trips/:rideId/events/ticket',
    {
      preHandler: app.requireUser,
      config: { rateLimit: RATE_LIMITS.eventsTicket },
      schema: {
        tags,
        summary: 'A ticket (60 s) to open the trip’s event stream where no Authorization header can be sent',
        params: tripIdParams,
        response: { 200: eventsTicketResponse, ...errors },
      },
    },
    async (request, reply) => {
      const user = request.user as NonNullable<TripViewer>;
      await opts.live.mayListen(request.params.rideId, user);
      reply.header('cache-control', 'private, no-store');
      return { ServerMassageCode: 'success' as const, ...opts.tickets.issue(user.id, request.params.rideId) };
    },
  );

  api.post(
    '/trips/:rideId/presence',
    {
      preHandler: app.requireUser,
      config: { rateLimit: RATE_LIMITS.presence },
      schema: {
        tags,
        summary: 'The signed-in viewer is on the trip, looking at this day (a heartbeat, every ~10 s)',
        params: tripIdParams,
        body: presenceBody,
        response: { 200: presenceResponse, ...errors },
      },
    },
    async (request) => {
      await opts.live.heartbeat(request.params.rideId, request.user, request.body.day);
      return { ServerMassageCode: 'success' as const };
    },
  );
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The trips' live streams (tests and the bench count them). */
    live: TripEvents;
  }
}
