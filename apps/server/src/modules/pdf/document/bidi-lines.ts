import bidiFactory from 'bidi-js';
import { LINE_BREAK } from './rich-text.js';

/**
 * Line breaking, then the Unicode Bidirectional Algorithm (UAX #9, bidi-js) per line: a paragraph's logical text
 * becomes lines of characters in visual order, left to right, with the brackets of right-to-left runs mirrored
 * (rule L4). pdfkit draws what it is given from left to right, so this is where Hebrew with English names, numbers,
 * amounts, times and addresses gets its right order (decision 0032). Pure but for the measuring function it is
 * given, so it is tested without a PDF.
 *
 * Indices are UTF-16 code units (bidi-js's); a surrogate pair reversed inside a right-to-left run is put back in
 * order, so an astral character survives reordering.
 */

const bidi = bidiFactory();

export type Direction = 'rtl' | 'ltr';

export interface VisualLine {
  /** Logical range [start, end) of the paragraph text this line holds (trailing spaces left out). */
  start: number;
  end: number;
  /** Logical indices in visual order, left to right. */
  order: number[];
  /** The character to draw at a logical index when it differs (a mirrored bracket). */
  mirrored: Map<number, string>;
}

/** Width of the logical range [start, end) of the text, in points. */
export type Measure = (start: number, end: number) => number;

/** Hebrew, Arabic, Syriac, Thaana, NKo..., their presentation forms, and the explicit right-to-left controls. */
const RTL_CHARACTER =
  /[\u0590-\u08ff\ufb1d-\ufdff\ufe70-\ufeff\u200f\u202b\u202e\u2067]|\ud802[\udc00-\udfff]|\ud83a/;

const isSpace = (c: string) => c === ' ' || c === '\t' || c === '\u00a0';

/**
 * Break opportunities: after a run of spaces, and after a hyphen or slash inside a long token (URLs, phone numbers);
 * a single token wider than the line is cut between characters (never inside a surrogate pair).
 */
function breakLines(
  text: string,
  from: number,
  to: number,
  width: number,
  measure: Measure,
): [number, number][] {
  const lines: [number, number][] = [];
  let lineStart = from;
  while (lineStart < to) {
    // Skip the spaces a previous break left at the start of this line.
    while (lineStart < to && isSpace(text[lineStart] as string)) lineStart++;
    if (lineStart >= to) break;
    let lastBreak = -1;
    let i = lineStart;
    let end = to;
    while (i < to) {
      const c = text[i] as string;
      if (isSpace(c)) {
        lastBreak = i;
      } else if ((c === '-' || c === '/') && i + 1 < to && !isSpace(text[i + 1] as string)) {
        if (measure(lineStart, i + 1) <= width) lastBreak = i + 1;
      }
      if (!isSpace(c) && measure(lineStart, i + 1) > width) {
        if (lastBreak > lineStart) end = lastBreak;
        else {
          // One token wider than the line: cut it here (at least one character a line).
          end = Math.max(i, lineStart + 1);
          if (/[\udc00-\udfff]/.test(text[end] ?? '') && end > lineStart + 1) end--;
        }
        break;
      }
      i++;
    }
    let trimmed = end;
    while (trimmed > lineStart && isSpace(text[trimmed - 1] as string)) trimmed--;
    lines.push([lineStart, trimmed]);
    lineStart = end;
  }
  return lines;
}

/** The visual order of the logical range [start, end) given the paragraph's embedding levels. */
function visualOrder(
  text: string,
  levels: ReturnType<typeof bidi.getEmbeddingLevels>,
  start: number,
  end: number,
): number[] {
  const order: number[] = [];
  for (let i = start; i < end; i++) order.push(i);
  if (end <= start) return order;
  for (const [s, e] of bidi.getReorderSegments(text, levels, start, end - 1)) {
    const a = (s as number) - start;
    const b = (e as number) - start;
    for (let lo = a, hi = b; lo < hi; lo++, hi--) {
      const t = order[lo] as number;
      order[lo] = order[hi] as number;
      order[hi] = t;
    }
  }
  // A reversed surrogate pair (low before high) is swapped back.
  for (let k = 0; k + 1 < order.length; k++) {
    const lo = text.charCodeAt(order[k] as number);
    const hi = text.charCodeAt(order[k + 1] as number);
    if (lo >= 0xdc00 && lo <= 0xdfff && hi >= 0xd800 && hi <= 0xdbff) {
      [order[k], order[k + 1]] = [order[k + 1] as number, order[k] as number];
      k++;
    }
  }
  return order;
}

/**
 * Lays a paragraph out in lines of at most `width` points: hard breaks at LINE_BREAK (a <br>) and newlines, soft
 * breaks by breakLines, then each line reordered visually. `direction` is the paragraph's base direction (the trip's
 * language: Hebrew trips right to left), so a Hebrew line that starts with an English name still reads from the right.
 */
export function layoutParagraph(
  text: string,
  direction: Direction,
  width: number,
  measure: Measure,
): VisualLine[] {
  // One paragraph for the algorithm: hard breaks become plain separators of lines, not of bidi paragraphs, so the
  // whole block keeps the trip's direction.
  const flat = text.replace(/[\u2028\n\r]/g, ' ');
  // Left-to-right text without a right-to-left character needs no reordering: the common case of an English trip.
  const levels =
    direction === 'ltr' && !RTL_CHARACTER.test(flat) ? null : bidi.getEmbeddingLevels(flat, direction);
  const lines: VisualLine[] = [];
  let from = 0;
  const hard = new RegExp(`[${LINE_BREAK}\\n]`, 'g');
  const pieces: [number, number][] = [];
  for (let m = hard.exec(text); m !== null; m = hard.exec(text)) {
    pieces.push([from, m.index]);
    from = m.index + 1;
  }
  pieces.push([from, text.length]);
  for (const [a, b] of pieces) {
    const broken = breakLines(flat, a, b, width, measure);
    if (broken.length === 0 && pieces.length > 1)
      lines.push({ start: a, end: a, order: [], mirrored: new Map() });
    for (const [s, e] of broken) {
      if (!levels) {
        lines.push({
          start: s,
          end: e,
          order: Array.from({ length: e - s }, (_, k) => s + k),
          mirrored: new Map(),
        });
        continue;
      }
      const mirrored =
        e > s ? bidi.getMirroredCharactersMap(flat, levels.levels, s, e - 1) : new Map<number, string>();
      lines.push({ start: s, end: e, order: visualOrder(flat, levels, s, e), mirrored });
    }
  }
  return lines;
}

/** The visual string of a line (tests and the bidi test set compare it). */
export function visualString(text: string, line: VisualLine): string {
  return line.order.map((i) => line.mirrored.get(i) ?? text[i]).join('');
}
