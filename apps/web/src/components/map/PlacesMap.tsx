/**
 * Search results on a map: a numbered pin per place (1–9, then '+', as the list beside it numbers them), the
 * searched point as a small ring. A pin's click (or Enter) hands its id back. The same pins and base map as the
 * trip map, without days or routes. Loaded lazily only (see TripMapShell).
 */
import L from 'leaflet';
import 'leaflet/dist/leaflet.css';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useBaseMap } from './base-map';
import { drawable, viewFor } from './geometry';
import { attractionGlyph, dayColour } from './markers';
import { DEFAULT_ATTRIBUTION, DEFAULT_TILE_URL } from './tiles';
import type { PlacesMapProps } from './types';
import classes from './TripMap.module.css';
import placesClasses from './PlacesMap.module.css';

/** The trip map's attraction pin (TripMap.tsx): 30 px wide, its point at the bottom. */
const PIN_SIZE: L.PointExpression = [30, 37];
const PIN_ANCHOR: L.PointExpression = [15, 36];

export default function PlacesMap({
  places,
  center = null,
  onPick,
  placeLabel,
  centerLabel,
  tileUrl = DEFAULT_TILE_URL,
  attribution = DEFAULT_ATTRIBUTION,
  height = 400,
  ariaLabel,
  dir,
  className,
}: PlacesMapProps) {
  const { t, i18n } = useTranslation();
  const direction = dir ?? (i18n.dir(i18n.language) === 'rtl' ? 'rtl' : 'ltr');
  const elementRef = useRef<HTMLDivElement>(null);
  const mapRef = useBaseMap(elementRef, { tileUrl, attribution, direction });
  const pickRef = useRef(onPick);
  const labelRef = useRef(placeLabel);
  useEffect(() => {
    pickRef.current = onPick;
    labelRef.current = placeLabel;
  });

  useEffect(() => {
    const map = mapRef.current;
    if (!map) return;
    const group = L.layerGroup().addTo(map);
    const colour = dayColour(0);
    if (center) {
      L.marker([center.lat, center.lng], {
        icon: L.divIcon({ className: placesClasses.center, iconSize: [22, 22] }),
        keyboard: false,
        interactive: false,
        alt: centerLabel ?? '',
      }).addTo(group);
    }
    const valid = drawable(places);
    valid.forEach((place, i) => {
      const glyph = document.createElement('span');
      glyph.className = classes.glyph ?? '';
      glyph.textContent = attractionGlyph(i + 1);
      const html = document.createElement('span');
      html.className = classes.pinBody ?? '';
      html.append(glyph);
      const name = labelRef.current(place, i);
      const marker = L.marker([place.lat, place.lng], {
        icon: L.divIcon({ html, className: classes.pin, iconSize: PIN_SIZE, iconAnchor: PIN_ANCHOR, tooltipAnchor: [0, -34] }),
        keyboard: true,
        riseOnHover: true,
        // The nearest on top where pins overlap.
        zIndexOffset: valid.length - i,
      });
      const tip = document.createElement('span');
      tip.textContent = place.label;
      tip.dir = 'auto';
      marker.bindTooltip(tip, { direction: 'top', className: classes.tooltip, opacity: 1 });
      marker.on('click', () => pickRef.current?.(place.id));
      marker.on('keydown', (e) => {
        const key = (e as L.LeafletKeyboardEvent).originalEvent;
        if (key.key === 'Enter' || key.key === ' ') {
          key.preventDefault();
          pickRef.current?.(place.id);
        }
      });
      marker.addTo(group);
      const el = marker.getElement();
      if (el) {
        el.setAttribute('role', 'button');
        el.setAttribute('aria-label', name);
        el.style.setProperty('--pin-bg', colour.bg);
        el.style.setProperty('--pin-fg', colour.fg);
      }
    });
    // Frame the results (and the searched point); nothing at all: the default view (000 §9: 48.18, 16.3, zoom 2).
    const view = viewFor([...valid, ...(center ? [center] : [])]);
    if (view.kind === 'center') map.setView(view.center, center && valid.length === 0 ? 10 : view.zoom);
    else map.fitBounds(view.bounds, { padding: [40, 40], maxZoom: 15 });
    return () => {
      group.remove();
    };
  }, [mapRef, places, center, centerLabel]);

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
