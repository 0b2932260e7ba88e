/**
 * The trip map. `TripMap` is lazy: importing this module costs the page a few hundred bytes; Leaflet (~45 KB gzip)
 * and its CSS arrive in their own chunk when a map first renders. No Suspense needed around it (it has its own
 * placeholder of the same height, and an error message if the chunk cannot load).
 *
 *   <TripMap points={points} focusDay={day} showRoute onMarkerClick={(id) => open(id)} height="100%" />
 */
export { CountsMap, TripMap } from './TripMapShell';
export type { CountPoint, CountsMapProps, MapPoint, TripMapProps } from './types';
export { formatDistance, haversineMeters, legMidpoint, type LatLng } from './distance';
export {
  boundsOf,
  dayBounds,
  dayPoints,
  dayRoutes,
  isOnDay,
  viewFor,
  MAP_DEFAULT_CENTER,
  MAP_DEFAULT_ZOOM,
  MAP_SINGLE_MARKER_ZOOM,
  type Bounds,
  type DayRoute,
  type MapView,
  type RouteLeg,
} from './geometry';
export {
  accommodationLetter,
  attractionGlyph,
  dayColour,
  markerGlyph,
  DAY_COLOURS,
  type DayColour,
} from './markers';
