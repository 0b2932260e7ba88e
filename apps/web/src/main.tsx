import './app/mantine-styles';
import './app/global.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { queryClient } from './app/query-client';
import { prefetchTripReads } from './features/trip/api/prefetch';
import { initI18n } from './lib/i18n';
import { initSession } from './lib/session-store';

async function start() {
  initSession();
  prefetchTripReads(queryClient, window.location.pathname);
  await initI18n();
  const root = document.getElementById('root');
  if (!root) return;
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
}

/**
 * The service worker at /sw.js (002 §7): registered after load, in production builds only. workbox-window is a
 * lazy chunk, so the entry does not grow; a new version takes over at once (autoUpdate) and the page reloads onto it.
 */
function registerServiceWorker() {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  window.addEventListener('load', () => {
    void import('workbox-window')
      .then(({ Workbox }) => {
        const wb = new Workbox('/sw.js', { scope: '/' });
        wb.addEventListener('controlling', (event) => {
          if (event.isUpdate) window.location.reload();
        });
        return wb.register();
      })
      .catch((err: unknown) => console.warn('service worker registration failed', err));
  });
}

void start();
registerServiceWorker();
