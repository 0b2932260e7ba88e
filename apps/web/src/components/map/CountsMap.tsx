/**
 * Where trips exist: one round marker per point with its number of trips, sized by that number; a click (or Enter)
 * hands the point back. Loaded lazily only (see TripMapShell), like the trip map.
 */
import L from 'leaflet';
import 'leaflet/dist/leaflet.css';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useBaseMap } from './base-map';
import { viewFor } from './geometry';
import { DEFAULT_ATTRIBUTION, DEFAULT_TILE_URL } from './tiles';
import type { CountPoint, CountsMapProps } from './types';
import classes from './TripMap.module.css';

/** Diameter in px: 28 for one trip, growing with the square root of the count, at most 56. */
const size = (count: number) => Math.round(Math.min(56, 28 + 6 * Math.sqrt(Math.max(count, 1) - 1)));

export default function CountsMap({
  points,
  onPick,
  markerLabel,
  tileUrl = DEFAULT_TILE_URL,
  attribution = DEFAULT_ATTRIBUTION,
  height = 400,
  ariaLabel,
  dir,
  className,
}: CountsMapProps) {
  const { t, i18n } = useTranslation();
  const direction = dir ?? (i18n.dir(i18n.language) === 'rtl' ? 'rtl' : 'ltr');
  const elementRef = useRef<HTMLDivElement>(null);
  const mapRef = useBaseMap(elementRef, { tileUrl, attribution, direction });
  const pickRef = useRef(onPick);
  const labelRef = useRef(markerLabel);
  useEffect(() => {
    pickRef.current = onPick;
    labelRef.current = markerLabel;
  });

  useEffect(() => {
    const map = mapRef.current;
    if (!map) return;
    const group = L.layerGroup().addTo(map);
    for (const point of points) {
      const d = size(point.count);
      const html = document.createElement('span');
      html.className = classes.countBody ?? '';
      html.textContent = String(point.count);
      const marker = L.marker([point.lat, point.lng], {
        icon: L.divIcon({ html, className: classes.count, iconSize: [d, d] }),
        title: labelRef.current(point),
        alt: labelRef.current(point),
        keyboard: true,
        riseOnHover: true,
      });
      marker.on('click', () => pickRef.current?.(point));
      marker.addTo(group);
      // Leaflet makes the icon focusable; Enter and Space activate it like a button.
      const el = marker.getElement();
      if (el) {
        el.setAttribute('role', 'button');
        el.setAttribute('aria-label', labelRef.current(point));
        el.addEventListener('keydown', (e) => {
          if (e.key === 'Enter' || e.key === ' ') {
            e.preventDefault();
            pickRef.current?.(point);
          }
        });
      }
    }
    const view = viewFor(points.map((p: CountPoint) => ({ lat: p.lat, lng: p.lng })));
    if (view.kind === 'center') map.setView(view.center, view.zoom);
    else map.fitBounds(view.bounds, { padding: [40, 40], maxZoom: 10 });
    return () => {
      group.remove();
    };
  }, [mapRef, points]);

  return (
    <div
      role="region"
      aria-label={ariaLabel ?? t('map.ariaLabel')}
      className={[classes.region, className].filter(Boolean).join(' ')}
      style={{ height: typeof height === 'number' ? `${height}px` : height }}
    >
      <div ref={elementRef} dir="ltr" className={classes.map} style={{ height: '100%' }} />
    </div>
  );
}
