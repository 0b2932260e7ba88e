import { AsyncLocalStorage } from 'node:async_hooks';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { tripVersionEtag, versionOfEtag } from '@rides/contract';
import { AppError } from '../../lib/errors.js';

/**
 * If-Match and ETag of the editing calls (issue 33 point 3, decision 0065).
 *
 * Every editing call goes through editTrip, under 30 routes in 8 modules. Rather than thread the header through each
 * route and service, this plugin keeps, per request, the raw If-Match and the version the edit made: editTrip reads
 * the first (parseIfMatch: a malformed one is 400 invalid_version, only on a call that edits) and writes the second,
 * and the answer carries it as `ETag: W/"<version>"`, so the web can chain its next edit on it. A read ignores both.
 * Tests and the bench may pass `ifMatch` to editTrip directly (its option wins over the request's).
 *
 * The context is entered in a preHandler hook: after the body is parsed (a POST body's parsing runs in the socket's
 * async context, not the request's), before the route's own preHandlers and handler, which then run inside it.
 */
export interface EditPrecondition {
  /** The request's If-Match header as sent. */
  ifMatch: string | undefined;
  /** The version the request's last edit made (set by editTrip). */
  newVersion?: number;
}

const storage = new AsyncLocalStorage<EditPrecondition>();
const ofRequest = new WeakMap<FastifyRequest, EditPrecondition>();

/** The current request's precondition (undefined outside a request: tests calling services, the CLI). */
export const currentPrecondition = (): EditPrecondition | undefined => storage.getStore();

/** The ETag of a trip's version: weak, as the body differs by viewer (dates hidden, bookings) for one version. */
export const versionEtag = tripVersionEtag;

/**
 * The version an If-Match names: `12`, `"12"` or `W/"12"` (what the ETag said); `*` or no header: no condition.
 * Anything else (a list, a letter, a number past 2^31): 400 invalid_version.
 */
export function parseIfMatch(header: string | undefined): number | undefined {
  if (header === undefined) return undefined;
  const value = header.trim();
  if (value === '' || value === '*') return undefined;
  const version = versionOfEtag(value);
  if (version === undefined) throw new AppError('invalid_version');
  return version;
}

function headerOf(request: FastifyRequest): string | undefined {
  const raw = request.headers['if-match'];
  return Array.isArray(raw) ? raw.join(',') : raw;
}

async function editPreconditionPlugin(app: FastifyInstance) {
  app.addHook('preHandler', (request, _reply, done) => {
    const state: EditPrecondition = { ifMatch: headerOf(request) };
    ofRequest.set(request, state);
    storage.run(state, done);
  });
  app.addHook('onSend', async (request, reply) => {
    const version = ofRequest.get(request)?.newVersion;
    if (version !== undefined && reply.statusCode < 300) reply.header('etag', versionEtag(version));
  });
}

export default fp(editPreconditionPlugin, { name: 'edit-precondition' });
