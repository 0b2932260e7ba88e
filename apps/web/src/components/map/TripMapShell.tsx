import { Component, lazy, Suspense, type ComponentType, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNearViewport } from '../../lib/use-near-viewport';
import type { CountsMapProps, PlacesMapProps, TripMapProps } from './types';
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

/** Search results: numbered pins and the searched point. Props: PlacesMapProps in ./types. */
export const PlacesMap = lazyMap<PlacesMapProps>(() => import('./PlacesMap'));
