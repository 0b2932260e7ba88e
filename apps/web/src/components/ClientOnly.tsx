import type { ReactNode } from 'react';
import { useHydrated } from '../lib/hydration';

/** Children that exist only in the browser (see useHydrated): nothing, or `fallback`, in the server's HTML. */
export function ClientOnly({ children, fallback = null }: { children: ReactNode; fallback?: ReactNode }) {
  return useHydrated() ? children : fallback;
}
