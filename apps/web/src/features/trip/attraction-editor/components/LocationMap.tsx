/**
 * The attraction editor's map (001 §5 "a map location required"): a click puts the pin there, the pin can be dragged,
 * and a place picked in the search box moves it. The same base map, pin and colours as the other maps. Loaded lazily
 * only (LocationPicker), so Leaflet stays out of the page's first chunk.
 */
import L from 'leaflet';
import 'leaflet/dist/leaflet.css';
import { useEffect, useRef } from 'react';
import { useBaseMap, useLatest } from '../../../../components/map/base-map';
import { MapRegion } from '../../../../components/map/MapRegion';
import { dayColour } from '../../../../components/map/markers';
import { bindNameTooltip, paintPin, pinIcon } from '../../../../components/map/pins';
import type { LocationMapProps } from './location-map-types';

const PLACE_ZOOM = 15;
const AREA_ZOOM = 11;

export default function LocationMap({ value, onChange, around, pinLabel, ...base }: LocationMapProps) {
  const { elementRef, mapRef } = useBaseMap(base);
  const changeRef = useLatest(onChange);
  const markerRef = useRef<L.Marker | null>(null);
  const labelRef = useLatest(pinLabel);

  // A click anywhere places the pin.
  useEffect(() => {
    const map = mapRef.current;
    if (!map) return;
    const click = (e: L.LeafletMouseEvent) => changeRef.current({ lat: round(e.latlng.lat), lng: round(e.latlng.lng) });
    map.on('click', click);
    return () => {
      map.off('click', click);
    };
  }, [mapRef, changeRef]);

  // The pin follows the value; the view follows a new value that is out of sight (a picked place).
  useEffect(() => {
    const map = mapRef.current;
    if (!map) return;
    if (!value) {
      markerRef.current?.remove();
      markerRef.current = null;
      if (around) map.setView([around.lat, around.lng], AREA_ZOOM);
      return;
    }
    let marker = markerRef.current;
    if (!marker) {
      marker = L.marker([value.lat, value.lng], { icon: pinIcon('•'), draggable: true, keyboard: true, autoPan: true }).addTo(map);
      marker.on('dragend', () => {
        const p = (markerRef.current as L.Marker).getLatLng();
        changeRef.current({ lat: round(p.lat), lng: round(p.lng) });
      });
      bindNameTooltip(marker, labelRef.current);
      const el = marker.getElement();
      if (el) {
        el.setAttribute('aria-label', labelRef.current);
        paintPin(el, dayColour(0));
      }
      markerRef.current = marker;
      map.setView([value.lat, value.lng], PLACE_ZOOM);
    } else {
      marker.setLatLng([value.lat, value.lng]);
      if (!map.getBounds().pad(-0.1).contains([value.lat, value.lng])) map.setView([value.lat, value.lng], Math.max(map.getZoom(), AREA_ZOOM));
    }
  }, [mapRef, value, around, changeRef, labelRef]);

  useEffect(
    () => () => {
      markerRef.current?.remove();
      markerRef.current = null;
    },
    [],
  );

  return <MapRegion elementRef={elementRef} {...base} />;
}

/** Six decimals: about 10 cm, as precise as a click can be. */
const round = (n: number) => Math.round(n * 1e6) / 1e6;
