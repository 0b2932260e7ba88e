import { RouterProvider, type createBrowserRouter } from 'react-router';
import type { QueryClient } from '@tanstack/react-query';
import { AppProviders } from './providers';

interface AppProps {
  router: ReturnType<typeof createBrowserRouter>;
  queryClient: QueryClient;
  direction: 'rtl' | 'ltr';
}

/** The browser's app: the providers around the router (entry-server.tsx renders the same providers on the server). */
export function App({ router, queryClient, direction }: AppProps) {
  return (
    <AppProviders queryClient={queryClient} direction={direction}>
      <RouterProvider router={router} />
    </AppProviders>
  );
}
