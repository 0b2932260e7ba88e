import { haversineKm } from '@rides/contract';
/** Great-circle distance in kilometres, by coordinates (the product's one distance: the contract's haversineKm). */
export function distanceKm(lat1: number, lng1: number, lat2: number, lng2: number): number {
  return haversineKm({ lat: lat1, lng: lng1 }, { lat: lat2, lng: lng2 });
}

/** A latitude/longitude box around a point that holds every point within radiusKm (for an indexed range query). */
export function boundingBox(
  lat: number,
  lng: number,
  radiusKm: number,
): { minLat: number; maxLat: number; minLng: number; maxLng: number } {
  const dLat = radiusKm / 111.32;
  const minLat = Math.max(-90, lat - dLat);
  const maxLat = Math.min(90, lat + dLat);
  // Longitude degrees shrink with the cosine of the latitude; near a pole (or across the antimeridian) take them all.
  const cos = Math.cos((Math.max(Math.abs(minLat), Math.abs(maxLat)) * Math.PI) / 180);
  const dLng = cos < 1e-6 ? 360 : radiusKm / (111.32 * cos);
  if (dLng >= 180 || lng - dLng < -180 || lng + dLng > 180)
    return { minLat, maxLat, minLng: -180, maxLng: 180 };
  return { minLat, maxLat, minLng: lng - dLng, maxLng: lng + dLng };
}

/** Rounds to 0.01 km, as every location search answers distances. */
export const roundKm = (km: number): number => Math.round(km * 100) / 100;
