import { describe, expect, it } from 'vitest';
import { contrast, darkenForWhiteText, parseHex, readableText, shadesOf, themeVariables } from '../src/features/theme/colors';

/** Seeded primaries that reach AA under white text as they are; Galilee's #2b8a3e (4.37:1) does not. */
const AA_PRIMARIES = ['#1864ab', '#a61e4d', '#364fc7', '#0b7285', '#862e9c'];

describe('theme colours (000 §9) keep AA contrast', () => {
  it('parses #rgb and #rrggbb, refuses anything else', () => {
    expect(parseHex('#fff')).toEqual([255, 255, 255]);
    expect(parseHex('0B7285')).toEqual([11, 114, 133]);
    expect(parseHex('red')).toBeNull();
    expect(parseHex('#12345')).toBeNull();
  });

  it('contrast follows WCAG 2 (black on white is 21:1)', () => {
    expect(contrast('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrast('#ffffff', '#ffffff')).toBeCloseTo(1, 5);
  });

  it('leaves AA colours alone and darkens light ones until white text reaches 4.5:1', () => {
    for (const c of AA_PRIMARIES) expect(darkenForWhiteText(c)).toBe(c);
    for (const c of ['#2b8a3e', '#e67700', '#d9480f', '#ffd43b', '#74c0fc', '#40c057', '#ffffff', '#ff922b']) {
      const dark = darkenForWhiteText(c);
      expect(contrast(dark, '#ffffff'), c).toBeGreaterThanOrEqual(4.5);
      expect(dark).not.toBe(c);
    }
  });

  it('picks readable text when the theme\'s own text colour fails', () => {
    expect(readableText('#364fc7', '#ffffff')).toBe('#ffffff');
    expect(readableText('#364fc7', '#eeeeff')).toBe('#eeeeff');
    expect(readableText('#fff9db', '#ffffff')).toBe('#000000');
  });

  it('builds ten Mantine shades with the primary at shade 7, light to dark', () => {
    const shades = shadesOf('#364fc7') as string[];
    expect(shades).toHaveLength(10);
    expect(shades[7]).toBe('#364fc7');
    const whiteContrast = shades.map((s) => contrast(s, '#ffffff'));
    for (let i = 1; i < 10; i++) expect(whiteContrast[i]).toBeGreaterThan(whiteContrast[i - 1] as number);
  });

  it('sets the eight --rides-* variables and the brand shades', () => {
    const vars = themeVariables({
      primary: '#ffd43b',
      primaryTextColor: '#ffffff',
      secondary: '#0b7285',
      secondaryTextColor: '#ffffff',
      primaryBackground: '#f8f9fa',
      secondaryBackground: '#edf2ff',
      mainTextBackgroundColor: '#ffffff',
      rideItineraryBackgroundColor: '#e3fafc',
    });
    expect(contrast(vars['--rides-primary'] as string, '#ffffff')).toBeGreaterThanOrEqual(4.5);
    expect(vars['--mantine-color-brand-7']).toBe(vars['--rides-primary']);
    expect(vars['--rides-secondary']).toBe('#0b7285');
    expect(vars['--rides-ride-itinerary-background']).toBe('#e3fafc');
    expect(Object.keys(vars).filter((k) => k.startsWith('--rides-'))).toHaveLength(8);
  });
});
