import { useSyncExternalStore } from 'react';

const subscribe = () => () => {};

/**
 * False while the server renders a page and while the browser hydrates that HTML; true from the render after, and
 * at once in a page the browser renders itself. What only the browser can know (stored choices, the viewport, Leaflet)
 * renders behind it, so the server's HTML and the first client render are the same (decision 0016).
 */
export const useHydrated = (): boolean =>
  useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
