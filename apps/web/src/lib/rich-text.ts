import { createElement, Fragment, type ReactNode } from 'react';

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
  if (node.nodeType === TEXT_NODE) return node.nodeValue;
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
  return createElement(tag, { key }, ...inner);
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
