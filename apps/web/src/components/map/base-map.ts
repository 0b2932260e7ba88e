import L from 'leaflet';
import { useEffect, useRef, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { MAP_DEFAULT_CENTER, MAP_DEFAULT_ZOOM } from './geometry';
import { DEFAULT_ATTRIBUTION, DEFAULT_TILE_URL } from './tiles';

interface BaseMap {
  /** For the element the map lives in (MapRegion's inner element). */
  elementRef: RefObject<HTMLDivElement | null>;
  /** The Leaflet map once the element is mounted; null before and after. */
  mapRef: RefObject<L.Map | null>;
  /** The page's direction: `dir` when given, else the current language's. */
  direction: 'rtl' | 'ltr';
}

/**
 * What every map of ours has (the trip map, the map of where trips exist, the search results maps): a Leaflet map
 * on the element, created once and removed on unmount, following its box; the tiles (by default
 * VITE_MAP_TILE_URL, else OpenStreetMap); zoom and credits on the reading side. Only imported by the lazily loaded
 * map modules, so Leaflet stays out of the entry. Effects of the caller run after these.
 */
export function useBaseMap({
  tileUrl = DEFAULT_TILE_URL,
  attribution = DEFAULT_ATTRIBUTION,
  dir,
}: {
  tileUrl?: string | undefined;
  attribution?: string | undefined;
  dir?: 'rtl' | 'ltr' | undefined;
}): BaseMap {
  const { t, i18n } = useTranslation();
  const direction = dir ?? (i18n.dir(i18n.language) === 'rtl' ? 'rtl' : 'ltr');
  const elementRef = useRef<HTMLDivElement>(null);
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

  return { elementRef, mapRef, direction };
}

/**
 * A ref that holds the latest `value` after every render: Leaflet handlers read callbacks through it, so a
 * parent's new callback does not redraw the markers.
 */
export function useLatest<T>(value: T): RefObject<T> {
  const ref = useRef(value);
  useEffect(() => {
    ref.current = value;
  });
  return ref;
}
