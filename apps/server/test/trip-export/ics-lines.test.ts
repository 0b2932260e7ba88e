import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { foldLine, icsText } from '../../src/modules/trip-export/ics.js';

/** RFC 5545 3.1's unfolding: a line break followed by one space is removed. */
const unfold = (folded: string) => folded.replace(/\r\n /g, '');
const physicalLines = (folded: string) => folded.split('\r\n');

describe('ICS content lines (RFC 5545 3.1, 3.3.11)', () => {
  it.each([
    ['ASCII', `DESCRIPTION:${'a'.repeat(300)}`],
    ['Hebrew (2 octets a letter)', `SUMMARY:${'שלום עולם '.repeat(20)}`],
    ['the euro and the shekel (3 octets)', `DESCRIPTION:${'€₪ '.repeat(60)}`],
    ['emoji (4 octets, a surrogate pair)', `DESCRIPTION:${'😀'.repeat(40)}`],
    ['exactly 75 octets', `X:${'b'.repeat(73)}`],
    ['76 octets', `X:${'b'.repeat(74)}`],
  ])('%s: each physical line at most 75 octets, no character split, unfolds to the line', (_what, line) => {
    const folded = foldLine(line);
    for (const physical of physicalLines(folded))
      expect(Buffer.byteLength(physical, 'utf8')).toBeLessThanOrEqual(75);
    expect(folded).not.toContain('\ufffd');
    expect(unfold(folded)).toBe(line);
  });

  it('leaves a line of 75 octets or fewer as it is', () => {
    expect(foldLine(`X:${'b'.repeat(73)}`)).toBe(`X:${'b'.repeat(73)}`);
    expect(foldLine(`X:${'b'.repeat(74)}`)).toBe(`X:${'b'.repeat(73)}\r\n b`);
  });

  it('folds any text so that it unfolds to itself, every line within 75 octets', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 400 }), (text) => {
        const line = `DESCRIPTION:${text}`;
        const folded = foldLine(line);
        expect(unfold(folded)).toBe(line);
        for (const physical of physicalLines(folded))
          expect(Buffer.byteLength(physical, 'utf8')).toBeLessThanOrEqual(75);
      }),
    );
  });

  it('escapes backslashes, semicolons, commas and newlines in TEXT values', () => {
    expect(icsText('a\\b;c,d\ne\r\nf')).toBe('a\\\\b\\;c\\,d\\ne\\nf');
  });
});
