import { ScrollRestoration, Outlet } from 'react-router';
import { isSubdomainMode } from '../../lib/subdomain';
import { AppModals } from '../AppModals';
import { CookieBanner } from './CookieBanner';
import { FocusOnNavigate } from './FocusOnNavigate';
import { Footer } from './Footer';
import { Header } from './Header';
import { NavigationProgress } from './NavigationProgress';
import { SessionEvents } from './SessionEvents';
import { SkipLink } from './SkipLink';
import classes from './RootLayout.module.css';

/** Every page: skip link, header (product menu hidden on white-label sub-domains), main, footer, banner, modals. */
export function RootLayout() {
  const subdomain = isSubdomainMode();
  return (
    <div className={classes.shell}>
      <SkipLink />
      <NavigationProgress />
      <Header subdomain={subdomain} />
      <main id="main" tabIndex={-1} className={classes.main}>
        <Outlet />
      </main>
      <Footer subdomain={subdomain} />
      <CookieBanner />
      <AppModals />
      <SessionEvents />
      <ScrollRestoration />
      <FocusOnNavigate />
    </div>
  );
}
