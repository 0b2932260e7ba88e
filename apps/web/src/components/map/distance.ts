/** Pure distance helpers for the trip map (no Leaflet, no DOM: unit-tested in node). */
import { haversineKm } from '@rides/contract';

export interface LatLng {
  lat: number;
  lng: number;
}

const rad = (deg: number) => (deg * Math.PI) / 180;
const deg = (r: number) => (r * 180) / Math.PI;

/** Great-circle ("as the crow flies") distance in metres: the product's one distance (the contract's haversineKm). */
export function haversineMeters(a: LatLng, b: LatLng): number {
  return haversineKm(a, b) * 1000;
}

const formatters = new Map<string, Intl.NumberFormat>();
function formatter(lang: string, unit: 'kilometer' | 'meter'): Intl.NumberFormat {
  const key = `${lang}|${unit}`;
  let f = formatters.get(key);
  if (!f) {
    const digits = unit === 'kilometer' ? 1 : 0;
    f = new Intl.NumberFormat(lang, {
      style: 'unit',
      unit,
      unitDisplay: 'short',
      minimumFractionDigits: digits,
      maximumFractionDigits: digits,
    });
    formatters.set(key, f);
  }
  return f;
}

/**
 * A distance for a label, in the given language: metres (whole) under 1 km, else kilometres with one decimal.
 * "850 m" / "12.3 km" in English, "850 מ׳" / "12.3 ק״מ" in Hebrew. 999.6 m reads "1.0 km", not "1,000 m".
 */
export function formatDistance(meters: number, lang: string): string {
  const m = Math.max(0, meters);
  if (Math.round(m) < 1000) return formatter(lang, 'meter').format(Math.round(m));
  return formatter(lang, 'kilometer').format(m / 1000);
}

/**
 * The point halfway along the straight line Leaflet draws between a and b (a straight line in Web Mercator),
 * so a distance label sits on the drawn line, not beside it.
 */
export function legMidpoint(a: LatLng, b: LatLng): LatLng {
  const y = (lat: number) => Math.log(Math.tan(Math.PI / 4 + rad(lat) / 2));
  const midY = (y(a.lat) + y(b.lat)) / 2;
  return { lat: deg(2 * Math.atan(Math.exp(midY)) - Math.PI / 2), lng: (a.lng + b.lng) / 2 };
}
