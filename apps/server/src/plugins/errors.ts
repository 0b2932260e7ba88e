import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { isServerCode, type ServerMassageCode } from '@rides/contract';
import { DATABASE_RETRY_AFTER_SECONDS } from '../db/availability.js';
import { isDatabaseUnavailable } from '../db/errors.js';
import { AppError, TryLaterError } from '../lib/errors.js';

/**
 * One error handler for the whole API: every failure becomes `{ ServerMassageCode, errors? }` with a fitting
 * status (DESIGN.md §4). Validation messages in the contract are translation keys, so the first one becomes the
 * code and all of them become field errors. Nothing of a stack trace ever reaches the client.
 */
type FieldError = { field: string; code: string };

function validationToCodes(error: FastifyError): { code: ServerMassageCode; errors: FieldError[] } {
  const errors: FieldError[] = [];
  if (hasZodFastifySchemaValidationErrors(error)) {
    for (const v of error.validation) {
      const field = v.instancePath.replace(/^\//, '').replace(/\//g, '.');
      const params = v.params as { keys?: string[] };
      if (v.keyword === 'unrecognized_keys' && params.keys) {
        for (const key of params.keys) errors.push({ field: key, code: 'unknown_field' });
      } else {
        errors.push({ field, code: isServerCode(v.message) ? v.message : 'bad_request' });
      }
    }
  }
  const first = errors.find((e) => isServerCode(e.code))?.code;
  return { code: (first as ServerMassageCode | undefined) ?? 'bad_request', errors };
}

/** Maps Fastify's own error codes (body parsing, limits) onto ours. */
const FASTIFY_CODES: Record<string, ServerMassageCode> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'bad_request',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'bad_request',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'bad_request',
  FST_ERR_CTP_BODY_TOO_LARGE: 'payload_too_large',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'unsupported_media_type',
  FST_REQ_FILE_TOO_LARGE: 'payload_too_large',
  FST_FILES_LIMIT: 'payload_too_large',
  FST_FIELDS_LIMIT: 'payload_too_large',
  FST_PARTS_LIMIT: 'payload_too_large',
  FST_INVALID_MULTIPART_CONTENT_TYPE: 'unsupported_media_type',
  FST_ERR_VALIDATION: 'bad_request',
};

/**
 * A malformed multipart body (no boundary, cut off) fails inside busboy with a plain Error that carries neither
 * a code nor a status: it is the client's fault (400), not ours (500).
 */
const MULTIPART_PARSE_ERROR =
  /^(?:Multipart: Boundary not found|Unexpected end of multipart data|\w+ terminated early due to unexpected end of multipart data)$/;

/** The driver's own words at the bottom of the causes (not Drizzle's "Failed query: ..." with the query's parameters). */
function innermostMessage(err: Error): string {
  let current: Error = err;
  for (let depth = 0; depth < 6 && current.cause instanceof Error; depth += 1) current = current.cause;
  return current.message;
}

async function errorsPlugin(app: FastifyInstance) {
  // Fastify answers requests that arrive while it drains (a kept-alive connection) with its own 503 body; app.ts turns
  // that off (return503OnClosing: false) and this answers them with the envelope instead, before any other hook.
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  app.addHook('onRequest', async (_request, reply) => {
    if (closing)
      return reply
        .status(503)
        .header('connection', 'close')
        .send({ ServerMassageCode: 'service_unavailable' });
  });
  // A request already in flight when the shutdown began (a PDF being made) is answered, and its connection closes
  // after the answer: kept alive, it would hold the listener's close (and the shutdown) until the keep-alive timeout.
  app.addHook('onSend', async (_request, reply) => {
    if (closing) reply.header('connection', 'close');
  });
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      if (error instanceof TryLaterError) reply.header('retry-after', String(error.retryAfterSeconds));
      return reply
        .status(error.status)
        .send({
          ServerMassageCode: error.code,
          ...(error.fieldErrors ? { errors: error.fieldErrors } : {}),
          ...error.extra,
        });
    }
    if (error.validation) {
      const { code, errors } = validationToCodes(error);
      return reply.status(400).send({ ServerMassageCode: code, errors });
    }
    if (error.statusCode === 429) {
      return reply.status(429).send({ ServerMassageCode: 'too_many_requests' });
    }
    const mapped = error.code ? FASTIFY_CODES[error.code] : undefined;
    if (mapped) {
      const status =
        error.statusCode && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 400;
      return reply.status(status).send({ ServerMassageCode: mapped });
    }
    if (!error.statusCode && MULTIPART_PARSE_ERROR.test(error.message)) {
      return reply.status(400).send({ ServerMassageCode: 'bad_request' });
    }
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      request.log.info({ err: { code: error.code, message: error.message } }, 'client error');
      return reply.status(error.statusCode).send({ ServerMassageCode: 'bad_request' });
    }
    if (isDatabaseUnavailable(error)) {
      // The database is restarting or unreachable (decision 0051): not a bug of ours, and the pool comes back by itself.
      // One line, no stack: during an outage every request says it (the state's change is logged once, as a warning).
      request.log.info({ err: { message: innermostMessage(error) } }, 'database unavailable');
      return reply
        .status(503)
        .header('retry-after', String(DATABASE_RETRY_AFTER_SECONDS))
        .send({ ServerMassageCode: 'database_unavailable' });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send({ ServerMassageCode: 'api_call_failed' });
  });
}

/**
 * Fastify's `frameworkErrors` option: what the router refuses before any route or hook runs (a path that is not valid
 * percent-encoding, "/api/ride_header_api/%"; a path parameter over maxParamLength) would otherwise answer Fastify's
 * own body. The same envelope as everything else.
 */
export function frameworkErrors(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  const [status, code]: [number, ServerMassageCode] =
    error.code === 'FST_ERR_MAX_PARAM_LENGTH'
      ? [414, 'uri_too_long']
      : error.code === 'FST_ERR_BAD_URL'
        ? [400, 'bad_request']
        : [500, 'api_call_failed'];
  if (status === 500) request.log.error({ err: error }, 'router error');
  else request.log.info({ err: { code: error.code } }, 'client error');
  void reply.status(status).send({ ServerMassageCode: code });
}

/** What Node's HTTP parser refuses, by its error code: too large headers (or request line), a slow client, bad HTTP. */
function parserRefusal(err: NodeJS.ErrnoException): [number, ServerMassageCode] {
  if (err.code === 'HPE_HEADER_OVERFLOW') return [431, 'request_header_fields_too_large'];
  if (err.code === 'ERR_HTTP_REQUEST_TIMEOUT') return [408, 'request_timeout'];
  return [400, 'bad_request'];
}

/**
 * Fastify's `clientErrorHandler` option (Node's 'clientError' event): a request Node's parser refuses never reaches
 * Fastify, so no hook or error handler sees it; Fastify's default writes its own body. Answers the envelope instead,
 * then closes the connection (the parser cannot go on after an error). A connection already gone gets nothing.
 */
export function clientErrorHandler(err: NodeJS.ErrnoException, socket: Socket): void {
  if (err.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, code] = parserRefusal(err);
  const body = JSON.stringify({ ServerMassageCode: code });
  if (socket.writable) {
    socket.end(
      `HTTP/1.1 ${status} ${STATUS_CODES[status] ?? ''}\r\nContent-Type: application/json; charset=utf-8\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  // Whatever was not written in time goes with the socket; a parser error leaves nothing else to do with it.
  setTimeout(() => socket.destroy(), 1000).unref();
}

export default fp(errorsPlugin, { name: 'errors' });
