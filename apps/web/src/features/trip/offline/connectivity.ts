import { useEffect, useState } from 'react';

const TIMEOUT_MS = 3000;
const MIN_INTERVAL_MS = 1000;
let last: { at: number; result: Promise<boolean> } | null = null;

/**
 * A verified connectivity check (002 §7): HEAD of the favicon with a cache-busting query, 3 s time-out, at most once a
 * second (a call within a second of the last one shares its answer). The service worker lets HEAD requests through.
 */
function checkConnectivity(): Promise<boolean> {
  const now = Date.now();
  if (last && now - last.at < MIN_INTERVAL_MS) return last.result;
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), TIMEOUT_MS);
  const result = fetch(`/favicon.svg?connectivity=${now}`, { method: 'HEAD', cache: 'no-store', signal: controller.signal })
    .then((r) => r.ok)
    .catch(() => false)
    .finally(() => clearTimeout(timer));
  last = { at: now, result };
  return result;
}

/**
 * Whether we are online: the browser's online/offline events, confirmed by a connectivity check on mount and, while
 * offline, every `pollMs` (so a server that comes back is noticed even when the browser never said it was gone).
 */
export function useConnectivity(pollMs = 5000): boolean {
  const [online, setOnline] = useState(() => typeof navigator === 'undefined' || navigator.onLine);
  useEffect(() => {
    let alive = true;
    const check = () =>
      void checkConnectivity().then((ok) => {
        if (alive) setOnline(ok);
      });
    const up = () => setOnline(true);
    const down = () => setOnline(false);
    window.addEventListener('online', up);
    window.addEventListener('offline', down);
    check();
    return () => {
      alive = false;
      window.removeEventListener('online', up);
      window.removeEventListener('offline', down);
    };
  }, []);
  useEffect(() => {
    if (online) return;
    const timer = setInterval(() => {
      void checkConnectivity().then((ok) => {
        if (ok) setOnline(true);
      });
    }, pollMs);
    return () => clearInterval(timer);
  }, [online, pollMs]);
  return online;
}
