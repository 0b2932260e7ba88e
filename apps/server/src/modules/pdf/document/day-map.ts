import type { PdfWriter } from './pdf-writer.js';

/**
 * A day's map drawn as vectors from the coordinates (issue 19 point 2): no tiles, so no network and nothing to wait
 * for. Web Mercator fitted into a box, the route as a line through the stops in their order, each stop a pin with its
 * number in the day's colour, and a scale bar of a round distance. The projection and the scale are pure (tested).
 */

export interface MapStop {
  lat: number;
  lng: number;
  /** The pin's number (the activity's place in the day). */
  label: string;
}

const EARTH_RADIUS = 6_378_137;

/** Web Mercator in metres. */
function mercator(lat: number, lng: number): [number, number] {
  const clamped = Math.max(-85, Math.min(85, lat));
  const x = (EARTH_RADIUS * lng * Math.PI) / 180;
  const y = EARTH_RADIUS * Math.log(Math.tan(Math.PI / 4 + (clamped * Math.PI) / 360));
  return [x, y];
}

export interface Projection {
  /** Points in the box, y down. */
  points: [number, number][];
  /** Ground metres per point of the page at the stops' middle latitude. */
  metresPerPoint: number;
}

/**
 * Fits the stops into a w × h box with `pad` points left around them (the same scale on both axes). One stop, or
 * stops at one place, get a 1 km wide view around them.
 */
export function project(stops: readonly { lat: number; lng: number }[], w: number, h: number, pad: number): Projection {
  const m = stops.map((s) => mercator(s.lat, s.lng));
  const xs = m.map((p) => p[0]);
  const ys = m.map((p) => p[1]);
  const midLat = (Math.min(...stops.map((s) => s.lat)) + Math.max(...stops.map((s) => s.lat))) / 2;
  // Mercator metres are stretched by 1/cos(lat); ground metres are what the scale shows.
  const stretch = 1 / Math.cos((midLat * Math.PI) / 180);
  const minSpan = 1000 * stretch;
  const spanX = Math.max(Math.max(...xs) - Math.min(...xs), minSpan);
  const spanY = Math.max(Math.max(...ys) - Math.min(...ys), minSpan * (h / w));
  const scale = Math.min((w - 2 * pad) / spanX, (h - 2 * pad) / spanY); // points per Mercator metre
  const cx = (Math.max(...xs) + Math.min(...xs)) / 2;
  const cy = (Math.max(...ys) + Math.min(...ys)) / 2;
  return {
    points: m.map(([x, y]) => [w / 2 + (x - cx) * scale, h / 2 - (y - cy) * scale]),
    metresPerPoint: 1 / scale / stretch,
  };
}

/** The longest round distance (1, 2 or 5 × 10^n metres) whose bar is at most `maxPoints` long. */
export function niceScale(metresPerPoint: number, maxPoints: number): { metres: number; points: number } {
  const max = metresPerPoint * maxPoints;
  let metres = 1;
  for (let p = 10 ** Math.floor(Math.log10(Math.max(max, 1))); p >= 1; p /= 10) {
    const pick = [5, 2, 1].map((k) => k * p).find((d) => d <= max);
    if (pick) {
      metres = pick;
      break;
    }
  }
  return { metres, points: metres / metresPerPoint };
}

/** Draws the map at the cursor, full column width, and moves the cursor under it. */
export function drawDayMap(
  writer: PdfWriter,
  stops: readonly MapStop[],
  colour: { bg: string; fg: string },
  scaleLabel: (metres: number) => string,
  height = 190,
): void {
  if (stops.length === 0) return;
  writer.ensure(height + 8);
  const doc = writer.doc;
  const x0 = writer.left;
  const y0 = writer.y;
  const w = writer.width;
  const { points, metresPerPoint } = project(stops, w, height, 22);
  doc.save();
  doc.roundedRect(x0, y0, w, height, 6).fillAndStroke('#f1f3f5', '#dee2e6');
  // A faint grid, so the empty box reads as a map.
  doc.lineWidth(0.3).strokeColor('#e3e6ea');
  for (let gx = x0 + 40; gx < x0 + w; gx += 40) doc.moveTo(gx, y0).lineTo(gx, y0 + height).stroke();
  for (let gy = y0 + 40; gy < y0 + height; gy += 40) doc.moveTo(x0, gy).lineTo(x0 + w, gy).stroke();
  if (points.length > 1) {
    doc.lineWidth(2).strokeColor(colour.bg).dash(5, { space: 3 });
    const [first, ...rest] = points;
    doc.moveTo(x0 + (first as [number, number])[0], y0 + (first as [number, number])[1]);
    for (const [px, py] of rest) doc.lineTo(x0 + px, y0 + py);
    doc.stroke().undash();
  }
  points.forEach(([px, py], i) => {
    const label = (stops[i] as MapStop).label;
    doc.circle(x0 + px, y0 + py, 8).lineWidth(1.2).fillAndStroke(colour.bg, '#ffffff');
    doc.font('latin-bold').fontSize(label.length > 1 ? 7 : 8).fillColor(colour.fg);
    const tw = doc.widthOfString(label);
    doc.text(label, x0 + px - tw / 2, y0 + py - 5, { lineBreak: false });
  });
  // Scale bar, bottom left: a round distance up to a quarter of the box.
  const bar = niceScale(metresPerPoint, w / 4);
  const bx = x0 + 12;
  const by = y0 + height - 12;
  doc.lineWidth(1.5).strokeColor('#343a40').undash();
  doc.moveTo(bx, by - 4).lineTo(bx, by).lineTo(bx + bar.points, by).lineTo(bx + bar.points, by - 4).stroke();
  doc.font('latin-regular').fontSize(7).fillColor('#343a40');
  doc.restore();
  const saved = writer.y;
  writer.y = by - 14;
  const text = scaleLabel(bar.metres);
  const tw = doc.font('latin-regular').fontSize(7).widthOfString(text);
  writer.paragraph([{ text }], { size: 7, color: '#343a40', indent: writer.dir === 'rtl' ? w - 12 - Math.max(tw, bar.points) : 12 }, Math.max(tw, bar.points) + 2);
  writer.y = saved + height + 8;
}
