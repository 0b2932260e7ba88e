/**
 * The server's rendering of public pages (decision 0016): the same routes, providers and components as the browser,
 * rendered to HTML for a visitor who is not signed in, in their language. Built by Vite as a Node module
 * (dist-ssr/entry-server.js) and called by apps/server/src/plugins/server-render.ts; the browser then hydrates it
 * (main.tsx). What only the browser knows (stored choices, the viewport, the map) renders after hydration.
 */
import { createInstance, type i18n } from 'i18next';
import { renderToString } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { QueryClient } from '@tanstack/react-query';
import type { UiLanguage } from '@rides/contract';
import { AppProviders } from '../app/providers';
import { routes } from '../app/router';
import { seedTripReads, type TripPageData } from '../features/trip';
import { directionOf } from '../lib/i18n';
import { setHtmlBodyParser } from '../lib/rich-text';
import en from '../locales/en.json';
import he from '../locales/he.json';
import { parse5Body } from './html-parser';

export type { TripPageData };

export interface RenderRequest {
  /** The page's address, absolute (the router needs an origin; only the path and query are used). */
  url: string;
  language: UiLanguage;
  /** The trip page's reads, when the address is a trip a visitor may see. */
  trip?: TripPageData | null;
}

setHtmlBodyParser(parse5Body);

const handler = createStaticHandler(routes);

/** One i18next instance per language, made once: texts do not change while the server runs. */
const instances = new Map<UiLanguage, i18n>();
function i18nFor(language: UiLanguage): i18n {
  let instance = instances.get(language);
  if (!instance) {
    instance = createInstance();
    void instance.init({
      lng: language,
      fallbackLng: false,
      resources: { [language]: { translation: language === 'he' ? he : en } },
      interpolation: { escapeValue: false },
      returnNull: false,
      react: { useSuspense: false },
      initAsync: false,
      showSupportNotice: false,
    });
    instances.set(language, instance);
  }
  return instance;
}

/** The HTML of #root for the address, or null when the router answers a redirect (the browser app handles it). */
export async function render({ url, language, trip }: RenderRequest): Promise<string | null> {
  const context = await handler.query(new Request(url));
  if (context instanceof Response) return null;
  const router = createStaticRouter(handler.dataRoutes, context);
  // Never fetches here (no effects run on the server): the queries find what was seeded, or render their loading state.
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  if (trip) seedTripReads(queryClient, trip);
  try {
    return renderToString(
      <I18nextProvider i18n={i18nFor(language)}>
        <AppProviders queryClient={queryClient} direction={directionOf(language)}>
          <StaticRouterProvider router={router} context={context} hydrate={false} />
        </AppProviders>
      </I18nextProvider>,
    );
  } finally {
    queryClient.clear();
  }
}
