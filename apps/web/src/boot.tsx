/**
 * The app's start (loaded by main.tsx): hydrates the server's HTML or renders the app, and registers the service worker.
 */
// First: before any module that parses with Zod is evaluated.
import './lib/no-eval';
import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app/App';
import { queryClient } from './app/query-client';
import { createRouter, resolveLazyRoutes } from './app/router';
import { prefetchTripReads } from './features/trip/view/api/prefetch';
import { beginHydration } from './lib/hydration';
import { currentLanguage, directionOf, initI18n, storedLanguage } from './lib/i18n';
import { getSession, initSession } from './lib/session-store';

/** The language the server rendered the page in (`data-ssr` on #root), or null for the plain app shell. */
const SSR_ATTRIBUTE = 'data-ssr';

/**
 * The server renders public pages as a visitor who is not signed in sees them (decision 0016): in the language its
 * cookie names, a trip page too (the interface is the user's choice alone, decision 0042). That HTML is hydrated when
 * this browser renders the same: no session, and that language (the stored one, which the cookie repeats).
 * Otherwise the app renders itself over it.
 */
async function start() {
  initSession();
  const root = document.getElementById('root');
  if (!root) return;
  prefetchTripReads(queryClient, window.location.pathname);
  const language = storedLanguage();
  const hydrate = root.getAttribute(SSR_ATTRIBUTE) === language && getSession() === null;
  // A task of its own for what follows: loading the route's code starts ~40 module fetches at once, which with
  // this module's evaluation and the page's data made one long task on a phone (issue 3: total blocking time).
  await new Promise((resolve) => window.setTimeout(resolve, 0));
  // A hydrated page must render exactly the server's HTML at once: its route's code is loaded before the router starts.
  await Promise.all([initI18n(language), hydrate ? resolveLazyRoutes(window.location.pathname) : null]);
  // Another task for the router and the hydration's start: the route's modules were evaluated in this one.
  await new Promise((resolve) => window.setTimeout(resolve, 0));
  const app = (
    <StrictMode>
      <App router={createRouter()} queryClient={queryClient} direction={directionOf(currentLanguage())} />
    </StrictMode>
  );
  if (!hydrate) {
    createRoot(root).render(app);
    return;
  }
  // A transition: hydration yields to the browser every few milliseconds instead of one long task (the page is
  // already painted and readable; this only makes it interactive).
  beginHydration();
  startTransition(() => {
    hydrateRoot(root, app, {
      onRecoverableError: (error) => console.warn('hydration:', error),
    });
  });
}

/**
 * The service worker at /sw.js (002 §7): registered after load, in production builds only, with the browser's own
 * API (workbox-window's 2 KB bought nothing more here). A new version takes over at once (autoUpdate: skipWaiting and
 * clientsClaim) and the page reloads onto it; the first install takes control without a reload. This module is
 * itself loaded late (main.tsx), often after `load` has fired: then it registers at once.
 */
function registerServiceWorker() {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  const register = () => {
    const { serviceWorker } = navigator;
    // A controller already there means this change of controller is an update, not the first install.
    let updating = serviceWorker.controller !== null;
    serviceWorker.addEventListener('controllerchange', () => {
      if (!updating) {
        updating = true;
        return;
      }
      window.location.reload();
    });
    serviceWorker
      .register('/sw.js', { scope: '/' })
      .catch((err: unknown) => console.warn('service worker registration failed', err));
  };
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}

export function boot(): void {
  void start();
  registerServiceWorker();
}
