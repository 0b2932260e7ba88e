import { GEO_CELL_ROW, GEO_CELLS_PER_DEGREE } from '../../db/schema/columns.js';

/**
 * Geometry of proximity search, pure (decision 0013). The database stores each attraction's and accommodation's
 * grid cell (`geo_cell`, a generated column, db/schema/columns.ts); a search turns the circle around the point
 * into its bounding box, the box into ranges of cell numbers (one range per 0.5° latitude row, two where the box
 * crosses the antimeridian), and the SQL reads those ranges from the B-tree and keeps the rows within the exact
 * great-circle distance.
 */

/** Mean Earth radius (km), IUGG; the same constant is used in SQL (search.repository.ts). */
export const EARTH_RADIUS_KM = 6371.0088;
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

/** Great-circle distance (haversine), km. The SQL twin is `distanceKmSql` in the repository. */
export function haversineKm(a: Point, b: Point): number {
  const h =
    Math.sin(rad(b.lat - a.lat) / 2) ** 2 + Math.cos(rad(a.lat)) * Math.cos(rad(b.lat)) * Math.sin(rad(b.lng - a.lng) / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(h)));
}

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
  if (lo < -180) return { latMin, latMax, lngSpans: [[lo + 360, 180], [-180, hi]] };
  if (hi > 180) return { latMin, latMax, lngSpans: [[lo, 180], [-180, hi - 360]] };
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
