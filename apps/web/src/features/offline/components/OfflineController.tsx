import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { lastTripId, saveScroll } from '../../../lib/trip-cache-core';
import { OFFLINE_PATH } from '../paths';

/**
 * Going offline (002 §4): when the browser goes offline while a service worker controls the page and a trip is saved,
 * the scroll position is kept and the offline view opens. Not while a dialog is open (a form may hold typed text).
 * Coming back online is the offline view's job (a lazy chunk), so this part of the entry stays tiny.
 */
export function OfflineController() {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  useEffect(() => {
    const onOffline = () => {
      if (pathname === OFFLINE_PATH || !navigator.serviceWorker?.controller || lastTripId() === null) return;
      if (document.querySelector('[aria-modal="true"]')) return;
      saveScroll(pathname, window.scrollY);
      void navigate(OFFLINE_PATH, { state: { from: pathname } });
    };
    window.addEventListener('offline', onOffline);
    return () => window.removeEventListener('offline', onOffline);
  }, [navigate, pathname]);
  return null;
}
