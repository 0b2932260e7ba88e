import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  calendarFeedResponse,
  errorResponse,
  rideExportParams,
  rideExportQuery,
  revokeCalendarFeedResponse,
  tripIdParams,
} from '@rides/contract';
import type { TripExportService } from './trip-export.service.js';

const errors = {
  400: errorResponse,
  401: errorResponse,
  403: errorResponse,
  404: errorResponse,
  429: errorResponse,
};

/**
 * attachment; with the real name (Hebrew too) as filename* (RFC 6266) and, for old clients, the name itself when it is
 * ASCII, else trip-<id> (a Hebrew title with its letters dropped would be a stray number).
 */
function contentDisposition(fileName: string, rideId: number): string {
  const ascii = /^[\x20-\x7e]+$/.test(fileName) && !/["\\]/.test(fileName);
  const fallback = ascii ? fileName : `trip-${rideId}${fileName.slice(fileName.lastIndexOf('.'))}`;
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

/**
 * ride_export_api/{rideId}/{ics|gpx|kml}, ride_calendar_feed_api/{rideId}, reset_ride_calendar_feed_api/{rideId}
 * (issue 19 points 3, 4; decision 0033). HTTP only: the contract validates the path (400 bad_request), the viewer is
 * the Bearer token's or the feed token's, the service decides.
 */
export async function tripExportRoutes(app: FastifyInstance, opts: { exports: TripExportService }) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['trip exports'];

  api.get(
    '/ride_export_api/:rideId/:format',
    {
      // A feed token that opens nothing (the trip answers as to a stranger) is a guess against the address (0052).
      config: {
        secretLookup: {
          wrongCodes: ['user_does_not_have_permission_to_this_private_ride', 'user_is_not_authorized'],
          when: (request) => typeof (request.query as { token?: unknown }).token === 'string',
        },
      },
      schema: {
        tags,
        summary:
          "The trip as a calendar (ics), GPX or KML file; a private trip's calendar feed reads with ?token=",
        params: rideExportParams,
        querystring: rideExportQuery,
        response: { 200: z.string(), ...errors },
      },
    },
    async (request, reply) => {
      const { rideId, format } = request.params;
      const file = await opts.exports.exportFile(rideId, format, request.user, request.query.token);
      // Private content for one viewer (or one token): never kept by a shared cache.
      return reply
        .type(file.type)
        .header('cache-control', 'private, no-cache')
        .header('vary', 'Authorization')
        .header('content-disposition', contentDisposition(file.fileName, rideId))
        .send(file.body);
    },
  );

  api.get(
    '/ride_calendar_feed_api/:rideId',
    {
      schema: {
        tags,
        summary:
          "The trip's calendar feed address for this viewer (a private trip's holds the viewer's secret token)",
        params: tripIdParams,
        response: { 200: calendarFeedResponse, ...errors },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return opts.exports.feedAddress(request.params.rideId, request.user, request.publicAddress);
    },
  );

  api.post(
    '/reset_ride_calendar_feed_api/:rideId',
    {
      schema: {
        tags,
        summary: 'A new calendar feed address for this viewer of a private trip; the old one stops working',
        params: tripIdParams,
        response: { 200: calendarFeedResponse, ...errors },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return opts.exports.resetFeed(request.params.rideId, request.user, request.publicAddress);
    },
  );

  api.delete(
    '/trips/:rideId/calendar-feed',
    {
      preHandler: app.requireUser,
      schema: {
        tags,
        summary: "Revokes this viewer's calendar feed address of the trip (a new one is made on the next read)",
        params: tripIdParams,
        response: { 200: revokeCalendarFeedResponse, ...errors },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return opts.exports.revokeFeed(request.params.rideId, request.user);
    },
  );
}
