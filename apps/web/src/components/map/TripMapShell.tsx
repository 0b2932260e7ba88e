import { Component, lazy, Suspense, type ReactNode } from 'react';
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
 * The trip map, ready to render anywhere: loads lazily, keeps its height while loading (no layout shift) and
 * shows a short message if it cannot load. Props: see TripMapProps in ./types.
 */
export function TripMap(props: TripMapProps) {
  const { t } = useTranslation();
  const { height = 400, className } = props;
  const box = (content: string, role: 'status' | 'alert') => (
    <div
      className={[classes.placeholder, className].filter(Boolean).join(' ')}
      style={{ height: typeof height === 'number' ? `${height}px` : height }}
      role={role}
    >
      {content}
    </div>
  );
  return (
    <MapErrorBoundary fallback={box(t('map.loadError'), 'alert')}>
      <Suspense fallback={box(t('map.loading'), 'status')}>
        <LazyTripMap {...props} />
      </Suspense>
    </MapErrorBoundary>
  );
}
