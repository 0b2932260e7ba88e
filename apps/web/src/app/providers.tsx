import { lazy, Suspense, useEffect, type ReactNode } from 'react';
import { DirectionProvider, MantineProvider, useDirection } from '@mantine/core';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { applyCachedTheme } from '../features/theme/startup';
import { directionOf, isUiLanguage } from '../lib/i18n';
import { isSubdomainMode } from '../lib/subdomain';
import { useToastsWanted } from '../lib/toast';
import { cssVariablesResolver, theme } from './theme';

// A white-label sub-domain's colours before the first paint (the theme last seen on this host); the theme call
// and its colour arithmetic load only on a sub-domain, so the main site downloads nothing more (decision 0010).
if (typeof document !== 'undefined') applyCachedTheme();
const ThemeSync = lazy(() => import('../features/theme/ThemeSync'));
// The toasts' container (and its transitions) loads with the first toast (lib/toast.ts); the toast waits in the
// notifications store and appears with it.
const Notifications = lazy(() => import('@mantine/notifications').then((m) => ({ default: m.Notifications })));

/** Keeps Mantine's direction in step with the UI language (Hebrew right to left, English left to right). */
function DirectionSync() {
  const { i18n } = useTranslation();
  const { setDirection } = useDirection();
  const lng = i18n.resolvedLanguage ?? i18n.language;
  useEffect(() => {
    setDirection(directionOf(isUiLanguage(lng) ? lng : 'he'));
  }, [lng, setDirection]);
  return null;
}

interface AppProvidersProps {
  queryClient: QueryClient;
  /** The page's direction at the first render: <html dir> in the browser, the language's on the server. */
  direction: 'rtl' | 'ltr';
  children: ReactNode;
}

export function AppProviders({ queryClient, direction, children }: AppProvidersProps) {
  const toastsWanted = useToastsWanted();
  return (
    <DirectionProvider initialDirection={direction} detectDirection>
      <DirectionSync />
      <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} forceColorScheme="light">
        <QueryClientProvider client={queryClient}>
          {isSubdomainMode() && (
            <Suspense fallback={null}>
              <ThemeSync />
            </Suspense>
          )}
          {toastsWanted && (
            <Suspense fallback={null}>
              <Notifications position="top-center" limit={3} containerWidth={440} />
            </Suspense>
          )}
          {children}
        </QueryClientProvider>
      </MantineProvider>
    </DirectionProvider>
  );
}
