import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * Serves the built web app (compressed files when the browser accepts them). Unknown /api paths get a JSON 404; any other GET that is not a file gets
 * index.html (history-mode routing). Hashed assets are cached for a year; index.html never.
 */
async function staticSpa(app: FastifyInstance, opts: { webDist: string }) {
  const indexFile = join(opts.webDist, 'index.html');
  const hasWeb = existsSync(indexFile);
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: opts.webDist,
      wildcard: false,
      index: false,
      // The build writes .br and .gz beside each asset (scripts/precompress.mjs): sent as they are, no work per request.
      preCompressed: true,
      setHeaders(reply, path) {
        if (path.includes(`${join(opts.webDist, 'assets')}`)) {
          reply.header('cache-control', 'public, max-age=31536000, immutable');
        } else {
          reply.header('cache-control', 'no-cache');
        }
      },
    });
  } else {
    app.log.warn({ webDist: opts.webDist }, 'web app is not built; only the API is served (run npm run build)');
  }
  const indexHtml = hasWeb ? readFileSync(indexFile) : null;

  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '/';
    if (path === '/api' || path.startsWith('/api/')) {
      return reply.status(404).send({ ServerMassageCode: 'route_not_found' });
    }
    if ((request.method === 'GET' || request.method === 'HEAD') && indexHtml) {
      // A missing file with an extension (e.g. /assets/old.js) is a real 404, not the app.
      if (/\.[a-z0-9]{1,8}$/i.test(path)) return reply.status(404).type('text/plain').send('Not found');
      return reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(indexHtml);
    }
    return reply.status(404).type('text/plain').send('Not found');
  });
}

export default fp(staticSpa, { name: 'static-spa' });
