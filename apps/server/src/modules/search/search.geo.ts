import { EARTH_RADIUS_KM, haversineKm } from '@rides/contract';
import { GEO_CELL_ROW, GEO_CELLS_PER_DEGREE } from '../../db/schema/columns.js';

/**
 * Geometry of proximity search, pure (decision 0013). The database stores each attraction's and accommodation's
 * grid cell (`geo_cell`, a generated column, db/schema/columns.ts); a search turns the circle around the point
 * into its bounding box, the box into ranges of cell numbers (one range per 0.5° latitude row, two where the box
 * crosses the antimeridian), and the SQL reads those ranges from the B-tree and keeps the rows within the exact
 * great-circle distance.
 */

/** Mean Earth radius (km), IUGG, the contract's (geo-distance.ts); the same constant is used in SQL (search.repository.ts). */
export { EARTH_RADIUS_KM };
const KM_PER_DEGREE = (Math.PI * EARTH_RADIUS_KM) / 180;
const rad = (deg: number) => (deg * Math.PI) / 180;
const deg = (r: number) => (r * 180) / Math.PI;

export interface Point {
  lat: number;
  lng: number;
}

/** The cell of a point, exactly as the generated column computes it (x * 2 is exact in binary floating point). */
export function cellOf(lat: number, lng: number): number {
  return (
    (Math.floor(lat * GEO_CELLS_PER_DEGREE) + 90 * GEO_CELLS_PER_DEGREE) * GEO_CELL_ROW +
    (Math.floor(lng * GEO_CELLS_PER_DEGREE) + 180 * GEO_CELLS_PER_DEGREE)
  );
}

/** Great-circle distance (haversine), km: the contract's one distance. The SQL twin is `distanceKm` in search.repository.ts. */
export { haversineKm };

/** A box on the map: one latitude span and one or two longitude spans (two when it crosses ±180°). */
export interface BoundingBox {
  latMin: number;
  latMax: number;
  lngSpans: [number, number][];
}

/**
 * The smallest latitude/longitude box holding every point within `radiusKm` of `center` on a sphere
 * (J. P. Matuschek, "Finding points within a distance of a latitude/longitude"): the longitude half-width is
 * asin(sin(r) / cos(lat)). A circle that reaches a pole spans every longitude. A small margin (1e-9°) keeps
 * points exactly on the circle inside despite rounding.
 */
export function boundingBox(center: Point, radiusKm: number): BoundingBox {
  const margin = 1e-9;
  const dLat = radiusKm / KM_PER_DEGREE + margin;
  const latMin = Math.max(-90, center.lat - dLat);
  const latMax = Math.min(90, center.lat + dLat);
  const angular = radiusKm / EARTH_RADIUS_KM;
  const ratio = Math.sin(angular) / Math.cos(rad(center.lat));
  if (latMin <= -90 || latMax >= 90 || !(ratio < 1)) return { latMin, latMax, lngSpans: [[-180, 180]] };
  const dLng = deg(Math.asin(ratio)) + margin;
  const lo = center.lng - dLng;
  const hi = center.lng + dLng;
  if (lo < -180)
    return {
      latMin,
      latMax,
      lngSpans: [
        [lo + 360, 180],
        [-180, hi],
      ],
    };
  if (hi > 180)
    return {
      latMin,
      latMax,
      lngSpans: [
        [lo, 180],
        [-180, hi - 360],
      ],
    };
  return { latMin, latMax, lngSpans: [[lo, hi]] };
}

/**
 * The geo_cell ranges [from, to] (inclusive) covering a box: for each latitude row, the cells from the west edge
 * to the east edge of each longitude span. Rows are GEO_CELL_ROW apart and a row holds 721 cells, so ranges of
 * different rows never touch. A 50 km search is 2–3 rows of 2–4 cells each.
 */
export function cellRanges(box: BoundingBox): [number, number][] {
  const ranges: [number, number][] = [];
  const rowMin = cellOf(box.latMin, 0) - cellOf(0, 0);
  const rowMax = cellOf(box.latMax, 0) - cellOf(0, 0);
  for (let row = rowMin; row <= rowMax; row += GEO_CELL_ROW) {
    for (const [west, east] of box.lngSpans) {
      ranges.push([cellOf(0, west) + row, cellOf(0, east) + row]);
    }
  }
  return ranges;
}

/**
 * Nearest first (decision 0013): the GiST index on `geo_point = point(lng, lat)` hands rows over in order of their
 * planar distance in degrees, D = √(Δlat² + Δlng²), not of the great-circle distance. What D says about the real
 * distance: within a box whose longitudes form one span, for a point in the box,
 *   hav(d/R) = sin²(Δφ/2) + cos φ₀ cos φ sin²(Δλ/2) ≥ k (sin²(Δφ/2) + sin²(Δλ/2)) ≥ k sin²(D/2),
 * with k = cos φ₀ · min cos φ over the box's latitudes (≤ 1), the last step because sin²(√t/2) is concave in t on
 * [0, π²] and so subadditive. Hence every row not yet read (planar distance ≥ the farthest read, `reachDeg`) lies at
 * least `lowerBoundKm(reachDeg)` away, and what was found nearer than that is final.
 *
 * Null when the bound does not hold: a box across ±180° (planar distance does not wrap) or reaching a pole. Those
 * searches keep the cell ranges (search.repository.ts).
 */
export function planarLowerBound(center: Point, box: BoundingBox): ((reachDeg: number) => number) | null {
  if (box.lngSpans.length !== 1 || box.latMin <= -90 || box.latMax >= 90) return null;
  const [[west, east]] = box.lngSpans as [[number, number]];
  if (west <= -180 || east >= 180) return null;
  const k = Math.cos(rad(center.lat)) * Math.min(Math.cos(rad(box.latMin)), Math.cos(rad(box.latMax)));
  const root = Math.sqrt(Math.max(0, k));
  return (reachDeg) =>
    2 *
    EARTH_RADIUS_KM *
    Math.asin(Math.min(1, root * Math.sin(Math.min(rad(Math.max(0, reachDeg)), Math.PI) / 2)));
}
