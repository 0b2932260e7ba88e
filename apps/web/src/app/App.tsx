import { useEffect } from 'react';
import { RouterProvider, type createBrowserRouter } from 'react-router';
import type { QueryClient } from '@tanstack/react-query';
import { endHydration } from '../lib/hydration';
import { AppProviders } from './providers';

interface AppProps {
  router: ReturnType<typeof createBrowserRouter>;
  queryClient: QueryClient;
  direction: 'rtl' | 'ltr';
}

/** The browser's app: the providers around the router (entry-server.tsx renders the same providers on the server). */
export function App({ router, queryClient, direction }: AppProps) {
  // `<html data-app-ready>` once the app is live: rendered, or the server's HTML hydrated and its browser-only
  // parts rendered (before that, a server-rendered page is readable but its buttons do nothing). Tests and
  // monitoring wait for it. A task after the commit: see endHydration.
  useEffect(() => {
    const timer = window.setTimeout(() => {
      endHydration();
      document.documentElement.setAttribute('data-app-ready', '');
    }, 0);
    return () => window.clearTimeout(timer);
  }, []);
  return (
    <AppProviders queryClient={queryClient} direction={direction}>
      <RouterProvider router={router} />
    </AppProviders>
  );
}
