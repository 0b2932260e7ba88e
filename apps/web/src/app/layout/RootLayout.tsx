import { lazy, Suspense } from 'react';
import { ScrollRestoration, Outlet, type Location } from 'react-router';
import { OfflineController } from '../../features/trip/offline/components/OfflineController';
import { isSubdomainMode } from '../../lib/subdomain';
import { useAppModal } from '../../lib/modal-controller';
import { CookieBanner } from './CookieBanner';
import { FocusOnNavigate } from './FocusOnNavigate';
import { Footer } from './Footer';
import { Header } from './Header';
import { NavigationProgress } from './NavigationProgress';
import { SessionEvents } from './SessionEvents';
import { SkipLink } from '../../components/SkipLink';
import classes from './RootLayout.module.css';

/** The modals (and Mantine's Modal under them) load with the first one opened, not with every page. */
const AppModals = lazy(() => import('../AppModals').then((m) => ({ default: m.AppModals })));

/**
 * The router keeps scroll positions by history entry key, and the first entry of every document is "default": a page
 * opened fresh in the tab (typed address, reload of another page) was given the position of the page the tab showed
 * before, some frames after it rendered. That entry is keyed by its path instead.
 */
const scrollKey = (location: Location) => (location.key === 'default' ? location.pathname : location.key);

/**
 * Every page: skip link, header, main, footer, banner, modals. On a white-label sub-domain (000 §1) the header is
 * the partner's thin bar and there is no footer; the page background is the theme's.
 */
export function RootLayout() {
  const subdomain = isSubdomainMode();
  const modal = useAppModal();
  return (
    <div className={classes.shell} data-subdomain={subdomain || undefined}>
      <SkipLink />
      <NavigationProgress />
      <Header subdomain={subdomain} />
      <main id="main" tabIndex={-1} className={classes.main}>
        <Outlet />
      </main>
      {!subdomain && <Footer />}
      <CookieBanner />
      {modal !== null && (
        <Suspense fallback={null}>
          <AppModals />
        </Suspense>
      )}
      <SessionEvents />
      <ScrollRestoration getKey={scrollKey} />
      <FocusOnNavigate />
      <OfflineController />
    </div>
  );
}
