import sanitizeHtml from 'sanitize-html';

/**
 * The one HTML policy of user-written text (trip text, attraction and accommodation text, extra information).
 * Used where the trip is presented now, and by later issues where text is stored, so both apply the same rule.
 * Allowed: p, b, strong, i, em, u, ul, ol, li, br, h2-h4 and a[href] with http, https or mailto only; every link
 * gets rel="noopener noreferrer" (and keeps target="_blank" when given). Everything else is dropped: scripts and
 * styles with their content, event handlers (onerror, onclick...), style attributes, javascript:/data: urls.
 * Text of unknown tags is kept (e.g. <span>x</span> -> x).
 */
const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: ['p', 'b', 'strong', 'i', 'em', 'u', 'ul', 'ol', 'li', 'br', 'a', 'h2', 'h3', 'h4'],
  allowedAttributes: { a: ['href', 'target', 'rel'] },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesAppliedToAttributes: ['href'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript', 'iframe', 'object', 'embed'],
  transformTags: {
    a: (tagName, attribs) => {
      const out: sanitizeHtml.Attributes = { rel: 'noopener noreferrer' };
      if (attribs.href !== undefined) out.href = attribs.href;
      if (attribs.target === '_blank') out.target = '_blank';
      return { tagName, attribs: out };
    },
  },
};

/** Sanitises user HTML by the policy above. */
export function sanitizeUserHtml(html: string): string {
  if (html === '') return html;
  return sanitizeHtml(html, OPTIONS);
}

/** Attribution fragments of maps-service photos: only links and text survive. */
const ATTRIBUTION_OPTIONS: sanitizeHtml.IOptions = { ...OPTIONS, allowedTags: ['a'] };
export function sanitizeAttribution(html: string): string {
  return sanitizeHtml(html, ATTRIBUTION_OPTIONS);
}
