/**
 * The trip map: a thin wrapper of our own over Leaflet 1.9 (react-leaflet's licence does not fit a commercial
 * product). This module is only ever loaded lazily (see index.ts), so Leaflet and its CSS stay out of the entry.
 */
import L from 'leaflet';
import 'leaflet/dist/leaflet.css';
import { useEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDistance } from './distance';
import { dayPoints, dayRoutes, drawable, isOnDay, viewFor, type MapView } from './geometry';
import { MapRegion } from './MapRegion';
import { dayColour, markerGlyph } from './markers';
import { bindNameTooltip, glyphElement, onActivate, paintPin, pinIcon } from './pins';
import { useBaseMap, useLatest } from './base-map';
import type { MapPoint, TripMapProps } from './types';
import classes from './TripMap.module.css';

/** Room left around fitted bounds, px; and the closest a fit may zoom (two stops next door stay in context). */
const FIT_PADDING: L.PointExpression = [40, 40];
const FIT_MAX_ZOOM = 16;
const LODGING_SIZE: L.PointExpression = [28, 28];
const DISTANCE_PANE = 'rides-distances';
/** A leg shorter than this on screen shows no distance label. */
const MIN_LABELLED_LEG_PX = 72;

const reducedMotion = () =>
  typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;

/** A value that keeps its identity while its content is the same, so a parent's new array does not rebuild the map. */
function useStableValue<T>(value: T): T {
  const key = JSON.stringify(value);
  return useMemo(() => JSON.parse(key) as T, [key]);
}

function text(tag: string, className: string, content: string, dir?: string): HTMLElement {
  const el = document.createElement(tag);
  el.className = className;
  el.textContent = content;
  if (dir) el.dir = dir;
  return el;
}

/** The focused day's markers are raised above the others. */
const onDay = (point: MapPoint, day: number | undefined) => day !== undefined && isOnDay(point, day);

function markerIcon(point: MapPoint): L.DivIcon {
  return point.kind === 'accommodation'
    ? L.divIcon({
        html: glyphElement(markerGlyph(point)),
        className: classes.lodging,
        iconSize: LODGING_SIZE,
        tooltipAnchor: [0, -16],
      })
    : pinIcon(markerGlyph(point));
}

