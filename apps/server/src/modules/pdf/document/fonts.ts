import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

/**
 * The PDF's fonts, embedded (subset) in every document, read from npm packages once per process: no network, no
 * system fonts. Noto Sans (Latin, Greek, Cyrillic, currency signs: ₪ and € included) and Noto Sans Hebrew, both
 * SIL Open Font License 1.1 (@embedpdf/fonts-latin, @embedpdf/fonts-hebrew). Hebrew has no italic face: italic
 * Hebrew is drawn upright, as browsers do with this family.
 */

export type FontFace = 'regular' | 'bold' | 'italic' | 'boldItalic';
export type Script = 'latin' | 'hebrew';

const requireFrom = createRequire(import.meta.url);

/** The package's fonts folder: its entry is dist/index.*, the TTF files are in fonts/ beside dist/. */
function fontsDir(pkg: string): string {
  return join(dirname(requireFrom.resolve(pkg)), '..', 'fonts');
}

const FILES: Record<Script, Record<FontFace, string>> = {
  latin: {
    regular: 'NotoSans-Regular.ttf',
    bold: 'NotoSans-Bold.ttf',
    italic: 'NotoSans-Italic.ttf',
    boldItalic: 'NotoSans-BoldItalic.ttf',
  },
  hebrew: {
    regular: 'NotoSansHebrew-Regular.ttf',
    bold: 'NotoSansHebrew-Bold.ttf',
    italic: 'NotoSansHebrew-Regular.ttf',
    boldItalic: 'NotoSansHebrew-Bold.ttf',
  },
};

/** Faces drawn with another face's file: Hebrew italics are upright (registered once: pdfkit reopens a duplicate). */
const SAME_AS: Partial<Record<string, FontFace>> = {
  'hebrew-italic': 'regular',
  'hebrew-boldItalic': 'bold',
};

let loaded: Map<string, Buffer> | null = null;

/** Every face's bytes by its name (`latin-bold`...), read on first use and kept (about 2.5 MB). */
export function fontBytes(): Map<string, Buffer> {
  if (loaded) return loaded;
  const dirs: Record<Script, string> = {
    latin: fontsDir('@embedpdf/fonts-latin'),
    hebrew: fontsDir('@embedpdf/fonts-hebrew'),
  };
  const map = new Map<string, Buffer>();
  for (const script of ['latin', 'hebrew'] as const)
    for (const face of ['regular', 'bold', 'italic', 'boldItalic'] as const)
      if (!SAME_AS[`${script}-${face}`])
        map.set(fontName(script, face), readFileSync(join(dirs[script], FILES[script][face])));
  loaded = map;
  return map;
}

export function fontName(script: Script, face: FontFace): string {
  return `${script}-${SAME_AS[`${script}-${face}`] ?? face}`;
}

export function faceOf(bold: boolean | undefined, italic: boolean | undefined): FontFace {
  return bold ? (italic ? 'boldItalic' : 'bold') : italic ? 'italic' : 'regular';
}

/** Hebrew letters, points and punctuation (U+0590–U+05FF) and the presentation forms (U+FB1D–U+FB4F). */
export function isHebrew(code: number): boolean {
  return (code >= 0x0590 && code <= 0x05ff) || (code >= 0xfb1d && code <= 0xfb4f);
}

/**
 * The script whose font draws a character: Hebrew letters and points from the Hebrew font, and a space between two
 * Hebrew characters too (one run per group of Hebrew words: fewer font switches); everything else, punctuation
 * included (Noto Sans Hebrew has no ASCII punctuation), from Noto Sans.
 */
export function scriptOf(text: string, i: number): Script {
  const code = text.charCodeAt(i);
  if (isHebrew(code)) return 'hebrew';
  if (code === 32 && isHebrew(text.charCodeAt(i - 1)) && isHebrew(text.charCodeAt(i + 1))) return 'hebrew';
  return 'latin';
}
