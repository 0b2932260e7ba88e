/** Pure marker helpers for the trip map (no Leaflet, no DOM: unit-tested in node). 000 §9: 1–9 and '+', A–J, 11 colours. */
import type { MapPoint } from './types';

export interface DayColour {
  /** Pin fill and route line. */
  bg: string;
  /** Glyph colour on the pin: at least 4.5:1 against `bg` (WCAG AA for small text; asserted by a test). */
  fg: string;
}

/**
 * Eleven colours, one per day (day % 11), far apart in hue and dark enough for a white digit, except one
 * yellow that carries a dark digit.
 */
export const DAY_COLOURS: readonly DayColour[] = [
  { bg: '#1864ab', fg: '#ffffff' }, // blue
  { bg: '#c92a2a', fg: '#ffffff' }, // red
  { bg: '#2f7d32', fg: '#ffffff' }, // green
  { bg: '#862e9c', fg: '#ffffff' }, // grape
  { bg: '#c2410c', fg: '#ffffff' }, // orange
  { bg: '#0b7285', fg: '#ffffff' }, // cyan
  { bg: '#a61e4d', fg: '#ffffff' }, // pink
  { bg: '#fcc419', fg: '#212529' }, // yellow, dark digit
  { bg: '#5f3dc4', fg: '#ffffff' }, // violet
  { bg: '#7c4a1e', fg: '#ffffff' }, // brown
  { bg: '#343a40', fg: '#ffffff' }, // charcoal
];

/** The colour of a 0-based day; cycles every eleven days (negative or fractional days are normalised). */
export function dayColour(day: number): DayColour {
  const n = DAY_COLOURS.length;
  const i = ((Math.trunc(day) % n) + n) % n;
  return DAY_COLOURS[Number.isFinite(i) ? i : 0] as DayColour;
}

/** The glyph of an attraction's pin for its 1-based order in the day: '1'..'9', then '+' for 10 and beyond. */
export function attractionGlyph(order: number): string {
  const n = Math.max(1, Math.trunc(order) || 1);
  return n <= 9 ? String(n) : '+';
}

export const ACCOMMODATION_LETTERS = 'ABCDEFGHIJ';

/** The letter of an accommodation's pin for its 1-based order: 'A'..'J'; 'J' is reused beyond the tenth. */
export function accommodationLetter(order: number): string {
  const n = Math.max(1, Math.trunc(order) || 1);
  return ACCOMMODATION_LETTERS[Math.min(n, ACCOMMODATION_LETTERS.length) - 1] as string;
}

export function markerGlyph(point: Pick<MapPoint, 'kind' | 'order'>): string {
  return point.kind === 'accommodation' ? accommodationLetter(point.order) : attractionGlyph(point.order);
}
