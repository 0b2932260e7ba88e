/**
 * The part of the world a day's map shows, before it is drawn (issue 30 point 8): the PDF service asks the gazetteer
 * for the towns in it on the main thread (the render worker has no gazetteer), the worker then keeps those inside the
 * map it draws. Pure and without pdfkit, so the main thread can import it.
 */

export interface LngLatBox {
  west: number;
  south: number;
  east: number;
  north: number;
}

/**
 * The stops' box widened to what a day map of a page column (about 2.7 times wider than high) may show around them:
 * at least ~2 km each way, and three times the stops' spread east-west, so every town the map can show is in it.
 */
export function dayMapArea(stops: readonly { lat: number; lng: number }[]): LngLatBox | null {
  if (stops.length === 0) return null;
  const lats = stops.map((s) => s.lat);
  const lngs = stops.map((s) => s.lng);
  const south = Math.min(...lats);
  const north = Math.max(...lats);
  const west = Math.min(...lngs);
  const east = Math.max(...lngs);
  const cos = Math.max(0.2, Math.cos((((south + north) / 2) * Math.PI) / 180));
  // Spans in degrees of latitude (a degree of longitude is cos(lat) of one).
  const spanY = Math.max(north - south, ((east - west) * cos) / 2.7, 0.02);
  const spanX = Math.max((east - west) * cos, spanY * 2.7);
  const cy = (south + north) / 2;
  const cx = (west + east) / 2;
  return {
    south: cy - spanY * 0.75,
    north: cy + spanY * 0.75,
    west: cx - (spanX * 0.75) / cos,
    east: cx + (spanX * 0.75) / cos,
  };
}
