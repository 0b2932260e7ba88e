import { useSyncExternalStore } from 'react';

/** False from `beginHydration` until `endHydration`: only while the browser hydrates the server's HTML. */
let hydrated = true;
const listeners = new Set<() => void>();
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
};

/** boot.tsx, before it hydrates a server-rendered page (decision 0016). */
export function beginHydration(): void {
  hydrated = false;
}

/**
 * App, in a task after the hydration has committed. Browser-only parts then render in a task of their own: were
 * they to switch at the hydration's commit, React would re-render them synchronously inside that same long task
 * (issue 3: total blocking time).
 */
export function endHydration(): void {
  if (hydrated) return;
  hydrated = true;
  for (const listener of [...listeners]) listener();
}

/**
 * False while the server renders a page and while the browser hydrates that HTML; true after, and at once in a
 * page the browser renders itself. What only the browser can know (stored choices, the viewport, Leaflet) renders
 * behind it, so the server's HTML and the first client render are the same (decision 0016).
 */
export const useHydrated = (): boolean =>
  useSyncExternalStore(
    subscribe,
    () => hydrated,
    () => false,
  );
