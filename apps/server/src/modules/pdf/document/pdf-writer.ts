import PDFDocument from 'pdfkit';
import { BIDI_ISOLATE, isolateLtrRuns, type PdfPaperSize } from '@rides/contract';
import { layoutParagraph, type Direction, type VisualLine } from './bidi-lines.js';
import { faceOf, fontBytes, fontName, scriptOf } from './fonts.js';
import type { Span } from './rich-text.js';

/**
 * pdfkit with our own text layout (decision 0032): pdfkit draws a string from left to right as it is given, so every
 * line is broken and put in visual order here (bidi-lines.ts) and drawn as runs of one font and one style at computed
 * positions. A flowing cursor (`y`) moves down the page and a new page starts when the next line does not fit.
 */

/** Page sizes in points (1/72 inch). */
const PAPER: Record<PdfPaperSize, [number, number]> = { A4: [595.28, 841.89], Letter: [612, 792] };
export const MARGIN = 42;
/** Room kept at the foot of every page for its number. */
const FOOTER = 24;

export interface TextStyle {
  size: number;
  color?: string;
  /** Indent from the start side (right in a Hebrew trip), points. */
  indent?: number;
  /** Line height as a multiple of the size. */
  leading?: number;
  /** Centre each line instead of aligning it to the start side. */
  center?: boolean;
}

interface Char {
  span: Span;
}

/**
 * Every line's phone numbers and codes between LRI and PDI (decision 0044): "+972 55-123-4567" and "ABC-123" read left
 * to right in a Hebrew line. The isolates have no width and are not drawn.
 */
const withLtrRuns = (spans: Span[]): Span[] => spans.map((s) => ({ ...s, text: isolateLtrRuns(s.text) }));

export class PdfWriter {
  readonly doc: PDFKit.PDFDocument;
  readonly dir: Direction;
  readonly left = MARGIN;
  readonly right: number;
  readonly top = MARGIN;
  readonly bottom: number;
  readonly pageWidth: number;
  readonly pageHeight: number;
  y = MARGIN;
  /** Drawing the page footers: nothing starts a new page. */
  private inFooter = false;
  /** The fill colour last set for text (shapes save and restore theirs). */
  private colour = '';

  constructor(dir: Direction, paper: PdfPaperSize, info: { title: string; author: string }) {
    const [w, h] = PAPER[paper];
    this.pageWidth = w;
    this.pageHeight = h;
    this.right = w - MARGIN;
    this.bottom = h - MARGIN - FOOTER;
    this.dir = dir;
    // font: null: pdfkit would otherwise load its Helvetica metrics from files beside its own code.
    this.doc = new PDFDocument({
      size: [w, h],
      margin: 0,
      bufferPages: true,
      autoFirstPage: true,
      font: null as unknown as string,
      info: { Title: info.title, Author: info.author, Creator: 'Rides trip planner' },
      lang: dir === 'rtl' ? 'he' : 'en',
      displayTitle: true,
    } as PDFKit.PDFDocumentOptions);
    for (const [name, bytes] of fontBytes()) {
      this.doc.registerFont(name, bytes);
      this.doc.font(name);
      shareFont(name, (this.doc as unknown as { _font: EmbeddedFont })._font);
    }
  }

  get width(): number {
    return this.right - this.left;
  }

  newPage(): void {
    this.doc.addPage({ size: [this.pageWidth, this.pageHeight], margin: 0 });
    this.y = this.top;
    this.colour = ''; // a new page starts with black
  }

  /** Starts a new page unless `height` points still fit under the cursor. */
  ensure(height: number): void {
    if (!this.inFooter && this.y + height > this.bottom) this.newPage();
  }

  /** x of a box of `w` points placed `offset` points from the start side (right edge in RTL). */
  startX(w: number, offset = 0): number {
    return this.dir === 'rtl' ? this.right - offset - w : this.left + offset;
  }

  private font(span: Span, script: 'latin' | 'hebrew', size: number): PDFKit.PDFDocument {
    return this.doc.font(fontName(script, faceOf(span.bold, span.italic))).fontSize(size);
  }

