import type { FastifyRequest } from 'fastify';

/** gzip unless the client refuses it ("gzip;q=0") or does not name it (nor "*"). */
export function acceptsGzip(request: FastifyRequest): boolean {
  const header = request.headers['accept-encoding'];
  if (!header) return false;
  for (const part of header.split(',')) {
    const [coding = '', ...params] = part.trim().toLowerCase().split(';');
    if (coding !== 'gzip' && coding !== '*') continue;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    return !q || Number(q.slice(2)) > 0;
  }
  return false;
}