export default function TripMap({
  points,
  focusDay,
  onMarkerClick,
  showRoute = false,
  ...base
}: TripMapProps) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const stablePoints = useStableValue(points);

  const markersRef = useRef<{ marker: L.Marker; point: MapPoint }[]>([]);
  const clickRef = useLatest(onMarkerClick);
  const focusDayRef = useLatest(focusDay);
  const framedRef = useRef(false);

  // The map, its tiles and controls (base-map.ts); then the pane for distance labels, above the route lines
  // (overlay pane, 400) and below the markers (600). Effects run in order, so the ones below find them.
  const { elementRef, mapRef, direction } = useBaseMap(base);
  useEffect(() => {
    const map = mapRef.current;
    if (!map) return;
    const pane = map.getPane(DISTANCE_PANE) ?? map.createPane(DISTANCE_PANE);
    pane.style.zIndex = '450';
    pane.style.pointerEvents = 'none';
    return () => {
      markersRef.current = [];
      framedRef.current = false;
    };
  }, [mapRef]);

  // Routes, distance labels and markers (lines first, so markers sit above them).
  useEffect(() => {
    const map = mapRef.current;
    if (!map) return;
    const group = L.layerGroup().addTo(map);
    const labels: { marker: L.Marker; from: L.LatLng; to: L.LatLng }[] = [];
    if (showRoute) {
      const routes = dayRoutes(stablePoints);
      for (const route of routes) {
        const colour = dayColour(route.day);
        const path = route.path.map((p) => L.latLng(p.lat, p.lng));
        // A white casing under the coloured line keeps it visible on any tile.
        L.polyline(path, { color: '#ffffff', weight: 6, opacity: 0.9, interactive: false }).addTo(group);
        L.polyline(path, { color: colour.bg, weight: 3.5, opacity: 0.95, interactive: false }).addTo(group);
      }
      for (const leg of routes.flatMap((r) => r.legs)) {
        const label = text(
          'span',
          classes.distanceText ?? '',
          formatDistance(leg.meters, language),
          direction,
        );
        label.style.setProperty('--pin-bg', dayColour(leg.day).bg);
        const marker = L.marker(L.latLng(leg.mid.lat, leg.mid.lng), {
          icon: L.divIcon({ html: label, className: classes.distance, iconSize: [0, 0] }),
          interactive: false,
          keyboard: false,
          pane: DISTANCE_PANE,
        }).addTo(group);
        labels.push({
          marker,
          from: L.latLng(leg.from.lat, leg.from.lng),
          to: L.latLng(leg.to.lat, leg.to.lng),
        });
      }
    }
    // A leg's label only where the leg is long enough on screen to hold it (zoomed out, labels would pile up).
    const placeLabels = () => {
      for (const { marker, from, to } of labels) {
        const long =
          map.latLngToLayerPoint(from).distanceTo(map.latLngToLayerPoint(to)) >= MIN_LABELLED_LEG_PX;
        marker.getElement()?.toggleAttribute('hidden', !long);
      }
    };
    placeLabels();
    map.on('zoomend', placeLabels);
    const markers: { marker: L.Marker; point: MapPoint }[] = [];
    // Days in order, each day's points in order: the tab order follows the trip.
    const ordered = drawable(stablePoints)
      .slice()
      .sort(
        (a, b) => a.day - b.day || (a.kind === b.kind ? a.order - b.order : a.kind === 'attraction' ? -1 : 1),
      );
    for (const point of ordered) {
      const icon = markerIcon(point);
      const colour = dayColour(point.day);
      const name =
        point.kind === 'accommodation'
          ? t('map.accommodationMarker', {
              day: point.day + 1,
              letter: markerGlyph(point),
              label: point.label,
            })
          : t('map.attractionMarker', { day: point.day + 1, order: point.order, label: point.label });
      const marker = L.marker(L.latLng(point.lat, point.lng), {
        icon,
        keyboard: true,
        riseOnHover: true,
        zIndexOffset: onDay(point, focusDayRef.current) ? 1000 : 0,
      });
      bindNameTooltip(marker, point.label);
      onActivate(marker, () => clickRef.current?.(point.id));
      marker.addTo(group);
      const el = marker.getElement();
      if (el) {
        el.setAttribute('aria-label', name);
        paintPin(el, colour);
      }
      markers.push({ marker, point });
    }
    markersRef.current = markers;
    return () => {
      map.off('zoomend', placeLabels);
      group.remove();
      markersRef.current = [];
    };
  }, [mapRef, stablePoints, showRoute, direction, language, t, clickRef, focusDayRef]);

  // The focused day's markers on top of the others.
  useEffect(() => {
    for (const { marker, point } of markersRef.current) marker.setZIndexOffset(onDay(point, focusDay) ? 1000 : 0);
  }, [focusDay]);

  // Framing: the focused day's points, its stay included (or all of them, when no day is focused or it has none).
  const view: MapView = useMemo(() => {
    const focused = focusDay === undefined ? [] : dayPoints(drawable(stablePoints), focusDay);
    return viewFor(focused.length > 0 ? focused : stablePoints);
  }, [stablePoints, focusDay]);

  useEffect(() => {
    const map = mapRef.current;
    if (!map) return;
    // The first framing is instant; later ones (a new focus day, edited points) animate, unless motion is reduced.
    const animate = framedRef.current && !reducedMotion();
    framedRef.current = true;
    map.stop();
    if (view.kind === 'center') map.setView(view.center, view.zoom, { animate });
    else map.fitBounds(view.bounds, { padding: FIT_PADDING, maxZoom: FIT_MAX_ZOOM, animate });
  }, [mapRef, view]);

  return <MapRegion elementRef={elementRef} {...base} />;
}