  /** Per-character advance widths of the paragraph (logical order) in its own fonts: the line breaker's ruler. */
  private advances(text: string, chars: Char[], size: number): Float64Array {
    const widths = new Float64Array(text.length + 1);
    for (let i = 0; i < text.length; i++) {
      const code = text.charCodeAt(i);
      if (code >= 0xdc00 && code <= 0xdfff) continue; // the pair's width is on its high half
      if (BIDI_ISOLATE.test(text[i] as string)) continue; // an isolate is not drawn (drawLine skips it)
      const span = (chars[i] as Char).span;
      widths[i + 1] =
        this.advance(fontName(scriptOf(text, i), faceOf(span.bold, span.italic)), text.codePointAt(i) ?? 32) *
        size;
    }
    for (let i = 1; i <= text.length; i++) widths[i] = (widths[i] as number) + (widths[i - 1] as number);
    return widths;
  }

  /** A character's advance at size 1, measured once per process (the fonts never change). */
  private advance(font: string, code: number): number {
    let perFont = ADVANCES.get(font);
    if (!perFont) ADVANCES.set(font, (perFont = new Map()));
    let a = perFont.get(code);
    if (a === undefined) {
      a = this.doc.font(font).fontSize(1).widthOfString(String.fromCodePoint(code));
      perFont.set(code, a);
    }
    return a;
  }

  /**
   * Lays out and draws styled text as a paragraph (`maxWidth` defaults to the column less the indent), moving the
   * cursor; returns the lines' height. Each line is kept whole on a page.
   */
  paragraph(given: Span[], style: TextStyle, maxWidth?: number): number {
    const spans = withLtrRuns(given);
    const text = spans.map((s) => s.text).join('');
    if (text.trim() === '') return 0;
    const chars: Char[] = [];
    for (const span of spans) for (let k = 0; k < span.text.length; k++) chars.push({ span });
    const prefix = this.advances(text, chars, style.size);
    const indent = style.indent ?? 0;
    const width = maxWidth ?? this.width - indent;
    const lines = layoutParagraph(
      text,
      this.dir,
      width,
      (a, b) => (prefix[b] as number) - (prefix[a] as number),
    );
    const lineHeight = style.size * (style.leading ?? 1.4);
    const startY = this.y;
    for (const line of lines) {
      this.ensure(lineHeight);
      this.drawLine(text, chars, prefix, line, style, indent, width);
      this.y += lineHeight;
    }
    return this.y - startY;
  }

  private drawLine(
    text: string,
    chars: Char[],
    prefix: Float64Array,
    line: VisualLine,
    style: TextStyle,
    indent: number,
    width: number,
  ) {
    const w = (i: number) => (prefix[i + 1] as number) - (prefix[i] as number);
    const lineWidth = line.order.reduce((sum, i) => sum + w(i), 0);
    let x = style.center ? this.left + indent + (width - lineWidth) / 2 : this.startX(lineWidth, indent);
    const y = this.y;
    let k = 0;
    while (k < line.order.length) {
      const first = line.order[k] as number;
      if (BIDI_ISOLATE.test(text[first] as string)) {
        k++;
        continue;
      }
      const span = (chars[first] as Char).span;
      const script = scriptOf(text, first);
      let run = '';
      let runWidth = 0;
      while (k < line.order.length) {
        const i = line.order[k] as number;
        if (
          (chars[i] as Char).span !== span ||
          scriptOf(text, i) !== script ||
          BIDI_ISOLATE.test(text[i] as string)
        )
          break;
        run += line.mirrored.get(i) ?? text[i];
        runWidth += w(i);
        k++;
      }
      const colour = span.link ? '#1864ab' : (style.color ?? '#212529');
      const doc = this.font(span, script, style.size);
      // pdfkit parses a colour on every call: set it only when it changes.
      if (colour !== this.colour) doc.fillColor((this.colour = colour));
      doc.text(run, x, y, { lineBreak: false });
      // pdfkit's own link/underline options need a text width it does not know here: drawn from our widths instead.
      if (span.underline) {
        const base = y + style.size * 1.12;
        this.doc
          .save()
          .lineWidth(style.size / 16)
          .strokeColor(colour)
          .moveTo(x, base)
          .lineTo(x + runWidth, base)
          .stroke()
          .restore();
      }
      if (span.link) this.doc.link(x, y, runWidth, style.size * 1.3, span.link);
      x += runWidth;
    }
  }

  /** Width of one line of text at `size` (a map's label), points. */
  textWidth(spans: Span[], size: number): number {
    const text = spans.map((s) => s.text).join('');
    const chars: Char[] = [];
    for (const span of spans) for (let k = 0; k < span.text.length; k++) chars.push({ span });
    return this.advances(text, chars, size)[text.length] as number;
  }

