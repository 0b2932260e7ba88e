import { useSyncExternalStore } from 'react';

const subscribe = () => () => undefined;

/**
 * False on the server and while hydrating, true once the page runs in the browser: what needs the browser (the
 * calendar measures its grid) renders only then, so server and first client render agree (decision 0016).
 */
export const useHydrated = (): boolean =>
  useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
