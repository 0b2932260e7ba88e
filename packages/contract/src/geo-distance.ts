/**
 * The one distance of the product: the great circle between two points (haversine) on a sphere of the Earth's mean
 * radius (IUGG). The searches, the place suggestions, the photos' stops and the map's labels all measure with it; its
 * SQL twin is `distanceKm` in the server's search.repository.ts. No zod here: the web's map imports it.
 */
export const EARTH_RADIUS_KM = 6371.0088;

export interface GeoPoint {
  lat: number;
  lng: number;
}

const rad = (deg: number) => (deg * Math.PI) / 180;

/** Great-circle distance in kilometres. */
export function haversineKm(a: GeoPoint, b: GeoPoint): number {
  const h =
    Math.sin(rad(b.lat - a.lat) / 2) ** 2 +
    Math.cos(rad(a.lat)) * Math.cos(rad(b.lat)) * Math.sin(rad(b.lng - a.lng) / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(h)));
}
