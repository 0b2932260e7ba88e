import { createElement, Fragment, type ReactNode } from 'react';
import { textDirection } from '@rides/contract';
import { isolatedRuns } from './bidi';

/**
 * The one client-side HTML policy (trip text, activity text, notes; live or from the offline copy). The server
 * sanitises when it stores and when it answers; the client does not trust that either, and never hands HTML to
 * innerHTML: the text is parsed by the browser into an inert document (DOMParser: no scripts run, nothing loads)
 * and rebuilt as React elements from an allow-list. Unknown elements keep their text; attributes are dropped
 * except a link's address, which must be http(s), mailto or tel. No library needed (DOMPurify was ~10 KB gzip).
 */
const ALLOWED = new Set(['p', 'b', 'strong', 'i', 'em', 'u', 'ul', 'ol', 'li', 'br', 'a', 'h2', 'h3', 'h4', 'span', 'div']);
/** Elements dropped with everything inside them: their content is code or markup, never prose. */
const DROPPED = new Set(['script', 'style', 'template', 'noscript', 'iframe', 'object', 'embed', 'svg', 'math', 'textarea', 'select', 'title', 'head']);
/** Deeper nesting is flattened to its text: a hostile text cannot exhaust the stack. */
const MAX_DEPTH = 32;
const SAFE_SCHEMES = new Set(['http:', 'https:', 'mailto:', 'tel:']);
/**
 * Blocks that take their own direction (decision 0044: the direction of most of their words, else dir="auto"): a
 * Hebrew note's English paragraph reads left to right and keeps its full stop at its end; so does each line between
 * <br>s (ownLines).
 */
const OWN_DIRECTION = new Set(['p', 'li', 'ul', 'ol', 'h2', 'h3', 'h4', 'div']);

/** A link's address if it is safe to follow from our page, else null (the link then shows as plain text). */
export function safeHref(raw: string | null): string | null {
  if (!raw) return null;
  try {
    const url = new URL(raw.trim());
    return SAFE_SCHEMES.has(url.protocol) ? url.href : null;
  } catch {
    return null;
  }
}

const TEXT_NODE = 3;
const ELEMENT_NODE = 1;

function children(node: Node, depth: number): ReactNode[] {
  const out: ReactNode[] = [];
  node.childNodes.forEach((child, i) => {
    const converted = convert(child, depth, i);
    if (converted !== null) out.push(converted);
  });
  return out;
}

function convert(node: Node, depth: number, key: number): ReactNode {
  // Phones and codes inside the text keep their order (lib/bidi).
  if (node.nodeType === TEXT_NODE)
    return node.nodeValue ? createElement(Fragment, { key }, isolatedRuns(node.nodeValue)) : null;
  if (node.nodeType !== ELEMENT_NODE) return null;
  const tag = (node as Element).localName;
  if (DROPPED.has(tag)) return null;
  if (depth >= MAX_DEPTH) return node.textContent;
  const inner = children(node, depth + 1);
  if (!ALLOWED.has(tag)) return inner.length ? createElement(Fragment, { key }, ...inner) : null;
  if (tag === 'br') return createElement('br', { key });
  if (tag === 'a') {
    const href = safeHref((node as Element).getAttribute('href'));
    if (!href) return createElement(Fragment, { key }, ...inner);
    return createElement('a', { key, href, target: '_blank', rel: 'noopener noreferrer' }, ...inner);
  }
  if (!OWN_DIRECTION.has(tag)) return createElement(tag, { key }, ...inner);
  const dir = textDirection(node.textContent ?? '') ?? 'auto';
  return createElement(tag, { key, dir }, ...ownLines(node, inner, dir));
}

/**
 * A block's lines between <br>s: a line whose words go the other way than the block's is put in a <bdi> of its own
 * direction (an English line of a Hebrew paragraph keeps its full stop at its end). Blocks without <br> as they are.
 */
function ownLines(node: Node, inner: ReactNode[], blockDir: string): ReactNode[] {
  const nodes = Array.from(node.childNodes).filter(
    (c) => c.nodeType === TEXT_NODE || c.nodeType === ELEMENT_NODE,
  );
  if (nodes.length !== inner.length || !nodes.some((c) => (c as Element).localName === 'br')) return inner;
  const out: ReactNode[] = [];
  let line: ReactNode[] = [];
  let text = '';
  const flush = () => {
    const dir = textDirection(text);
    if (dir && dir !== blockDir && line.length)
      out.push(createElement('bdi', { key: `l${out.length}`, dir }, ...line));
    else out.push(...line);
    line = [];
    text = '';
  };
  nodes.forEach((child, i) => {
    if ((child as Element).localName === 'br') {
      flush();
      out.push(inner[i]);
    } else {
      line.push(inner[i]);
      text += child.textContent ?? '';
    }
  });
  flush();
  return out;
}

/** Parses an HTML text into its <body>, as a browser does. Only the DOM members convert() reads are needed. */
export type HtmlBodyParser = (html: string) => Node;

let parseBody: HtmlBodyParser = (html) => new DOMParser().parseFromString(html, 'text/html').body;

/**
 * The server has no DOMParser: its rendering (entry-server.tsx) sets a spec-compliant parser (parse5) here, so the
 * HTML it sends is the tree the browser builds when it hydrates the page.
 */
export function setHtmlBodyParser(parser: HtmlBodyParser): void {
  parseBody = parser;
}

/** The allowed part of an HTML text as React nodes; an empty array when nothing readable is left. */
export function richTextNodes(html: string | null | undefined): ReactNode[] {
  if (!html?.trim()) return [];
  const body = parseBody(html);
  if (!body.textContent?.trim()) return [];
  return children(body, 0);
}
