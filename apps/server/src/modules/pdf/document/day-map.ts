import { basemapWithin, type LngLat } from './basemap.js';
import type { PdfWriter } from './pdf-writer.js';

/**
 * A day's map drawn as vectors from the coordinates (issue 19 point 2): no tiles, so no network and nothing to wait
 * for. Web Mercator fitted into a box; where it is (issue 30 point 8): sea, land and country borders from Natural
 * Earth (basemap.ts), lakes, and the nearest towns of the gazetteer (given by the PDF service); the route as a line through the
 * stops in their order, each stop a pin with its number in the day's colour, and a scale bar of a round distance
 * placed in a corner no pin covers (else under the map). The projection, the scale and the placements are pure (tested).
 */

/** A town to name on the map (the gazetteer's, most important first). */
export interface MapTown {
  name: string;
  lat: number;
  lng: number;
}

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
  /** Any place in the box's points. */
  toBox: (lat: number, lng: number) => [number, number];
  /** The longitudes and latitudes the box shows. */
  bounds: { west: number; south: number; east: number; north: number };
}

/** Web Mercator metres back to latitude and longitude. */
function unmercator(x: number, y: number): { lat: number; lng: number } {
  return {
    lng: (x / EARTH_RADIUS) * (180 / Math.PI),
    lat: (2 * Math.atan(Math.exp(y / EARTH_RADIUS)) - Math.PI / 2) * (180 / Math.PI),
  };
}

/**
 * Fits the stops into a w × h box with `pad` points left around them (the same scale on both axes). One stop, or
 * stops at one place, get a 1 km wide view around them.
 */
