import { Component, lazy, Suspense, useEffect, useRef, useState, type ComponentType, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { CountsMapProps, TripMapProps } from './types';
import classes from './TripMapShell.module.css';

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
  // False at first everywhere (the server has no viewport and must not load Leaflet), so hydration matches.
  const [near, setNear] = useState(false);
  useEffect(() => {
    const el = ref.current;
    if (near || !el) return;
    if (typeof IntersectionObserver === 'undefined') {
      setNear(true);
      return;
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

/** What the shell needs of a map's props: its height and an outer class. */
interface ShellProps {
  height?: number | string;
  className?: string;
}

/**
 * A map component ready to render anywhere, from a lazily loaded module (Leaflet, its CSS and the map: one chunk,
 * fetched when such a map first comes near the viewport). It keeps its height while loading (no layout shift) and
 * shows a short message if it cannot load.
 */
function lazyMap<P extends ShellProps>(load: () => Promise<{ default: ComponentType<P> }>) {
  const Lazy = lazy(load);
  return function LazyMap(props: P) {
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
          <Lazy {...props} />
        </Suspense>
      </MapErrorBoundary>
    );
  };
}

/** The trip map (numbered and lettered pins in day colours, routes). Props: TripMapProps in ./types. */
export const TripMap = lazyMap<TripMapProps>(() => import('./TripMap'));

/** Where trips exist: a marker per point with its number of trips. Props: CountsMapProps in ./types. */
export const CountsMap = lazyMap<CountsMapProps>(() => import('./CountsMap'));
