/** Pure marker helpers for the trip map (no Leaflet, no DOM: unit-tested in node). 000 §9: 1–9 and '+', A–J, 11 colours. */
import type { MapPoint } from './types';

// The day colours are the contract's (the PDF draws its days in the same ones, issue 19).
export { DAY_COLOURS, dayColour, type DayColour } from '@rides/contract';

/** The glyph of an attraction's pin for its 1-based order in the day: '1'..'9', then '+' for 10 and beyond. */
export function attractionGlyph(order: number): string {
  const n = Math.max(1, Math.trunc(order) || 1);
  return n <= 9 ? String(n) : '+';
}

const ACCOMMODATION_LETTERS = 'ABCDEFGHIJ';

/** The letter of an accommodation's pin for its 1-based order: 'A'..'J'; 'J' is reused beyond the tenth. */
export function accommodationLetter(order: number): string {
  const n = Math.max(1, Math.trunc(order) || 1);
  return ACCOMMODATION_LETTERS[Math.min(n, ACCOMMODATION_LETTERS.length) - 1] as string;
}

export function markerGlyph(point: Pick<MapPoint, 'kind' | 'order'>): string {
  return point.kind === 'accommodation' ? accommodationLetter(point.order) : attractionGlyph(point.order);
}
