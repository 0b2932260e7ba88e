import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ReadyAnswer } from './search.cache.js';
import { acceptsGzip } from '../../lib/accept-encoding.js';

/**
 * HTTP caching of the search answers (decision 0013, issue 4 "speed").
 *
 * Public answers (the same for every visitor): a browser or CDN may keep them a minute and serve them up to five
 * minutes more while it refreshes in the background (stale-while-revalidate); the ETag lets a refresh cost a
 * 304. They do not vary by token, only by encoding. Answers that depend on the viewer are `private, no-cache`
 * and vary by Authorization.
 */
export const PUBLIC_MAX_AGE_S = 60;
export const PUBLIC_STALE_S = 300;
export const PUBLIC_CACHE_CONTROL = `public, max-age=${PUBLIC_MAX_AGE_S}, stale-while-revalidate=${PUBLIC_STALE_S}`;
export const PRIVATE_CACHE_CONTROL = 'private, no-cache';

const JSON_TYPE = 'application/json; charset=utf-8';

/** If-None-Match holds our ETag (weak comparison, RFC 9110 §13.1.2), or "*". */
function notModified(request: FastifyRequest, etag: string): boolean {
  const header = request.headers['if-none-match'];
  if (!header) return false;
  const opaque = (tag: string) => tag.trim().replace(/^W\//, '');
  const ours = opaque(etag);
  return header.split(',').some((tag) => tag.trim() === '*' || opaque(tag) === ours);
}

/** Sends a cached public answer as it is (the serializer is skipped for a Buffer; the tests parse it with the schema). */
export function sendPublic(request: FastifyRequest, reply: FastifyReply, answer: ReadyAnswer) {
  reply
    .header('cache-control', PUBLIC_CACHE_CONTROL)
    .header('etag', answer.etag)
    .header('vary', 'Accept-Encoding');
  // Only safe methods revalidate (RFC 9110 §13.1.2); a POST always gets the body.
  if ((request.method === 'GET' || request.method === 'HEAD') && notModified(request, answer.etag)) {
    return reply.code(304).send();
  }
  reply.type(JSON_TYPE);
  if (answer.gzip && acceptsGzip(request)) return reply.header('content-encoding', 'gzip').send(answer.gzip);
  return reply.send(answer.identity);
}

/** Marks an answer that depends on the viewer. */
export function markPrivate(reply: FastifyReply): void {
  reply.header('cache-control', PRIVATE_CACHE_CONTROL).header('vary', 'Authorization');
}
