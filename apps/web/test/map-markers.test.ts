import { describe, expect, it } from 'vitest';
import {
  accommodationLetter,
  attractionGlyph,
  dayColour,
  DAY_COLOURS,
  markerGlyph,
} from '../src/components/map/markers';

/** WCAG 2 relative luminance and contrast ratio. */
function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5]
    .map((i) => parseInt(hex.slice(i, i + 2), 16) / 255)
    .map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4)) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}
const contrast = (a: string, b: string) => {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
};

describe('attractionGlyph', () => {
  it('numbers 1 to 9, then + from 10 on', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 8, 9].map(attractionGlyph)).toEqual([
      '1',
      '2',
      '3',
      '4',
      '5',
      '6',
      '7',
      '8',
      '9',
    ]);
    expect(attractionGlyph(10)).toBe('+');
    expect(attractionGlyph(57)).toBe('+');
  });

  it('treats a missing or invalid order as the first', () => {
    expect(attractionGlyph(0)).toBe('1');
    expect(attractionGlyph(-3)).toBe('1');
    expect(attractionGlyph(Number.NaN)).toBe('1');
  });
});

describe('accommodationLetter', () => {
  it('letters A to J by 1-based order, J reused beyond', () => {
    expect(Array.from({ length: 10 }, (_, i) => accommodationLetter(i + 1)).join('')).toBe('ABCDEFGHIJ');
    expect(accommodationLetter(11)).toBe('J');
    expect(accommodationLetter(60)).toBe('J');
    expect(accommodationLetter(0)).toBe('A');
  });
});

describe('markerGlyph', () => {
  it('picks by kind', () => {
    expect(markerGlyph({ kind: 'attraction', order: 3 })).toBe('3');
    expect(markerGlyph({ kind: 'accommodation', order: 3 })).toBe('C');
  });
});

describe('day colours', () => {
  it('has eleven distinct colours and cycles through them', () => {
    expect(DAY_COLOURS).toHaveLength(11);
    expect(new Set(DAY_COLOURS.map((c) => c.bg.toLowerCase())).size).toBe(11);
    for (let d = 0; d < 11; d++) expect(dayColour(d)).toBe(DAY_COLOURS[d]);
    expect(dayColour(11)).toBe(DAY_COLOURS[0]);
    expect(dayColour(25)).toBe(DAY_COLOURS[3]);
    expect(dayColour(-1)).toBe(DAY_COLOURS[10]);
    expect(dayColour(Number.NaN)).toBe(DAY_COLOURS[0]);
  });

  it.each(DAY_COLOURS.map((c, i) => [i, c] as const))('colour %i: glyph passes WCAG AA (4.5:1)', (_, c) => {
    expect(contrast(c.fg, c.bg)).toBeGreaterThanOrEqual(4.5);
  });

  it('the route lines stand apart from the white casing (3:1, WCAG non-text), except the dark-glyph yellow', () => {
    for (const c of DAY_COLOURS.filter((x) => x.fg === '#ffffff')) {
      expect(contrast(c.bg, '#ffffff')).toBeGreaterThanOrEqual(3);
    }
  });
});
