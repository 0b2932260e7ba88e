import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { ADDRESSES, LANGUAGE_COOKIE, matchAddress, UI_LANGUAGES, type UiLanguage } from '@rides/contract';
import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import { tripPageId } from '../modules/trips/trip-page-data.js';

/**
 * Server rendering of the public pages people arrive at (decision 0016): the web app's own components, built as a
 * Node module (apps/web/dist-ssr/entry-server.js, from apps/web/src/ssr/entry-server.tsx), render the page as a
 * visitor who is not signed in sees it, so a phone paints the trip from the HTML instead of after ~200 KB of
 * JavaScript (issue 3 and 4: Lighthouse mobile). The browser hydrates that HTML. Without the module (a build
 * without it, a failed import) or when a render fails, the page is the plain app shell: slower, never broken.
 */

/** What apps/web/src/ssr/entry-server.tsx exports. */
interface WebRenderer {
  render(request: { url: string; language: UiLanguage; trip?: unknown }): Promise<string | null>;
}

/**
 * The pages rendered on the server: home, the planners landing page and the trip page (those with a Lighthouse bar,
 * and the shared ones).
 * A trip page only with the trip a visitor may see: a private or missing one would render as a skeleton. The planners
 * landing page (decision 0031) has no data of its own, the settings arrive from /api/client_config.
 */
const rendersOnServer = (path: string, tripJson: string | null) =>
  matchAddress(ADDRESSES.home, path) !== null ||
  matchAddress(ADDRESSES.forPlanners, path) !== null ||
  (tripPageId(path) !== null && tripJson !== null);

/** The part of the trip's reads read here. */
interface TripReads {
  rideAttractions: { ride: { language: string } };
}

/** What the HTML of one page gets beyond the shell. */
export interface PageParts {
  language: UiLanguage;
  /** The trip's reads as JSON (see tripPageReads), or null. */
  tripJson: string | null;
  /** Renders #root (null: the shell), or null when this page is not rendered on the server. */
  render: (() => Promise<string | null>) | null;
}

export interface PagePartsDeps {
  ssrDist: string;
  log: FastifyBaseLogger;
  /** The trip page's reads for an address (null when none, or not visible to a visitor). */
  tripReads: (path: string) => Promise<string | null>;
  /** The white-label sub-domain of a host, or null: a themed site renders in the browser (its theme is looked up there). */
  subdomainOf: (hostname: string) => string | null;
}

/** The UI language a request's cookie names (the web client writes it), else Hebrew (001 §9). */
export function languageOf(request: FastifyRequest): UiLanguage {
  return chosenLanguage(request) ?? 'he';
}

/** The language the reader chose (their cookie), or null when they have not chosen (the mails then ask the browser). */
export function chosenLanguage(request: FastifyRequest): UiLanguage | null {
  const match = new RegExp(`(?:^|;\\s*)${LANGUAGE_COOKIE}=([a-z]{2})(?:;|$)`).exec(
    request.headers.cookie ?? '',
  );
  const lng = match?.[1];
  return (UI_LANGUAGES as readonly string[]).includes(lng ?? '') ? (lng as UiLanguage) : null;
}

async function loadRenderer(ssrDist: string, log: FastifyBaseLogger): Promise<WebRenderer | null> {
  const file = join(ssrDist, 'entry-server.js');
  if (!existsSync(file)) {
    log.info({ file }, 'no server rendering module: pages are the app shell');
    return null;
  }
  try {
    const mod = (await import(pathToFileURL(file).href)) as Partial<WebRenderer>;
    return typeof mod.render === 'function' ? (mod as WebRenderer) : null;
  } catch (err) {
    log.warn({ err, file }, 'server rendering module failed to load: pages are the app shell');
    return null;
  }
}

/** The parts of a page's HTML, by request; the renderer is loaded once, at the first page. */
export function createPageParts(deps: PagePartsDeps) {
  let renderer: Promise<WebRenderer | null> | undefined;
  const failed = new Set<string>();
  return async (request: FastifyRequest, path: string): Promise<PageParts> => {
    const tripJson = await deps.tripReads(path);
    const trip = tripJson ? (JSON.parse(tripJson) as TripReads) : null;
    // Every page, a trip's too, in the visitor's language (their cookie, else Hebrew): the interface is the user's choice
    // alone, and the trip's texts show in their own direction inside it (decision 0042).
    const language = languageOf(request);
    if (!rendersOnServer(path, tripJson) || deps.subdomainOf(request.hostname) !== null)
      return { language, tripJson, render: null };
    const render = async (): Promise<string | null> => {
      renderer ??= loadRenderer(deps.ssrDist, deps.log);
      const web = await renderer;
      if (!web) return null;
      try {
        return await web.render({ url: `http://localhost${request.url}`, language, trip });
      } catch (err) {
        // Logged once per page: a page that cannot render on the server still works as the shell.
        if (!failed.has(path)) deps.log.warn({ err, path }, 'server rendering failed: sent the app shell');
        if (failed.size > 1000) failed.clear();
        failed.add(path);
        return null;
      }
    };
    return { language, tripJson, render };
  };
}
