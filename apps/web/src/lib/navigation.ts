/**
 * Links that open navigation in the two apps the spec names (000 §7): to a point, or to an address when the place
 * has a navigation address that differs from it (000 §2: a stay's "navigation address if different").
 */
export const googleMapsUrl = (p: { lat: number; lng: number }, address?: string | null) =>
  `https://www.google.com/maps/dir/?api=1&destination=${address ? encodeURIComponent(address) : `${p.lat},${p.lng}`}`;

export const wazeUrl = (p: { lat: number; lng: number }, address?: string | null) =>
  address
    ? `https://waze.com/ul?q=${encodeURIComponent(address)}&navigate=yes`
    : `https://waze.com/ul?ll=${p.lat},${p.lng}&navigate=yes`;

/** A usable coordinate pair, or null (0,0 and out-of-range values mean "no location"). */
export function usablePoint(lat: number, lng: number): { lat: number; lng: number } | null {
  if (!Number.isFinite(lat) || !Number.isFinite(lng) || (lat === 0 && lng === 0)) return null;
  if (Math.abs(lat) > 90 || Math.abs(lng) > 180) return null;
  return { lat, lng };
}
