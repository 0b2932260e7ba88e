/**
 * The add-activity page's map (000 §2 "Map legend: activities already in the trip; activities fitting the selected
 * day"): the trip's activities as small grey check marks, the results near the selected day as numbered pins (the
 * list's numbers), the searched point as a ring. Same base map and pins as the other maps; loaded lazily only
 * (lazyMap in components/map/TripMapShell), so Leaflet never reaches the page's first chunk.
 */
import L from 'leaflet';
import 'leaflet/dist/leaflet.css';
import { useEffect } from 'react';
import { useBaseMap, useLatest } from '../../../../components/map/base-map';
import { drawable, viewFor } from '../../../../components/map/geometry';
import { MapRegion } from '../../../../components/map/MapRegion';
import { addCenterRing, addNumberedPin, bindNameTooltip } from '../../../../components/map/pins';
import placesClasses from '../../../../components/map/PlacesMap.module.css';
import { FITS_COLOUR, type AddActivityMapProps } from './add-activity-map-types';
import classes from './AddActivity.module.css';

export default function AddActivityMap({
  inTrip,
  results,
  center,
  onPick,
  resultLabel,
  height,
  ariaLabel,
  className,
}: AddActivityMapProps) {
  const { elementRef, mapRef } = useBaseMap({});
  const pickRef = useLatest(onPick);
  const labelRef = useLatest(resultLabel);

  useEffect(() => {
    const map = mapRef.current;
    if (!map) return;
    const group = L.layerGroup().addTo(map);
    if (center) addCenterRing(group, center, placesClasses.center);
    // In the trip: not interactive (the trip page is where they are edited); the tooltip names them.
    for (const p of drawable(inTrip)) {
      const marker = L.marker([p.lat, p.lng], {
        icon: L.divIcon({ className: classes.inTripMarker, html: '✓', iconSize: [20, 20] }),
        keyboard: false,
        zIndexOffset: -1000,
      });
      bindNameTooltip(marker, p.label);
      marker.addTo(group);
      marker.getElement()?.setAttribute('aria-hidden', 'true');
    }
    const valid = drawable(results);
    valid.forEach((place, i) => {
      addNumberedPin(group, place, i, valid.length, {
        name: labelRef.current(place, i),
        colour: FITS_COLOUR,
        activate: () => pickRef.current?.(place.id),
      });
    });
    // Frame the results and the searched point; the trip's own activities only when there is nothing else.
    const framed = valid.length > 0 || center ? [...valid, ...(center ? [center] : [])] : drawable(inTrip);
    const view = viewFor(framed);
    if (view.kind === 'center') map.setView(view.center, center && valid.length === 0 ? 12 : view.zoom);
    else map.fitBounds(view.bounds, { padding: [40, 40], maxZoom: 15 });
    return () => {
      group.remove();
    };
  }, [mapRef, inTrip, results, center, labelRef, pickRef]);

  return <MapRegion elementRef={elementRef} height={height} ariaLabel={ariaLabel} className={className} />;
}
