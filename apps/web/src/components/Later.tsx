import { Suspense, type ReactNode } from 'react';
import { ClientOnly } from './ClientOnly';

/**
 * A part of a page whose code is a chunk of its own (React.lazy): rendered in the browser once the page is hydrated
 * and the chunk is there, nothing before. Never in the server's HTML: the server does not wait for lazy code, and a
 * boundary it left suspended is React error 419 at hydration, an issue the browser logs (Lighthouse's best practices,
 * issue 31 point 6).
 */
export function Later({ children }: { children: ReactNode }) {
  return (
    <ClientOnly>
      <Suspense fallback={null}>{children}</Suspense>
    </ClientOnly>
  );
}
