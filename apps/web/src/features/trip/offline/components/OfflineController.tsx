import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { getSession, onSessionEnd } from '../../../../lib/session-store';
import { lastTripId, mayHoldPrivateTrips, saveScroll } from '../../cache/trip-cache-core';
import { OFFLINE_PATH } from '../paths';

/** Private trips leave the device (local storage and the service worker's cache); the code loads when needed. */
const clearPrivateTrips = () =>
  void import('../../cache/trip-cache')
    .then((m) => m.clearPrivateTrips())
    .catch((err: unknown) => console.warn('offline trips: cannot clear the private trips', err));

/**
 * Going offline (002 §4): when the browser goes offline while a service worker controls the page and a trip is saved,
 * the scroll position is kept and the offline view opens. Not while a dialog is open (a form may hold typed text).
 * Coming back online is the offline view's job (a lazy chunk), so this part of the entry stays tiny.
 *
 * Signing out (or any end of the session) clears the private trips kept for the offline view; so does a start
 * without a session while one may still be kept (the session ended with no page open to hear it).
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
  useEffect(() => {
    if (getSession() === null && mayHoldPrivateTrips()) clearPrivateTrips();
    return onSessionEnd(clearPrivateTrips);
  }, []);
  return null;
}
