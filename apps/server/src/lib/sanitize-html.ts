import sanitizeHtml from 'sanitize-html';
import { withoutControlCharacters } from '@rides/contract';

/**
 * The one HTML policy of user-written text (trip text, attraction and accommodation text, extra information), applied
 * when text is stored (the editing calls) and again where a trip is presented (text stored before, or by the seed).
 * It is the same allow-list the web rebuilds rich text from (apps/web/src/lib/rich-text.ts), so what the server keeps
 * is exactly what the browser shows:
 *  - tags: p, b, strong, i, em, u, ul, ol, li, br, a, h2, h3, h4, span, div; no attributes but a link's;
 *  - a[href] only when the address is absolute with http, https, mailto or tel (a relative or javascript:/data: address
 *    is dropped, leaving an inert <a> the web shows as text); every link gets rel="noopener noreferrer" and keeps target="_blank" when given;
 *  - dropped with their content: script, style, template, noscript, iframe, object, embed, svg, math, textarea, select,
 *    option, title, head (code or markup, never prose);
 *  - other tags are dropped and their text kept (<font>x</font> -> x); nesting deeper than 32 is flattened to text.
 * Event handlers (onerror, onclick...), style and class attributes never survive.
 */
const ALLOWED_TAGS = [
  'p',
  'b',
  'strong',
  'i',
  'em',
  'u',
  'ul',
  'ol',
  'li',
  'br',
  'a',
  'h2',
  'h3',
  'h4',
  'span',
  'div',
];
const DROPPED_WITH_CONTENT = [
  'script',
  'style',
  'template',
  'noscript',
  'iframe',
  'object',
  'embed',
  'svg',
  'math',
  'textarea',
  'select',
  'option',
  'title',
  'head',
];
const SAFE_SCHEMES = new Set(['http:', 'https:', 'mailto:', 'tel:']);
/** The web's MAX_DEPTH: a hostile text cannot exhaust a renderer's stack. */
const MAX_DEPTH = 32;

/** The address if it is absolute with a safe scheme (the web's safeHref rule), else undefined. */
function safeHref(raw: string | undefined): string | undefined {
  if (!raw) return undefined;
  try {
    const url = new URL(raw.trim());
    return SAFE_SCHEMES.has(url.protocol) ? raw.trim() : undefined;
  } catch {
    return undefined;
  }
}

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: ALLOWED_TAGS,
  allowedAttributes: { a: ['href', 'target', 'rel'] },
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowedSchemesAppliedToAttributes: ['href'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  nonTextTags: DROPPED_WITH_CONTENT,
  nestingLimit: MAX_DEPTH,
  transformTags: {
    a: (tagName, attribs) => {
      // A link without a usable address keeps no href: inert, and the web shows its text only. (Renaming the tag
      // instead would be neater, but sanitize-html then closes later links with the renamed tag.)
      const out: sanitizeHtml.Attributes = { rel: 'noopener noreferrer' };
      const href = safeHref(attribs.href);
      if (href !== undefined) out.href = href;
      if (attribs.target === '_blank') out.target = '_blank';
      return { tagName, attribs: out };
    },
  },
};

/**
 * Sanitises user HTML by the policy above. Character references decode to what they name, so "&#1;" would bring back a
 * control character the text rule refuses (decision 0025): they are removed from the result.
 */
export function sanitizeUserHtml(html: string): string {
  if (html === '') return html;
  return withoutControlCharacters(sanitizeHtml(html, OPTIONS));
}

/** Attribution fragments of maps-service photos: only links and text survive. */
const ATTRIBUTION_OPTIONS: sanitizeHtml.IOptions = { ...OPTIONS, allowedTags: ['a'] };
export function sanitizeAttribution(html: string): string {
  return sanitizeHtml(html, ATTRIBUTION_OPTIONS);
}