  /**
   * Draws one line of text centred on x, its top at y, in the bidi order of the document's direction (a label on a
   * map: a town's name, the scale); the cursor does not move and no page is started.
   */
  label(spans: Span[], style: TextStyle, x: number, y: number): void {
    const text = spans.map((s) => s.text).join('');
    if (text.trim() === '') return;
    const chars: Char[] = [];
    for (const span of spans) for (let k = 0; k < span.text.length; k++) chars.push({ span });
    const prefix = this.advances(text, chars, style.size);
    const width = (prefix[text.length] as number) + 1;
    const [line] = layoutParagraph(
      text,
      this.dir,
      width,
      (a, b) => (prefix[b] as number) - (prefix[a] as number),
    );
    if (!line) return;
    const saved = this.y;
    this.y = y;
    this.drawLine(text, chars, prefix, line, { ...style, center: true }, x - this.left - width / 2, width);
    this.y = saved;
  }

  /** Height the paragraph would take (for keeping a heading with what follows). */
  measure(given: Span[], style: TextStyle): number {
    const spans = withLtrRuns(given);
    const text = spans.map((s) => s.text).join('');
    const chars: Char[] = [];
    for (const span of spans) for (let k = 0; k < span.text.length; k++) chars.push({ span });
    const prefix = this.advances(text, chars, style.size);
    const width = this.width - (style.indent ?? 0);
    const lines = layoutParagraph(
      text,
      this.dir,
      width,
      (a, b) => (prefix[b] as number) - (prefix[a] as number),
    );
    return lines.length * style.size * (style.leading ?? 1.4);
  }

  /** The document's bytes once everything is drawn (page numbers last: they need the page count). */
  finish(pageLabel: (n: number, of: number) => string): Promise<Buffer> {
    const range = this.doc.bufferedPageRange();
    this.inFooter = true;
    for (let p = range.start; p < range.start + range.count; p++) {
      this.doc.switchToPage(p);
      this.colour = '';
      const label = pageLabel(p + 1, range.count);
      const saved = this.y;
      this.y = this.pageHeight - MARGIN;
      this.paragraph([{ text: label }], { size: 8, color: '#6c757d', center: true });
      this.y = saved;
    }
    return new Promise((resolve, reject) => {
      const parts: Buffer[] = [];
      this.doc.on('data', (b: Buffer) => parts.push(b));
      this.doc.on('end', () => resolve(Buffer.concat(parts)));
      this.doc.on('error', reject);
      this.doc.end();
    });
  }
}

interface FontkitFont {
  layout: (s: string, features?: unknown, script?: string, language?: string, direction?: string) => unknown;
  createSubset: () => unknown;
}

/** pdfkit's EmbeddedFont, the parts shareFont touches. */
interface EmbeddedFont {
  font: FontkitFont;
  subset: unknown;
  layoutCache?: Record<string, unknown>;
}

/** Advance widths at size 1 per font and code point. */
const ADVANCES = new Map<string, Map<number, number>>();

/** Per font: one parsed font and one cache of laid-out words for every document of the process. */
const SHARED = new Map<string, { font: FontkitFont; words: Record<string, unknown>; size: number }>();
/** Words kept per font before the cache starts afresh (a bound on memory; a trip uses a few thousand). */
const MAX_CACHED_WORDS = 50_000;

/**
 * Every document of the process draws with the same parsed fonts and reuses the words already laid out (fontkit's
 * shaping is the costliest step of a page: measured, decision 0032); each document keeps its own subset of glyphs.
 * fontkit reverses any string it detects as right-to-left; our strings are already in visual order, so the shared
 * font lays everything out left to right.
 */
function shareFont(name: string, embedded: EmbeddedFont): void {
  let shared = SHARED.get(name);
  if (!shared) {
    const font = embedded.font;
    const layout = font.layout.bind(font);
    font.layout = (s: string, features?: unknown) => layout(s, features, undefined, undefined, 'ltr');
    shared = { font, words: Object.create(null) as Record<string, unknown>, size: 0 };
    SHARED.set(name, shared);
  } else {
    embedded.font = shared.font;
    embedded.subset = shared.font.createSubset();
  }
  if (Object.keys(shared.words).length > MAX_CACHED_WORDS)
    shared.words = Object.create(null) as Record<string, unknown>;
  embedded.layoutCache = shared.words;
}
