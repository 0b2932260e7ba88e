import { useEffect, useState } from 'react';

/** 000 §9: "scroll restore delay 200 ms". */
const SCROLL_RESTORE_DELAY = 200;
export const scrollKey = (rideId: number) => `rides.tripScroll.${rideId}`;

function read(key: string): number | null {
  try {
    const raw = sessionStorage.getItem(key);
    const n = raw === null ? NaN : Number(raw);
    return Number.isFinite(n) && n > 0 ? n : null;
  } catch {
    return null;
  }
}

/**
 * 000 §2: "after load the page restores a saved scroll position and then discards it". The position of this trip
 * is saved to session storage whenever the page is left (another route), hidden (tab switch, app switch) or
 * unloaded (reload); once the trip has rendered it is restored after 200 ms and removed, so it is used once.
 * A day asked for by the address (?day=N, from the full-screen map's "back") wins over a saved position.
 * With neither, the page stays where the router put it: the top.
 */
export function useScrollRestore(rideId: number, restore: (saved: number | null) => void): void {
  // Read once per mount, before any effect (React's StrictMode runs effects twice; the value must survive that).
  const [saved] = useState(() => read(scrollKey(rideId)));
  useEffect(() => {
    const key = scrollKey(rideId);
    try {
      sessionStorage.removeItem(key);
    } catch {
      // Storage refused (private mode): nothing to restore or save.
    }
    const timer = window.setTimeout(() => restore(saved), SCROLL_RESTORE_DELAY);
    // Not read now: reading scrollY while the page is being built forces its layout (~400 ms on a phone).
    let last: number | null = null;
    const onScroll = () => {
      last = window.scrollY;
    };
    const save = () => {
      try {
        last ??= window.scrollY;
        if (last > 0) sessionStorage.setItem(key, String(Math.round(last)));
        else sessionStorage.removeItem(key);
      } catch {
        // Ignore: restoring is a convenience.
      }
    };
    const onVisibility = () => {
      if (document.visibilityState === 'hidden') save();
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    window.addEventListener('pagehide', save);
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      window.clearTimeout(timer);
      window.removeEventListener('scroll', onScroll);
      window.removeEventListener('pagehide', save);
      document.removeEventListener('visibilitychange', onVisibility);
      save();
    };
    // `restore` is read when the timer fires; a new function each render must not restart it.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [rideId, saved]);
}
