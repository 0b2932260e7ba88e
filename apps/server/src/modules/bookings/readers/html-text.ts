import { Parser } from 'htmlparser2';

/**
 * The readable text of an HTML confirmation (a mail's HTML part, a page saved from a booking site), for the sender
 * templates: tags dropped, script and style left out, a line break for each block (a paragraph, a table row, a cell,
 * a <br>), so that a label and its value stay on their own lines as the traveller sees them. Entities are decoded.
 * Bounded: a longer document is cut before parsing, and the text is capped.
 */

const MAX_HTML_CHARS = 2_000_000;
const MAX_TEXT_CHARS = 200_000;

const BLOCKS = new Set([
  'address', 'article', 'aside', 'blockquote', 'br', 'dd', 'div', 'dl', 'dt', 'fieldset', 'figcaption', 'figure',
  'footer', 'form', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'header', 'hr', 'li', 'main', 'nav', 'ol', 'p', 'pre',
  'section', 'table', 'tbody', 'td', 'tfoot', 'th', 'thead', 'tr', 'ul', 'center',
]);
const HIDDEN = new Set(['script', 'style', 'head', 'title', 'noscript', 'template']);

export function htmlText(html: string): string {
  const parts: string[] = [];
  let length = 0;
  let hidden = 0;
  const push = (s: string) => {
    if (length >= MAX_TEXT_CHARS) return;
    parts.push(s);
    length += s.length;
  };
  const parser = new Parser(
    {
      onopentag(name) {
        if (HIDDEN.has(name)) hidden++;
        else if (BLOCKS.has(name)) push('\n');
      },
      onclosetag(name) {
        if (HIDDEN.has(name)) hidden = Math.max(0, hidden - 1);
        else if (BLOCKS.has(name)) push('\n');
      },
      ontext(text) {
        if (hidden === 0) push(text);
      },
    },
    { decodeEntities: true, lowerCaseTags: true },
  );
  parser.write(html.slice(0, MAX_HTML_CHARS));
  parser.end();
  return tidyText(parts.join(''));
}

/** Spaces collapsed within lines (a no-break space is a space, direction marks dropped), lines trimmed, no blank lines. */
export function tidyText(text: string): string {
  return text
    .replace(/\r\n?/g, '\n')
    .replace(/[ \t\u00a0\u200b\u200e\u200f\u202a-\u202e\u2066-\u2069]+/g, ' ')
    .split('\n')
    .map((line) => line.trim())
    .join('\n')
    .replace(/\n{2,}/g, '\n')
    .trim()
    .slice(0, MAX_TEXT_CHARS);
}
