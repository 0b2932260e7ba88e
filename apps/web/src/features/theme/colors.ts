import type { ThemeColorsWire } from '@rides/contract';

/**
 * Colour arithmetic for white-label themes (000 §9): contrast per WCAG 2, a darkening that brings a colour to AA
 * under white text, and a Mantine shade scale (10 shades) built around a theme's primary colour.
 */
type Rgb = [number, number, number];

export function parseHex(value: string): Rgb | null {
  const m = /^#?([\da-f]{3}|[\da-f]{6})$/i.exec(value.trim());
  if (!m) return null;
  let hex = m[1] as string;
  if (hex.length === 3) hex = [...hex].map((c) => c + c).join('');
  return [0, 2, 4].map((i) => parseInt(hex.slice(i, i + 2), 16)) as Rgb;
}

const toHex = (rgb: Rgb) => `#${rgb.map((c) => Math.round(c).toString(16).padStart(2, '0')).join('')}`;

/** Mixes `rgb` with `into` by `amount` (0: rgb, 1: into). */
const mix = (rgb: Rgb, into: Rgb, amount: number): Rgb => rgb.map((c, i) => c + ((into[i] as number) - c) * amount) as Rgb;

const WHITE: Rgb = [255, 255, 255];
const BLACK: Rgb = [0, 0, 0];

function luminance(rgb: Rgb): number {
  const [r, g, b] = rgb.map((c) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  }) as Rgb;
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

export function contrast(a: string, b: string): number {
  const x = parseHex(a);
  const y = parseHex(b);
  if (!x || !y) return 1;
  const [hi, lo] = [luminance(x), luminance(y)].sort((p, q) => q - p) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

/** AA for normal text. */
export const AA = 4.5;

/** The colour itself when white text on it reaches AA, else the least darkening of it that does. */
export function darkenForWhiteText(color: string): string {
  const rgb = parseHex(color);
  if (!rgb) return color;
  for (let step = 0; step <= 20; step++) {
    const candidate = toHex(mix(rgb, BLACK, step * 0.05));
    if (contrast(candidate, '#ffffff') >= AA) return candidate;
  }
  return '#000000';
}

/** Ten shades (Mantine's tuple) with the AA primary at index 7, the shade the app uses as primary. */
export function shadesOf(primary: string): string[] | null {
  const rgb = parseHex(primary);
  if (!rgb) return null;
  const light = [0.92, 0.84, 0.68, 0.52, 0.38, 0.24, 0.12].map((a) => toHex(mix(rgb, WHITE, a)));
  return [...light, toHex(rgb), toHex(mix(rgb, BLACK, 0.15)), toHex(mix(rgb, BLACK, 0.3))];
}

/** Text colour for a background: the theme's own when it reaches AA, else white or black, whichever is stronger. */
export function readableText(background: string, preferred: string): string {
  if (contrast(background, preferred) >= AA) return preferred;
  return contrast(background, '#ffffff') >= contrast(background, '#000000') ? '#ffffff' : '#000000';
}

/**
 * The CSS variables a theme sets on :root: `--rides-*` for the eight theme colours (primary and secondary
 * darkened to AA under white text) and Mantine's `brand` shades, which every primary-coloured component reads.
 */
export function themeVariables(colors: ThemeColorsWire): Record<string, string> {
  const primary = darkenForWhiteText(colors.primary);
  const secondary = darkenForWhiteText(colors.secondary);
  const vars: Record<string, string> = {
    '--rides-primary': primary,
    '--rides-primary-text': readableText(primary, colors.primaryTextColor),
    '--rides-secondary': secondary,
    '--rides-secondary-text': readableText(secondary, colors.secondaryTextColor),
    '--rides-primary-background': colors.primaryBackground,
    '--rides-secondary-background': colors.secondaryBackground,
    '--rides-main-text-background': colors.mainTextBackgroundColor,
    '--rides-ride-itinerary-background': colors.rideItineraryBackgroundColor,
  };
  const shades = shadesOf(primary);
  if (shades) {
    shades.forEach((shade, i) => (vars[`--mantine-color-brand-${i}`] = shade));
    vars['--mantine-color-brand-outline-hover'] = `${shades[7]}0d`;
  }
  return vars;
}
