/**
 * Grid clustering of count points for a zoom level (pure: no Leaflet, no DOM; unit-tested in node).
 *
 * Why our own: the map shows a few hundred points at most (one per 0.5° cell where trips exist), so a pass over
 * them per zoom is instant, and a cluster plugin (Leaflet.markercluster, ~10 KB gzip, with its own CSS and
 * animations) would add more to the map chunk than these few lines.
 *
 * Points are projected to Web Mercator pixels at the zoom (the projection Leaflet draws with); points within
 * `cellPx` of each other become one cluster at their count-weighted centre. Zooming in doubles the distances in
 * pixels, so a cluster splits once its points are that far apart on screen.
 */
import type { CountPoint } from './types';

/** Pixels a cell spans on screen: markers closer than this (up to 56 px wide) would overlap anyway. */
const CLUSTER_CELL_PX = 64;

export type CountMarker =
  | { kind: 'point'; point: CountPoint }
  | {
      kind: 'cluster';
      lat: number;
      lng: number;
      /** The points it stands for. */
      points: CountPoint[];
      /** Sum of their counts. */
      total: number;
      /** [[south, west], [north, east]] of its points: a click frames them. */
      bounds: [[number, number], [number, number]];
    };

const TILE = 256;
const MAX_LAT = 85.0511287798;

/** Web Mercator pixel of a point at a zoom (as Leaflet's EPSG:3857 with 256 px tiles). */
export function projectPx(lat: number, lng: number, zoom: number): { x: number; y: number } {
  const scale = TILE * 2 ** zoom;
  const phi = (Math.max(-MAX_LAT, Math.min(MAX_LAT, lat)) * Math.PI) / 180;
  return {
    x: ((lng + 180) / 360) * scale,
    y: (0.5 - Math.log((1 + Math.sin(phi)) / (1 - Math.sin(phi))) / (4 * Math.PI)) * scale,
  };
}

/**
 * The markers to draw at `zoom`: lone points as they are, crowded ones as clusters. Greedy, biggest first: the
 * point with the most trips seeds a cluster of every free point within `cellPx` of it (found through a grid of
 * `cellPx` cells, so only the 3×3 cells around it are looked at), then the next free point, and so on. Unlike a
 * bare grid, two points a few pixels apart never fall on either side of a cell border.
 */
export function clusterCountPoints(points: readonly CountPoint[], zoom: number, cellPx = CLUSTER_CELL_PX): CountMarker[] {
  const items = points
    .filter((p) => Number.isFinite(p.lat) && Number.isFinite(p.lng))
    .map((point, index) => ({ point, index, ...projectPx(point.lat, point.lng, zoom), taken: false }));
  const grid = new Map<string, typeof items>();
  const cellOf = (x: number, y: number) => [Math.floor(x / cellPx), Math.floor(y / cellPx)] as const;
  for (const item of items) {
    const [cx, cy] = cellOf(item.x, item.y);
    const key = `${cx}:${cy}`;
    const list = grid.get(key);
    if (list) list.push(item);
    else grid.set(key, [item]);
  }
  const seeds = [...items].sort((a, b) => b.point.count - a.point.count || a.index - b.index);
  const found: { index: number; marker: CountMarker }[] = [];
  for (const seed of seeds) {
    if (seed.taken) continue;
    const [cx, cy] = cellOf(seed.x, seed.y);
    const group: typeof items = [];
    for (let dx = -1; dx <= 1; dx++)
      for (let dy = -1; dy <= 1; dy++)
        for (const other of grid.get(`${cx + dx}:${cy + dy}`) ?? []) {
          if (!other.taken && Math.hypot(other.x - seed.x, other.y - seed.y) <= cellPx) {
            other.taken = true;
            group.push(other);
          }
        }
    found.push({ index: seed.index, marker: toMarker(group.map((g) => g.point)) });
  }
  return found.sort((a, b) => a.index - b.index).map((f) => f.marker);
}

function toMarker(group: CountPoint[]): CountMarker {
  const [first] = group;
  if (group.length === 1 && first) return { kind: 'point', point: first };
  let weight = 0,
    lat = 0,
    lng = 0,
    s = 90,
    n = -90,
    w = 180,
    e = -180;
  for (const p of group) {
    const k = Math.max(p.count, 1);
    weight += k;
    lat += p.lat * k;
    lng += p.lng * k;
    s = Math.min(s, p.lat);
    n = Math.max(n, p.lat);
    w = Math.min(w, p.lng);
    e = Math.max(e, p.lng);
  }
  return {
    kind: 'cluster',
    lat: lat / weight,
    lng: lng / weight,
    points: group,
    total: group.reduce((sum, p) => sum + p.count, 0),
    bounds: [
      [s, w],
      [n, e],
    ],
  };
}
