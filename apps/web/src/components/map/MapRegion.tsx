import type { RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import type { BaseMapProps } from './types';
import classes from './TripMap.module.css';

/**
 * The box every map of ours renders: a named region of the given height (a number is pixels) with the element
 * Leaflet draws in (useBaseMap's elementRef). Takes a map's common props as they come (the tile ones are
 * useBaseMap's).
 */
export function MapRegion({
  elementRef,
  height = 400,
  ariaLabel,
  className,
}: BaseMapProps & { elementRef: RefObject<HTMLDivElement | null> }) {
  const { t } = useTranslation();
  return (
    <div
      role="region"
      aria-label={ariaLabel ?? t('map.ariaLabel')}
      className={[classes.region, className].filter(Boolean).join(' ')}
      style={{ height: typeof height === 'number' ? `${height}px` : height }}
    >
      {/* Leaflet lays out tiles and controls left-to-right; texts inside set their own direction. */}
      <div ref={elementRef} dir="ltr" className={classes.map} style={{ height: '100%' }} />
    </div>
  );
}
