/**
 * The add-activity page's map (000 §2 "Map legend: activities already in the trip; activities fitting the selected
 * day"): the trip's activities as small grey check marks, the results near the selected day as numbered pins (the
 * list's numbers), the searched point as a ring. Same base map and pins as the other maps; loaded lazily only
 * (lazyMap in components/map/TripMapShell), so Leaflet never reaches the page's first chunk.
 */
import L from 'leaflet';
import 'leaflet/dist/leaflet.css';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useBaseMap } from '../../../components/map/base-map';
import { drawable, viewFor } from '../../../components/map/geometry';
import { attractionGlyph } from '../../../components/map/markers';
import { DEFAULT_ATTRIBUTION, DEFAULT_TILE_URL } from '../../../components/map/tiles';
import mapClasses from '../../../components/map/TripMap.module.css';
import placesClasses from '../../../components/map/PlacesMap.module.css';
import { FITS_COLOUR, type AddActivityMapProps } from './add-activity-map-types';
import classes from './AddActivity.module.css';

const PIN_SIZE: L.PointExpression = [30, 37];
const PIN_ANCHOR: L.PointExpression = [15, 36];

export default function AddActivityMap({ inTrip, results, center, onPick, resultLabel, height = 400, ariaLabel, className }: AddActivityMapProps) {
  const { t, i18n } = useTranslation();
  const direction = i18n.dir(i18n.language) === 'rtl' ? 'rtl' : 'ltr';
  const elementRef = useRef<HTMLDivElement>(null);
  const mapRef = useBaseMap(elementRef, { tileUrl: DEFAULT_TILE_URL, attribution: DEFAULT_ATTRIBUTION, direction });
  const pickRef = useRef(onPick);
  const labelRef = useRef(resultLabel);
  useEffect(() => {
    pickRef.current = onPick;
    labelRef.current = resultLabel;
  });

  useEffect(() => {
    const map = mapRef.current;
    if (!map) return;
    const group = L.layerGroup().addTo(map);
    if (center) {
      L.marker([center.lat, center.lng], {
        icon: L.divIcon({ className: placesClasses.center, iconSize: [22, 22] }),
        keyboard: false,
        interactive: false,
      }).addTo(group);
    }
    // In the trip: not interactive (the trip page is where they are edited); the tooltip names them.
    for (const p of drawable(inTrip)) {
      const marker = L.marker([p.lat, p.lng], {
        icon: L.divIcon({ className: classes.inTripMarker, html: '✓', iconSize: [20, 20] }),
        keyboard: false,
        zIndexOffset: -1000,
      });
      const tip = document.createElement('span');
      tip.textContent = p.label;
      tip.dir = 'auto';
      marker.bindTooltip(tip, { direction: 'top', className: mapClasses.tooltip, opacity: 1 });
      marker.addTo(group);
      marker.getElement()?.setAttribute('aria-hidden', 'true');
    }
    const valid = drawable(results);
    valid.forEach((place, i) => {
      const glyph = document.createElement('span');
      glyph.className = mapClasses.glyph ?? '';
      glyph.textContent = attractionGlyph(i + 1);
      const html = document.createElement('span');
      html.className = mapClasses.pinBody ?? '';
      html.append(glyph);
      const marker = L.marker([place.lat, place.lng], {
        icon: L.divIcon({ html, className: mapClasses.pin, iconSize: PIN_SIZE, iconAnchor: PIN_ANCHOR, tooltipAnchor: [0, -34] }),
        keyboard: true,
        riseOnHover: true,
        zIndexOffset: valid.length - i,
      });
      const tip = document.createElement('span');
      tip.textContent = place.label;
      tip.dir = 'auto';
      marker.bindTooltip(tip, { direction: 'top', className: mapClasses.tooltip, opacity: 1 });
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
        el.setAttribute('aria-label', labelRef.current(place, i));
        el.style.setProperty('--pin-bg', FITS_COLOUR.bg);
        el.style.setProperty('--pin-fg', FITS_COLOUR.fg);
      }
    });
    // Frame the results and the searched point; the trip's own activities only when there is nothing else.
    const framed = valid.length > 0 || center ? [...valid, ...(center ? [center] : [])] : drawable(inTrip);
    const view = viewFor(framed);
    if (view.kind === 'center') map.setView(view.center, center && valid.length === 0 ? 12 : view.zoom);
    else map.fitBounds(view.bounds, { padding: [40, 40], maxZoom: 15 });
    return () => {
      group.remove();
    };
  }, [mapRef, inTrip, results, center]);

  return (
    <div
      role="region"
      aria-label={ariaLabel ?? t('map.ariaLabel')}
      className={[mapClasses.region, className].filter(Boolean).join(' ')}
      style={{ height: typeof height === 'number' ? `${height}px` : height }}
    >
      <div ref={elementRef} dir="ltr" className={mapClasses.map} style={{ height: '100%' }} />
    </div>
  );
}
