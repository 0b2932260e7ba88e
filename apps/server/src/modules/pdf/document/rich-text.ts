import { openIsolate, PDI } from '@rides/contract';

/**
 * Sanitised user HTML (lib/sanitize-html.ts's allow-list: p, b, strong, i, em, u, ul, ol, li, br, a, h2-h4, span, div)
 * -> blocks of styled spans the PDF lays out. The input is always the sanitiser's output (well-formed, text escaped),
 * so a small tokenizer suffices; anything unexpected is read as text, never thrown on.
 */

export interface Span {
  text: string;
  bold?: boolean;
  italic?: boolean;
  underline?: boolean;
  /** An http(s), mailto or tel address (the sanitiser kept only those). */
  link?: string;
}

export interface Block {
  kind: 'p' | 'h' | 'li';
  spans: Span[];
  /** Nesting of lists (1 = top-level item). */
  depth: number;
  /** "•" or "3." for list items. */
  marker?: string;
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0' };

export function decodeEntities(s: string): string {
  return s.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
    if (name[0] === '#') {
      const cp =
        name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
      return Number.isInteger(cp) && cp > 0 && cp <= 0x10ffff ? String.fromCodePoint(cp) : '';
    }
    return ENTITIES[name.toLowerCase()] ?? whole;
  });
}

function hrefOf(attrs: string): string | undefined {
  const m = /\bhref\s*=\s*"([^"]*)"/i.exec(attrs) ?? /\bhref\s*=\s*'([^']*)'/i.exec(attrs);
  return m?.[1] ? decodeEntities(m[1]) : undefined;
}

/** A <br>: U+2028 LINE SEPARATOR, which whitespace collapsing keeps and the layout breaks the line at. */
export const LINE_BREAK = '\u2028';

const BLOCK_TAGS = new Set(['p', 'div', 'h2', 'h3', 'h4', 'li', 'ul', 'ol']);

/** Parses sanitised HTML into blocks; whitespace is collapsed as a browser would (br is a line break). */
export function htmlToBlocks(html: string): Block[] {
  const blocks: Block[] = [];
  let current: Block | null = null;
  const style = { bold: 0, italic: 0, underline: 0 };
  const links: (string | undefined)[] = [];
  const lists: { ordered: boolean; n: number }[] = [];
  let heading = false;

  const flush = () => {
    if (current) {
      // Collapse whitespace across spans, trim the block's ends; drop a block left empty.
      let text = '';
      for (const s of current.spans) {
        s.text = s.text.replace(/[ \t\r\n\f]+/g, ' ');
        if (text.endsWith(' ') || text.endsWith(LINE_BREAK) || text === '') s.text = s.text.replace(/^ /, '');
        text += s.text;
      }
      for (let i = current.spans.length - 1; i >= 0; i--) {
        const s = current.spans[i] as Span;
        s.text = s.text.replace(/[ ]+$/, '');
        if (s.text !== '') break;
      }
      current.spans = current.spans.filter((s) => s.text !== '');
      if (current.spans.length > 0) blocks.push(current);
    }
    current = null;
  };
  const open = (kind: Block['kind'], marker?: string) => {
    flush();
    current = { kind, spans: [], depth: Math.max(1, lists.length), ...(marker ? { marker } : {}) };
  };
  const addText = (text: string) => {
    if (!current) current = { kind: heading ? 'h' : 'p', spans: [], depth: Math.max(1, lists.length) };
    const link = links.at(-1);
    current.spans.push({
      text,
      ...(style.bold > 0 || heading ? { bold: true } : {}),
      ...(style.italic > 0 ? { italic: true } : {}),
      ...(style.underline > 0 || link ? { underline: true } : {}),
      ...(link ? { link } : {}),
    });
  };

  const re = /<(\/?)([a-zA-Z][a-zA-Z0-9]*)([^>]*)>|([^<]+)|(<)/g;
  for (let m = re.exec(html); m !== null; m = re.exec(html)) {
    const [, closing, rawTag, attrs = '', text, lone] = m;
    if (text !== undefined || lone !== undefined) {
      addText(decodeEntities(text ?? '<'));
      continue;
    }
    const tag = (rawTag as string).toLowerCase();
    const end = closing === '/';
    if (tag === 'b' || tag === 'strong') style.bold += end ? -1 : 1;
    else if (tag === 'i' || tag === 'em') style.italic += end ? -1 : 1;
    else if (tag === 'u') style.underline += end ? -1 : 1;
    else if (tag === 'a') {
      if (end) links.pop();
      else links.push(hrefOf(attrs));
    } else if (tag === 'br') addText(LINE_BREAK);
    else if (BLOCK_TAGS.has(tag)) {
      if (tag === 'ul' || tag === 'ol') {
        flush();
        if (end) lists.pop();
        else lists.push({ ordered: tag === 'ol', n: 0 });
      } else if (tag === 'li') {
        if (end) flush();
        else {
          const list = lists.at(-1);
          if (list) list.n += 1;
          open('li', list?.ordered ? `${list.n}.` : '•');
        }
      } else if (tag === 'h2' || tag === 'h3' || tag === 'h4') {
        heading = !end;
        if (end) flush();
        else open('h');
      } else flush();
    }
    for (const k of ['bold', 'italic', 'underline'] as const) style[k] = Math.max(0, style[k]);
  }
  flush();
  return blocks;
}

/**
 * A user's value inside a line (a title, a name, an address): its own direction inside the trip's (decision 0044:
 * the contract's openIsolate ... PDI), so "Templars' Tunnel." keeps its full stop at its end in a Hebrew trip.
 */
export const own = (text: string): string => openIsolate(text) + text + PDI;

/**
 * A paragraph of the user's rich text, each of its lines (between <br>s) taking its own direction: a Hebrew trip's
 * English paragraph or line reads left to right, and the other way round.
 */
export function ownBlock(spans: Span[]): Span[] {
  const lines = spans
    .map((s) => s.text)
    .join('')
    .split(LINE_BREAK);
  const out: Span[] = [{ text: openIsolate(lines[0] ?? '') }];
  let line = 0;
  for (const span of spans) {
    span.text.split(LINE_BREAK).forEach((piece, i) => {
      if (i > 0) out.push({ text: PDI + LINE_BREAK + openIsolate(lines[++line] ?? '') });
      if (piece) out.push({ ...span, text: piece });
    });
  }
  out.push({ text: PDI });
  return out;
}
