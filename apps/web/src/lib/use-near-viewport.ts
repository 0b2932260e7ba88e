import { useEffect, useRef, useState } from 'react';

/**
 * True once the element is within `margin` of the viewport (and from then on). What sits below the fold (a map,
 * the home page's trip lists) fetches its code only when the reader is about to see it, so it is not part of the
 * page's initial JavaScript. Without IntersectionObserver: true right after the first render.
 */
export function useNearViewport<T extends HTMLElement = HTMLDivElement>(margin = '300px') {
  const ref = useRef<T>(null);
  // False at first everywhere, also on the server (no viewport; Leaflet must not load there), so hydration matches.
  const [near, setNear] = useState(false);
  useEffect(() => {
    const el = ref.current;
    if (near || !el) return;
    if (typeof IntersectionObserver === 'undefined') {
      // No observer to ask: near from the next frame (a callback, as the observer's would be).
      const frame = requestAnimationFrame(() => setNear(true));
      return () => cancelAnimationFrame(frame);
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) {
          setNear(true);
          observer.disconnect();
        }
      },
      { rootMargin: margin },
    );
    observer.observe(el);
    return () => observer.disconnect();
  }, [near, margin]);
  return [ref, near] as const;
}
