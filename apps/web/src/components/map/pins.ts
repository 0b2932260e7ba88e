/**
 * The Leaflet pieces our maps share (the trip map, the search results map, the add-activity map): the numbered
 * attraction pin, a marker's name tooltip, activation by click, Enter or Space, and the day colour on a pin.
 * Only imported by the lazily loaded map modules, so Leaflet stays out of the entry.
 */
import L from 'leaflet';
import { attractionGlyph, type DayColour } from './markers';
import classes from './TripMap.module.css';

/** Pin geometry (TripMap.module.css): a 30 px rotated drop whose tip is 36 px below its top. */
const PIN_SIZE: L.PointExpression = [30, 37];
const PIN_ANCHOR: L.PointExpression = [15, 36];

/** The glyph ('1'..'9', '+', 'A'..'J') as the pins draw it. */
export function glyphElement(glyph: string): HTMLSpanElement {
  const el = document.createElement('span');
  el.className = classes.glyph ?? '';
  el.textContent = glyph;
  return el;
}

/** An attraction's pin: the drop with its glyph, its point at the bottom. */
export function pinIcon(glyph: string): L.DivIcon {
  const html = document.createElement('span');
  html.className = classes.pinBody ?? '';
  html.append(glyphElement(glyph));
  return L.divIcon({
    html,
    className: classes.pin,
    iconSize: PIN_SIZE,
    iconAnchor: PIN_ANCHOR,
    tooltipAnchor: [0, -34],
  });
}

/** The marker's tooltip: a place's name as plain text (never HTML), in the name's own direction. */
export function bindNameTooltip(marker: L.Marker, name: string): void {
  const tip = document.createElement('span');
  tip.textContent = name;
  tip.dir = 'auto';
  marker.bindTooltip(tip, { direction: 'top', className: classes.tooltip, opacity: 1 });
}

/** A click on the marker, or Enter or Space while it has the focus, calls `activate`. */
export function onActivate(marker: L.Marker, activate: () => void): void {
  marker.on('click', activate);
  marker.on('keydown', (e) => {
    const key = (e as L.LeafletKeyboardEvent).originalEvent;
    if (key.key === 'Enter' || key.key === ' ') {
      key.preventDefault();
      activate();
    }
  });
}

/** The pin's colours (the CSS reads --pin-bg and --pin-fg). */
export function paintPin(el: HTMLElement, colour: DayColour): void {
  el.style.setProperty('--pin-bg', colour.bg);
  el.style.setProperty('--pin-fg', colour.fg);
}

/** The searched point: a small ring, neither focusable nor clickable. `alt`, when given, is its text alternative. */
export function addCenterRing(
  group: L.LayerGroup,
  center: { lat: number; lng: number },
  className: string | undefined,
  alt?: string,
): void {
  L.marker([center.lat, center.lng], {
    icon: L.divIcon({ className, iconSize: [22, 22] }),
    keyboard: false,
    interactive: false,
    ...(alt === undefined ? {} : { alt }),
  }).addTo(group);
}

/**
 * A result's numbered pin, as the list beside the map numbers it (1–9, then '+'): `index` is its 0-based place in
 * the list of `count`; the first is on top where pins overlap. A button named `name` that calls `activate`.
 */
export function addNumberedPin(
  group: L.LayerGroup,
  place: { lat: number; lng: number; label: string },
  index: number,
  count: number,
  { name, colour, activate }: { name: string; colour: DayColour; activate: () => void },
): L.Marker {
  const marker = L.marker([place.lat, place.lng], {
    icon: pinIcon(attractionGlyph(index + 1)),
    keyboard: true,
    riseOnHover: true,
    zIndexOffset: count - index,
  });
  bindNameTooltip(marker, place.label);
  onActivate(marker, activate);
  marker.addTo(group);
  const el = marker.getElement();
  if (el) {
    el.setAttribute('role', 'button');
    el.setAttribute('aria-label', name);
    paintPin(el, colour);
  }
  return marker;
}