export function project(
  stops: readonly { lat: number; lng: number }[],
  w: number,
  h: number,
  pad: number,
): Projection {
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
  const toPage = ([x, y]: [number, number]): [number, number] => [
    w / 2 + (x - cx) * scale,
    h / 2 - (y - cy) * scale,
  ];
  const sw = unmercator(cx - w / 2 / scale, cy - h / 2 / scale);
  const ne = unmercator(cx + w / 2 / scale, cy + h / 2 / scale);
  return {
    points: m.map(toPage),
    metresPerPoint: 1 / scale / stretch,
    toBox: (lat, lng) => toPage(mercator(lat, lng)),
    bounds: { west: sw.lng, south: sw.lat, east: ne.lng, north: ne.lat },
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

/** A rectangle in the map's points (x right, y down). */
export interface Rect {
  x: number;
  y: number;
  w: number;
  h: number;
}

/** A pin's circle radius, and the box it covers (its white ring included). */
export const PIN_RADIUS = 8;
export const pinBox = ([x, y]: readonly [number, number]): Rect => ({
  x: x - PIN_RADIUS - 1,
  y: y - PIN_RADIUS - 1,
  w: 2 * PIN_RADIUS + 2,
  h: 2 * PIN_RADIUS + 2,
});

export const intersects = (a: Rect, b: Rect): boolean =>
  a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h;

/**
 * Where the scale (its bar and its label, a box of w × h) goes on a map of mapW × mapH: the first corner, bottom
 * first, whose box no pin's box touches; when every corner is taken, under the map (`outside`: the map's space grows
 * by the box's height). So the label never covers a pin.
 */
export function placeScale(
  pins: readonly (readonly [number, number])[],
  mapW: number,
  mapH: number,
  size: { w: number; h: number },
  inset = 8,
): Rect & { outside: boolean } {
  const corners: [number, number][] = [
    [inset, mapH - inset - size.h],
    [mapW - inset - size.w, mapH - inset - size.h],
    [inset, inset],
    [mapW - inset - size.w, inset],
  ];
  const boxes = pins.map(pinBox);
  for (const [x, y] of corners) {
    const box = { x, y, w: size.w, h: size.h };
    if (!boxes.some((b) => intersects(b, box))) return { ...box, outside: false };
  }
  return { x: inset, y: mapH + 3, w: size.w, h: size.h, outside: true };
}

/**
 * The towns to name (at most `max`, in the gazetteer's order): each a dot and its name above it, kept when it is inside
 * the map and touches no pin, no route stop, the scale or a name already kept.
 */
export function placeTowns(
  towns: readonly { point: [number, number]; width: number }[],
  pins: readonly (readonly [number, number])[],
  taken: readonly Rect[],
  mapW: number,
  mapH: number,
  max = 6,
): number[] {
  const blocked: Rect[] = [...pins.map(pinBox), ...taken];
  const kept: number[] = [];
  towns.forEach(({ point: [x, y], width }, i) => {
    if (kept.length >= max) return;
    const label: Rect = { x: x - width / 2 - 1, y: y - 12, w: width + 2, h: 10 };
    const dot: Rect = { x: x - 2, y: y - 2, w: 4, h: 4 };
    const inside = label.x >= 4 && label.x + label.w <= mapW - 4 && label.y >= 4 && y + 3 <= mapH - 4;
    if (!inside || blocked.some((b) => intersects(b, label) || intersects(b, dot))) return;
    blocked.push(label, dot);
    kept.push(i);
  });
  return kept;
}

const SEA = '#dcebf5';
const LAND = '#f4f2ec';
const COAST = '#9dbbd0';
const BORDER = '#8c8c96';
const TOWN = '#495057';

/** Draws the map at the cursor, full column width, and moves the cursor under it. */
export function drawDayMap(
  writer: PdfWriter,
  stops: readonly MapStop[],
  colour: { bg: string; fg: string },
  scaleLabel: (metres: number) => string,
  towns: readonly MapTown[] = [],
  height = 190,
): void {
  if (stops.length === 0) return;
  const doc = writer.doc;
  const w = writer.width;
  const projection = project(stops, w, height, 22);
  const { points, metresPerPoint } = projection;
  const bar = niceScale(metresPerPoint, w / 4);
  const text = scaleLabel(bar.metres);
  const scaleSize = { w: Math.max(writer.textWidth([{ text }], 7), bar.points) + 4, h: 18 };
  const scale = placeScale(points, w, height, scaleSize);
  writer.ensure(height + 8 + (scale.outside ? scaleSize.h + 3 : 0));
  const x0 = writer.left;
  const y0 = writer.y;

  doc.save();
  doc.roundedRect(x0, y0, w, height, 6).clip();
  doc.rect(x0, y0, w, height).fill(SEA);
  // The land and borders of the box (and a little around it, so the clip cuts them, not the data).
  const b = projection.bounds;
  const dx = (b.east - b.west) * 0.05;
  const dy = (b.north - b.south) * 0.05;
  const { land, lakes, borders } = basemapWithin({
    west: b.west - dx,
    south: b.south - dy,
    east: b.east + dx,
    north: b.north + dy,
  });
  const trace = (line: LngLat[], close: boolean) => {
    line.forEach(([lng, lat], i) => {
      const [px, py] = projection.toBox(lat, lng);
      if (i === 0) doc.moveTo(x0 + px, y0 + py);
      else doc.lineTo(x0 + px, y0 + py);
    });
    if (close) doc.closePath();
  };
  if (land.length) {
    for (const ring of land) trace(ring, true);
    doc.lineWidth(0.8).fillAndStroke(LAND, COAST, 'even-odd');
  }
  if (lakes.length) {
    for (const ring of lakes) trace(ring, true);
    doc.lineWidth(0.6).fillAndStroke(SEA, COAST, 'even-odd');
  }
  if (borders.length) {
    for (const line of borders) trace(line, false);
    doc.lineWidth(0.9).strokeColor(BORDER).dash(3, { space: 2 }).stroke().undash();
  }
  doc.restore();

  // The nearest towns: a dot and the name, where they cover nothing else.
  const townSize = 6.5;
  const placedTowns = towns.map((t) => ({
    point: projection.toBox(t.lat, t.lng),
    width: writer.textWidth([{ text: t.name }], townSize),
  }));
  const scaleRect = { x: scale.x, y: scale.y, w: scale.w, h: scale.h };
  for (const i of placeTowns(placedTowns, points, [scaleRect], w, height)) {
    const { point } = placedTowns[i] as { point: [number, number] };
    doc
      .save()
      .circle(x0 + point[0], y0 + point[1], 1.6)
      .fill(TOWN)
      .restore();
    writer.label(
      [{ text: (towns[i] as MapTown).name }],
      { size: townSize, color: TOWN, leading: 1 },
      x0 + point[0],
      y0 + point[1] - 11,
    );
  }

  doc.save();
  if (points.length > 1) {
    doc.lineWidth(2).strokeColor(colour.bg).dash(5, { space: 3 });
    const [first, ...rest] = points;
    doc.moveTo(x0 + (first as [number, number])[0], y0 + (first as [number, number])[1]);
    for (const [px, py] of rest) doc.lineTo(x0 + px, y0 + py);
    doc.stroke().undash();
  }
  points.forEach(([px, py], i) => {
    const label = (stops[i] as MapStop).label;
    doc
      .circle(x0 + px, y0 + py, PIN_RADIUS)
      .lineWidth(1.2)
      .fillAndStroke(colour.bg, '#ffffff');
    doc
      .font('latin-bold')
      .fontSize(label.length > 1 ? 7 : 8)
      .fillColor(colour.fg);
    const tw = doc.widthOfString(label);
    doc.text(label, x0 + px - tw / 2, y0 + py - 5, { lineBreak: false });
  });
  doc.roundedRect(x0, y0, w, height, 6).lineWidth(0.8).stroke('#ced4da');
  // The scale: its label on top, the bar of a round distance under it, in the box placeScale chose.
  const bx = x0 + scale.x + (scale.w - bar.points) / 2;
  const by = y0 + scale.y + scale.h - 2;
  if (!scale.outside)
    doc
      .roundedRect(x0 + scale.x, y0 + scale.y, scale.w, scale.h, 2)
      .fillOpacity(0.75)
      .fill('#ffffff')
      .fillOpacity(1);
  doc.lineWidth(1.5).strokeColor('#343a40').undash();
  doc
    .moveTo(bx, by - 4)
    .lineTo(bx, by)
    .lineTo(bx + bar.points, by)
    .lineTo(bx + bar.points, by - 4)
    .stroke();
  doc.restore();
  writer.label(
    [{ text }],
    { size: 7, color: '#343a40', leading: 1 },
    x0 + scale.x + scale.w / 2,
    y0 + scale.y + 1,
  );
  writer.y = y0 + height + 8 + (scale.outside ? scaleSize.h + 3 : 0);
}
