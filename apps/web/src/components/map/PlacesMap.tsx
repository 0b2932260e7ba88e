/**
 * Search results on a map: a numbered pin per place (1–9, then '+', as the list beside it numbers them), the
 * searched point as a small ring. A pin's click (or Enter) hands its id back. The same pins and base map as the
 * trip map, without days or routes. Loaded lazily only (see TripMapShell).
 */
import L from 'leaflet';
import 'leaflet/dist/leaflet.css';
import { useEffect } from 'react';
import { useBaseMap, useLatest } from './base-map';
import { drawable, viewFor } from './geometry';
import { MapRegion } from './MapRegion';
import { dayColour } from './markers';
import { addCenterRing, addNumberedPin } from './pins';
import type { PlacesMapProps } from './types';
import placesClasses from './PlacesMap.module.css';

export default function PlacesMap({
  places,
  center = null,
  onPick,
  placeLabel,
  centerLabel,
  ...base
}: PlacesMapProps) {
  const { elementRef, mapRef } = useBaseMap(base);
  const pickRef = useLatest(onPick);
  const labelRef = useLatest(placeLabel);

  useEffect(() => {
    const map = mapRef.current;
    if (!map) return;
    const group = L.layerGroup().addTo(map);
    const colour = dayColour(0);
    if (center) addCenterRing(group, center, placesClasses.center, centerLabel ?? '');
    const valid = drawable(places);
    valid.forEach((place, i) => {
      addNumberedPin(group, place, i, valid.length, {
        name: labelRef.current(place, i),
        colour,
        activate: () => pickRef.current?.(place.id),
      });
    });
    // Frame the results (and the searched point); nothing at all: the default view (000 §9: 48.18, 16.3, zoom 2).
    const view = viewFor([...valid, ...(center ? [center] : [])]);
    if (view.kind === 'center') map.setView(view.center, center && valid.length === 0 ? 10 : view.zoom);
    else map.fitBounds(view.bounds, { padding: [40, 40], maxZoom: 15 });
    return () => {
      group.remove();
    };
  }, [mapRef, places, center, centerLabel, labelRef, pickRef]);

  return <MapRegion elementRef={elementRef} {...base} />;
}
