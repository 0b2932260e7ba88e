/**
 * XML text and attribute escaping for the GPX and KML files. Characters XML 1.0 forbids (C0 controls but tab and
 * newline, lone surrogates, U+FFFE/U+FFFF) are dropped: user text never carries them (input rules), but an export
 * must stay well-formed whatever an old row holds.
 */
export function xmlText(value: string): string {
  return value
    .replace(/[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu, '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');
}

/** Degrees with at most 7 decimals (~1 cm), as XML decimals (never exponent notation). */
export const degrees = (n: number) => Number(n.toFixed(7)).toString();
