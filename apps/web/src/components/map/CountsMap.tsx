/**
 * Where trips exist: one round marker per point with its number of trips, sized by that number; a click (or Enter)
 * hands the point back. Points crowded together at the current zoom are one cluster marker with the number of
 * places in it (clustering.ts); a click (or Enter) zooms into them, and the markers are redrawn at every zoom.
 * Loaded lazily only (see TripMapShell), like the trip map.
 */
import L from 'leaflet';
import 'leaflet/dist/leaflet.css';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useBaseMap, useLatest } from './base-map';
import { clusterCountPoints } from './clustering';
import { viewFor } from './geometry';
import { MapRegion } from './MapRegion';
import type { CountPoint, CountsMapProps } from './types';
import clusterClasses from './CountsMap.module.css';
import classes from './TripMap.module.css';

/** Diameter in px: 28 for one trip, growing with the square root of the count, at most 56. */
const size = (count: number) => Math.round(Math.min(56, 28 + 6 * Math.sqrt(Math.max(count, 1) - 1)));

/** Leaflet makes a marker's icon focusable; Enter and Space activate it like a button. */
function asButton(marker: L.Marker, label: string, activate: () => void) {
  const el = marker.getElement();
  if (!el) return;
  el.setAttribute('role', 'button');
  el.setAttribute('aria-label', label);
  el.addEventListener('keydown', (e) => {
    if (e.key === 'Enter' || e.key === ' ') {
      e.preventDefault();
      activate();
    }
  });
}

export default function CountsMap({
  points,
  onPick,
  markerLabel,
  clusterLabel,
  ...base
}: CountsMapProps) {
  const { t } = useTranslation();
  const { elementRef, mapRef } = useBaseMap(base);
  const pickRef = useLatest(onPick);
  const labelRef = useLatest(markerLabel);
  const clusterLabelRef = useLatest(clusterLabel);

  // Frame the points when they change (not on every zoom: the reader's zoom is theirs).
  useEffect(() => {
    const map = mapRef.current;
    if (!map) return;
    const view = viewFor(points.map((p: CountPoint) => ({ lat: p.lat, lng: p.lng })));
    if (view.kind === 'center') map.setView(view.center, view.zoom);
    else map.fitBounds(view.bounds, { padding: [40, 40], maxZoom: 10 });
  }, [mapRef, points]);

  useEffect(() => {
    const map = mapRef.current;
    if (!map) return;
    const group = L.layerGroup().addTo(map);
    const draw = () => {
      group.clearLayers();
      for (const item of clusterCountPoints(points, map.getZoom())) {
        if (item.kind === 'point') {
          const { point } = item;
          const d = size(point.count);
          const html = document.createElement('span');
          html.className = classes.countBody ?? '';
          html.textContent = String(point.count);
          const label = labelRef.current(point);
          const marker = L.marker([point.lat, point.lng], {
            icon: L.divIcon({ html, className: classes.count, iconSize: [d, d] }),
            title: label,
            alt: label,
            keyboard: true,
            riseOnHover: true,
          });
          marker.on('click', () => pickRef.current?.(point));
          marker.addTo(group);
          asButton(marker, label, () => pickRef.current?.(point));
          continue;
        }
        const places = item.points.length;
        const d = Math.min(60, 36 + 4 * Math.sqrt(places));
        const html = document.createElement('span');
        html.className = clusterClasses.clusterBody ?? '';
        html.textContent = String(places);
        const label = clusterLabelRef.current
          ? clusterLabelRef.current(places, item.total)
          : t('map.cluster', { count: places });
        const [[s, w], [n, e]] = item.bounds;
        const zoomIn = () => {
          // Points on one spot never split: go close instead. Otherwise frame them (they spread apart).
          if (s === n && w === e) map.setView([s, w], Math.min(map.getZoom() + 3, map.getMaxZoom()));
          else map.fitBounds(item.bounds, { padding: [56, 56], maxZoom: map.getMaxZoom() });
          // The marker is gone after the redraw; keep the keyboard on the map (arrows pan, +/- zoom).
          map.getContainer().focus({ preventScroll: true });
        };
        const marker = L.marker([item.lat, item.lng], {
          icon: L.divIcon({ html, className: clusterClasses.cluster, iconSize: [d, d] }),
          title: label,
          alt: label,
          keyboard: true,
          riseOnHover: true,
          zIndexOffset: 500,
        });
        marker.on('click', zoomIn);
        marker.addTo(group);
        asButton(marker, label, zoomIn);
        marker.getElement()?.setAttribute('data-cluster', String(places));
      }
    };
    draw();
    map.on('zoomend', draw);
    return () => {
      map.off('zoomend', draw);
      group.remove();
    };
  }, [mapRef, points, t, labelRef, pickRef, clusterLabelRef]);

  return <MapRegion elementRef={elementRef} {...base} />;
}
