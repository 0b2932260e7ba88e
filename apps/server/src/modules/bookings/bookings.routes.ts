import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  BOOKING_FILE_BYTES_MAX,
  BOOKING_FILES_MAX,
  bookingDocumentParams,
  bookingsAddressResponse,
  bookingsConfirmBody,
  bookingsConfirmResponse,
  bookingsImportResponse,
  bookingsImportTextBody,
  bookingsListResponse,
  errorResponse,
  okResponse,
  tripIdParams,
} from '@rides/contract';
import { AppError } from '../../lib/errors.js';
import { uploadedFileName } from '../../plugins/body-parsers.js';
import type { BookingsService } from './bookings.service.js';

const errors = {
  400: errorResponse,
  401: errorResponse,
  403: errorResponse,
  404: errorResponse,
  409: errorResponse,
  413: errorResponse,
  415: errorResponse,
  422: errorResponse,
  429: errorResponse,
};

/** Reading documents costs CPU (a PDF's text, a zip): per client address, like uploads. */
const IMPORT_RATE_LIMIT = { max: 30, timeWindow: '1 minute' } as const;

const file = z.custom<Buffer>((v) => Buffer.isBuffer(v), { message: 'booking_nothing_found' });
/** Multipart `files` (one or more), or JSON `{ text }`. */
const importBody = z.union([
  z.object({ files: z.union([file, z.array(file).min(1).max(BOOKING_FILES_MAX)]) }),
  bookingsImportTextBody,
]);

/** Bookings in (issue 34, decision 0068). HTTP only: the contract validates, the service decides. */
export async function bookingsRoutes(app: FastifyInstance, opts: { bookings: BookingsService }) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { bookings } = opts;
  const tags = ['bookings'];
  const noStore = { 'cache-control': 'private, no-store' };

  api.post(
    '/trips/:rideId/bookings/import',
    {
      onRequest: app.requireUser,
      config: {
        rateLimit: IMPORT_RATE_LIMIT,
        multipartOptions: { limits: { fileSize: BOOKING_FILE_BYTES_MAX, files: BOOKING_FILES_MAX } },
      },
      schema: {
        tags,
        summary:
          'Reads confirmations (multipart `files`, or JSON { text }) into a preview; writes nothing on the trip',
        consumes: ['multipart/form-data', 'application/json'],
        params: tripIdParams,
        body: importBody,
        response: { 200: bookingsImportResponse, ...errors },
      },
    },
    async (request, reply) => {
      reply.headers(noStore);
      const body = request.body;
      if ('text' in body)
        return bookings.importPreview(request.params.rideId, request.user, { text: body.text });
      const files = (Array.isArray(body.files) ? body.files : [body.files]).map((bytes, i) => ({
        fileName: uploadedFileName(bytes) ?? `file-${i + 1}`,
        bytes: new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength),
      }));
      if (files.length === 0) throw new AppError('booking_nothing_found');
      return bookings.importPreview(request.params.rideId, request.user, { files });
    },
  );

  api.post(
    '/trips/:rideId/bookings',
    {
      onRequest: app.requireUser,
      schema: {
        tags,
        summary: "Puts the preview's reservations (as corrected) on the trip's days",
        params: tripIdParams,
        body: bookingsConfirmBody,
        response: { 200: bookingsConfirmResponse, ...errors },
      },
    },
    async (request) => bookings.confirm(request.params.rideId, request.user, request.body),
  );

  api.get(
    '/trips/:rideId/bookings',
    {
      schema: {
        tags,
        summary: "The trip's bookings, the forwarded mail waiting for review, the trip's forwarding address",
        params: tripIdParams,
        response: { 200: bookingsListResponse, ...errors },
      },
    },
    async (request, reply) => {
      reply.headers(noStore);
      return bookings.list(request.params.rideId, request.user);
    },
  );

  api.post(
    '/trips/:rideId/bookings/address',
    {
      onRequest: app.requireUser,
      schema: {
        tags,
        summary: 'A new forwarding address for the trip (mail to the old one is refused)',
        params: tripIdParams,
        response: { 200: bookingsAddressResponse, ...errors },
      },
    },
    async (request) => bookings.resetAddress(request.params.rideId, request.user),
  );

  api.post(
    '/trips/:rideId/bookings/waiting/:documentId/accept',
    {
      onRequest: app.requireUser,
      schema: {
        tags,
        summary: 'Lets in a held mail (from someone who is not one of the trip people) for review',
        params: bookingDocumentParams,
        response: { 200: okResponse, ...errors },
      },
    },
    async (request) => bookings.acceptWaiting(request.params.rideId, request.params.documentId, request.user),
  );

  api.delete(
    '/trips/:rideId/bookings/waiting/:documentId',
    {
      onRequest: app.requireUser,
      schema: {
        tags,
        summary: 'Dismisses a waiting mail',
        params: bookingDocumentParams,
        response: { 200: okResponse, ...errors },
      },
    },
    async (request) =>
      bookings.dismissWaiting(request.params.rideId, request.params.documentId, request.user),
  );

  api.get(
    '/trips/:rideId/bookings/documents/:documentId',
    {
      schema: {
        tags,
        summary: "A booking's document (the trip's people only), as a download",
        params: bookingDocumentParams,
        response: { 200: z.any().describe('the document, as a download'), ...errors },
      },
    },
    async (request, reply) => {
      const doc = await bookings.document(request.params.rideId, request.params.documentId, request.user);
      // Always a download, never rendered by the browser on our origin: a saved page may carry scripts.
      const safeName = doc.fileName.replace(/[^\p{L}\p{N} ._-]+/gu, '_');
      reply
        .headers(noStore)
        .header(
          'content-type',
          doc.contentType === 'application/pdf' ? 'application/pdf' : 'application/octet-stream',
        )
        .header(
          'content-disposition',
          `attachment; filename="${safeName.replace(/[^\x20-\x7e]/g, '_')}"; filename*=UTF-8''${encodeURIComponent(safeName)}`,
        )
        .header('content-security-policy', "sandbox; default-src 'none'")
        .header('x-content-type-options', 'nosniff');
      return reply.send(Buffer.from(doc.bytes));
    },
  );
}
