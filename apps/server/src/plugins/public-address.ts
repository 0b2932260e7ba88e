import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { subdomainOfHost } from '../modules/themes/themes.service.js';

/**
 * The product's public address for the links the server makes (the PDF's link and QR code, mailed links, the calendar
 * feed, join links): the one the web app's own links are built from (issue 30 point 10).
 *
 * PUBLIC_URL when it is set (production must set it: config.ts refuses to start without it, since a mailed reset link
 * built from a request's Host header could be pointed at someone else's site). Otherwise the address the request came
 * in on: its scheme and host (X-Forwarded-Proto and -Host behind TRUST_PROXY), less a white-label sub-domain label, as
 * PUBLIC_URL names the main site and the links of a sub-domain's trips add theirs (joinLink).
 */
export function publicAddressOf(
  request: Pick<FastifyRequest, 'protocol' | 'host' | 'hostname'>,
  configured: string | null,
  dotCount: number,
): string {
  if (configured) return configured;
  const url = new URL(`${request.protocol}://${request.host}`);
  const sub = subdomainOfHost(request.hostname, dotCount);
  if (sub) url.hostname = url.hostname.slice(sub.length + 1);
  return url.origin;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The public address links are made from (publicAddressOf). */
    readonly publicAddress: string;
  }
}

export const publicAddressPlugin = fp(
  async (app: FastifyInstance, opts: { publicUrl: string | null; subdomainDotCount: number }) => {
    app.decorateRequest('publicAddress', {
      getter(this: FastifyRequest) {
        return publicAddressOf(this, opts.publicUrl, opts.subdomainDotCount);
      },
    });
  },
  { name: 'public-address' },
);
