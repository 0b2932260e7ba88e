/**
 * The colour of each day of a trip (000 §9: 11 colours, day % 11): the trip map's pins and route, and the PDF's day
 * headers, pins and route (issue 19). One list, so a day is the same colour on the screen and on paper.
 */
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
