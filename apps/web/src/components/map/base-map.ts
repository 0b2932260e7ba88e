import L from 'leaflet';
import { useEffect, useRef, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { MAP_DEFAULT_CENTER, MAP_DEFAULT_ZOOM } from './geometry';

/**
 * What every map of ours has (the trip map, the map of where trips exist): a Leaflet map on the element, created
 * once and removed on unmount, following its box; the tiles; zoom and credits on the reading side. Only imported
 * by the lazily loaded map modules, so Leaflet stays out of the entry. Effects of the caller run after these.
 */
export function useBaseMap(
  elementRef: RefObject<HTMLDivElement | null>,
  { tileUrl, attribution, direction }: { tileUrl: string; attribution: string; direction: 'rtl' | 'ltr' },
): RefObject<L.Map | null> {
  const { t, i18n } = useTranslation();
  const mapRef = useRef<L.Map | null>(null);

  useEffect(() => {
    const element = elementRef.current;
    if (!element) return;
    const map = L.map(element, {
      zoomControl: false,
      attributionControl: false,
      center: L.latLng(MAP_DEFAULT_CENTER[0], MAP_DEFAULT_CENTER[1]),
      zoom: MAP_DEFAULT_ZOOM,
      worldCopyJump: true,
    });
    mapRef.current = map;
    // The map follows its box (a sticky side panel, a rotated phone) without a window resize.
    const observer = new ResizeObserver(() => map.invalidateSize());
    observer.observe(element);
    return () => {
      observer.disconnect();
      map.remove();
      mapRef.current = null;
    };
  }, [elementRef]);

  useEffect(() => {
    const map = mapRef.current;
    if (!map) return;
    // The server sends Referrer-Policy: no-referrer (helmet's default); OpenStreetMap's tile policy requires a
    // Referer, so the tiles, and only they, send the site's origin.
    const layer = L.tileLayer(tileUrl, {
      attribution,
      maxZoom: 19,
      referrerPolicy: 'strict-origin-when-cross-origin',
    }).addTo(map);
    return () => {
      layer.remove();
    };
  }, [tileUrl, attribution]);

  // Controls on the reading side: zoom at the top start corner, attribution at the opposite bottom corner.
  const language = i18n.language;
  useEffect(() => {
    const map = mapRef.current;
    if (!map) return;
    const rtl = direction === 'rtl';
    const zoom = L.control
      .zoom({
        position: rtl ? 'topright' : 'topleft',
        zoomInTitle: t('map.zoomIn'),
        zoomOutTitle: t('map.zoomOut'),
      })
      .addTo(map);
    const credits = L.control.attribution({ position: rtl ? 'bottomleft' : 'bottomright' }).addTo(map);
    return () => {
      zoom.remove();
      credits.remove();
    };
  }, [direction, t, language]);

  return mapRef;
}
