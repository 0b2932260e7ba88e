/** Pure view and route computations for the trip map (no Leaflet, no DOM: unit-tested in node). */
import { haversineMeters, legMidpoint, type LatLng } from './distance';
import type { MapPoint } from './types';

/** 000 §9: default zoom 2 near 48.18, 16.3; a single marker at zoom 12. */
export const MAP_DEFAULT_CENTER: readonly [number, number] = [48.18, 16.3];
export const MAP_DEFAULT_ZOOM = 2;
export const MAP_SINGLE_MARKER_ZOOM = 12;

/** [[south, west], [north, east]], the shape Leaflet's fitBounds takes. */
export type Bounds = [[number, number], [number, number]];

export type MapView =
  { kind: 'center'; center: [number, number]; zoom: number } | { kind: 'bounds'; bounds: Bounds };

const isValid = (p: LatLng) =>
  Number.isFinite(p.lat) && Number.isFinite(p.lng) && Math.abs(p.lat) <= 90 && Math.abs(p.lng) <= 180;

/** Points that can be drawn (finite, in range); the rest are ignored everywhere. */
export const drawable = <T extends LatLng>(points: readonly T[]): T[] => points.filter(isValid);

/** The box around the points, or null when there are none. */
export function boundsOf(points: readonly LatLng[]): Bounds | null {
  const valid = drawable(points);
  if (valid.length === 0) return null;
  let s = Infinity,
    w = Infinity,
    n = -Infinity,
    e = -Infinity;
  for (const p of valid) {
    s = Math.min(s, p.lat);
    n = Math.max(n, p.lat);
    w = Math.min(w, p.lng);
    e = Math.max(e, p.lng);
  }
  return [
    [s, w],
    [n, e],
  ];
}

/** Whether a point is one of that day's: its attractions and the stay of that night (a stay on each of its nights). */
export const isOnDay = (point: MapPoint, day: number): boolean =>
  point.day === day || (point.alsoDays?.includes(day) ?? false);

/** One day's points: its attractions and its stay, also when the stay's marker is an earlier night's. */
export const dayPoints = <T extends MapPoint>(points: readonly T[], day: number): T[] =>
  points.filter((p) => isOnDay(p, day));

/** The box around one day's points (attractions and accommodations), or null when the day has none. */
export const dayBounds = (points: readonly MapPoint[], day: number): Bounds | null => boundsOf(dayPoints(points, day));

/**
 * How to frame the points: none → the default view (zoom 2); one (or several on the same spot) → zoom 12 on it;
 * several → their bounds.
 */
export function viewFor(points: readonly LatLng[]): MapView {
  const b = boundsOf(points);
  if (!b) return { kind: 'center', center: [...MAP_DEFAULT_CENTER], zoom: MAP_DEFAULT_ZOOM };
  const [[s, w], [n, e]] = b;
  if (s === n && w === e) return { kind: 'center', center: [s, w], zoom: MAP_SINGLE_MARKER_ZOOM };
  return { kind: 'bounds', bounds: b };
}

export interface RouteLeg {
  day: number;
  from: LatLng;
  to: LatLng;
  meters: number;
  /** Where the distance label goes: the middle of the drawn (Mercator-straight) line. */
  mid: LatLng;
}

export interface DayRoute {
  day: number;
  /** The day's attractions in order (stable for equal orders). */
  path: LatLng[];
  legs: RouteLeg[];
}

/** One route per day with two or more attractions, joining them in `order`; accommodations are not on it. */
export function dayRoutes(points: readonly MapPoint[]): DayRoute[] {
  const byDay = new Map<number, MapPoint[]>();
  for (const p of drawable(points)) {
    if (p.kind !== 'attraction') continue;
    const list = byDay.get(p.day) ?? [];
    list.push(p);
    byDay.set(p.day, list);
  }
  const routes: DayRoute[] = [];
  for (const day of [...byDay.keys()].sort((a, b) => a - b)) {
    const stops = (byDay.get(day) ?? []).slice().sort((a, b) => a.order - b.order);
    if (stops.length < 2) continue;
    const path = stops.map(({ lat, lng }) => ({ lat, lng }));
    const legs: RouteLeg[] = [];
    for (let i = 1; i < path.length; i++) {
      const from = path[i - 1] as LatLng;
      const to = path[i] as LatLng;
      legs.push({ day, from, to, meters: haversineMeters(from, to), mid: legMidpoint(from, to) });
    }
    routes.push({ day, path, legs });
  }
  return routes;
}
