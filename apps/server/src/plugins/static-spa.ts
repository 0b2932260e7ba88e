import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createHash } from 'node:crypto';
import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { matchAddress } from '@rides/contract';
import { tripDataElement } from '../modules/trips/trip-page-data.js';
import {
  ALWAYS_MODULES,
  PAGE_MODULES,
  preloadTags,
  withPreloads,
  type ViteManifest,
} from './page-preloads.js';
import type { PageParts } from './server-render.js';

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
  const pages = PAGE_MODULES.map(({ addresses, module }) => ({
    addresses,
    html: compressed(withPreloads(indexHtml, preloadTags(manifest, [module, ...ALWAYS_MODULES], present))),
    // For the server's rendering of the page: the same, with its style sheets linked.
    rendered: compressed(
      withPreloads(indexHtml, preloadTags(manifest, [module, ...ALWAYS_MODULES], present, true)),
    ),
  }));
  const other = compressed(withPreloads(indexHtml, preloadTags(manifest, ALWAYS_MODULES, present)));
  /** The shell for an address, and the one for its server rendering. */
  return (path: string): { shell: Html; rendered: Html } => {
    const page = pages.find((p) => p.addresses.some((address) => matchAddress(address, path) !== null));
    return page ? { shell: page.html, rendered: page.rendered } : { shell: other, rendered: other };
  };
}

/** Where the shell's boot placeholder sits in index.html (apps/web/index.html); a rendered page replaces it. */
const BOOT = /<div id="root"><!--boot-->[\s\S]*?<!--\/boot--><\/div>/;

/**
 * The shell with what the server knows of this page: the rendered #root (marked with its language, which main.tsx
 * checks before hydrating), <html lang dir>, the page's title (React renders <title> first; it belongs in <head>),
 * and the trip's reads. Without a rendered root, only the data is added.
 */
export function assemblePage(
  shell: string,
  root: string | null,
  language: string,
  tripJson: string | null,
): string {
  let html = shell;
  if (root !== null && BOOT.test(html)) {
    let body = root;
    const title = /^<title>([^<]*)<\/title>/.exec(body);
    if (title) {
      body = body.slice(title[0].length);
      html = html.replace(/<title>[^<]*<\/title>/, () => title[0]);
    }
    const dir = language === 'he' ? 'rtl' : 'ltr';
    html = html
      .replace(/<html lang="[a-z]{2}" dir="(?:rtl|ltr)"/, `<html lang="${language}" dir="${dir}"`)
      .replace(BOOT, () => `<div id="root" data-ssr="${language}">${body}</div>`);
  }
  if (tripJson !== null) html = html.replace('</body>', () => `${tripDataElement(tripJson)}</body>`);
  return html;
}

const RENDERED_CACHE_SIZE = 200;
const RENDERED_TTL_MS = 10 * 60_000;

const compressedPage = (html: string): Html => {
  const raw = Buffer.from(html);
  return {
    raw,
    gzip: gzipSync(raw, { level: 6 }),
    br: brotliCompressSync(raw, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 5 } }),
  };
};

/**
 * The page's HTML: the shell with its rendering and data; rendered pages come from the cache when they can: rendered
 * pages, compressed, by address, language and the trip's data (a changed trip is a new entry, never a stale page), a
 * render costs tens of milliseconds of the event loop, a hit only a hash of the data. Small and short-lived, and one
 * per app: another app (a test's, with another web build) renders its own pages.
 */
function createPageHtml() {
  const rendered = new Map<string, { html: Html; at: number }>();
  return async function pageHtml(
    html: { shell: Html; rendered: Html },
    parts: PageParts,
    url: string,
  ): Promise<Html> {
    const text = (h: Html) => h.raw.toString('utf8');
    if (!parts.render)
      return compressedPage(assemblePage(text(html.shell), null, parts.language, parts.tripJson));
    const key = `${url}|${parts.language}|${createHash('sha1')
      .update(parts.tripJson ?? '')
      .digest('base64url')}`;
    const hit = rendered.get(key);
    if (hit && Date.now() - hit.at < RENDERED_TTL_MS) return hit.html;
    const root = await parts.render();
    // A failed render gets the plain shell (with its preloads) and is not kept: the next request tries again.
    if (root === null)
      return compressedPage(assemblePage(text(html.shell), null, parts.language, parts.tripJson));
    const page = compressedPage(assemblePage(text(html.rendered), root, parts.language, parts.tripJson));
    rendered.delete(key);
    rendered.set(key, { html: page, at: Date.now() });
    if (rendered.size > RENDERED_CACHE_SIZE) rendered.delete(rendered.keys().next().value as string);
    return page;
  };
}

function sendHtml(request: FastifyRequest, reply: FastifyReply, html: Html, vary = 'accept-encoding') {
  const accepted = String(request.headers['accept-encoding'] ?? '');
  reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').header('vary', vary);
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
  /** What a page's HTML gets beyond the shell: its server rendering and data (see server-render.ts). */
  page?: (request: FastifyRequest, path: string) => Promise<PageParts>;
}

async function staticSpa(app: FastifyInstance, opts: StaticSpaOptions) {
  const pageHtml = createPageHtml();
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
    app.log.warn(
      { webDist: opts.webDist },
      'web app is not built; only the API is served (run npm run build)',
    );
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
      const parts = request.method === 'GET' && opts.page ? await opts.page(request, path) : null;
      if (parts && (parts.render !== null || parts.tripJson !== null)) {
        // The language cookie chooses the rendering's language.
        return sendHtml(
          request,
          reply,
          await pageHtml(htmlFor(path), parts, request.url),
          'accept-encoding, cookie',
        );
      }
      return sendHtml(request, reply, htmlFor(path).shell);
    }
    return reply.status(404).type('text/plain').send('Not found');
  });
}

export default fp(staticSpa, { name: 'static-spa' });
