import { Component, lazy, Suspense, useEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { TripMapProps } from './types';
import classes from './TripMapShell.module.css';

/** Leaflet, its CSS and the map component: one lazy chunk, fetched when a map is first rendered. */
const LazyTripMap = lazy(() => import('./TripMap'));

/** A failed chunk (offline, a deploy in between) costs the map only, not the page around it. */
class MapErrorBoundary extends Component<{ fallback: ReactNode; children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override render() {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}

/**
 * True once the element is within `margin` of the viewport. Leaflet (~46 KB gzip) is then fetched only for a
 * map the reader is about to see, so it is not part of a page's initial JavaScript (on a phone the trip's map
 * sits below the summary).
 */
function useNearViewport(margin = '300px') {
  const ref = useRef<HTMLDivElement>(null);
  const [near, setNear] = useState(() => typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    const el = ref.current;
    if (near || !el) return;
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

/**
 * The trip map, ready to render anywhere: loads lazily when it comes near the viewport, keeps its height while
 * loading (no layout shift) and shows a short message if it cannot load. Props: see TripMapProps in ./types.
 */
export function TripMap(props: TripMapProps) {
  const { t } = useTranslation();
  const { height = 400, className } = props;
  const [ref, near] = useNearViewport();
  const box = (content: string, role: 'status' | 'alert') => (
    <div
      ref={ref}
      className={[classes.placeholder, className].filter(Boolean).join(' ')}
      style={{ height: typeof height === 'number' ? `${height}px` : height }}
      role={role}
    >
      {content}
    </div>
  );
  if (!near) return box(t('map.loading'), 'status');
  return (
    <MapErrorBoundary fallback={box(t('map.loadError'), 'alert')}>
      <Suspense fallback={box(t('map.loading'), 'status')}>
        <LazyTripMap {...props} />
      </Suspense>
    </MapErrorBoundary>
  );
}
