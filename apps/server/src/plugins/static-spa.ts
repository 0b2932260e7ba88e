import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { ALWAYS_MODULES, PAGE_MODULES, preloadTags, withPreloads, type ViteManifest } from './page-preloads.js';

/** One version of index.html, compressed once at start. */
interface Html {
  raw: Buffer;
  gzip: Buffer;
  br: Buffer;
}
const compressed = (html: string): Html => {
  const raw = Buffer.from(html);
  return { raw, gzip: gzipSync(raw, { level: 9 }), br: brotliCompressSync(raw) };
};

function readManifest(webDist: string): ViteManifest {
  try {
    return JSON.parse(readFileSync(join(webDist, '.vite', 'manifest.json'), 'utf8')) as ViteManifest;
  } catch {
    // An older build without a manifest: pages still work, without preloads.
    return {};
  }
}

/** index.html for every page: with the preloads of the page the address names (see page-preloads.ts). */
function htmlVersions(webDist: string, indexHtml: string) {
  const manifest = readManifest(webDist);
  const present = (file: string) => indexHtml.includes(`/${file}"`);
  const pages = PAGE_MODULES.map(({ path, module }) => ({
    path,
    html: compressed(withPreloads(indexHtml, preloadTags(manifest, [module, ...ALWAYS_MODULES], present))),
  }));
  const other = compressed(withPreloads(indexHtml, preloadTags(manifest, ALWAYS_MODULES, present)));
  return (path: string) => pages.find((p) => p.path.test(path))?.html ?? other;
}

/** A page with its data is made per request: gzip at a fast level (a trip page is ~10 KB compressed, <1 ms). */
function sendHtmlWithData(request: FastifyRequest, reply: FastifyReply, html: Html, data: string) {
  const page = Buffer.from(html.raw.toString('utf8').replace('</body>', `${data}</body>`));
  reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').header('vary', 'accept-encoding');
  if (/\bgzip\b/.test(String(request.headers['accept-encoding'] ?? '')))
    return reply.header('content-encoding', 'gzip').send(gzipSync(page, { level: 5 }));
  return reply.send(page);
}

function sendHtml(request: FastifyRequest, reply: FastifyReply, html: Html) {
  const accepted = String(request.headers['accept-encoding'] ?? '');
  reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').header('vary', 'accept-encoding');
  if (/\bbr\b/.test(accepted)) return reply.header('content-encoding', 'br').send(html.br);
  if (/\bgzip\b/.test(accepted)) return reply.header('content-encoding', 'gzip').send(html.gzip);
  return reply.send(html.raw);
}

/**
 * Serves the built web app (compressed files when the browser accepts them). Unknown /api paths get a JSON 404; any other GET that is not a file gets
 * index.html (history-mode routing), with preloads for the page it names. Hashed assets are cached for a year;
 * index.html never.
 */
export interface StaticSpaOptions {
  webDist: string;
  /** Data a page's HTML carries (an element for the end of <body>), by address; null for none. */
  pageData?: (path: string) => Promise<string | null>;
}

async function staticSpa(app: FastifyInstance, opts: StaticSpaOptions) {
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
  const htmlFor = hasWeb ? htmlVersions(opts.webDist, readFileSync(indexFile, 'utf8')) : null;

  app.setNotFoundHandler(async (request, reply) => {
    const path = request.url.split('?')[0] ?? '/';
    if (path === '/api' || path.startsWith('/api/')) {
      return reply.status(404).send({ ServerMassageCode: 'route_not_found' });
    }
    if ((request.method === 'GET' || request.method === 'HEAD') && htmlFor) {
      // A missing file with an extension (e.g. /assets/old.js) is a real 404, not the app.
      if (/\.[a-z0-9]{1,8}$/i.test(path)) return reply.status(404).type('text/plain').send('Not found');
      const data = request.method === 'GET' && opts.pageData ? await opts.pageData(path) : null;
      if (data) return sendHtmlWithData(request, reply, htmlFor(path), data);
      return sendHtml(request, reply, htmlFor(path));
    }
    return reply.status(404).type('text/plain').send('Not found');
  });
}

export default fp(staticSpa, { name: 'static-spa' });
