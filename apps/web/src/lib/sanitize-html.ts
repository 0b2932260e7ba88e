import DOMPurify from 'dompurify';

/**
 * The one client-side HTML policy (trip text, activity text, notes; live or from the offline copy). The server
 * sanitises on its side too; this runs again because the result is inserted as HTML. Links open in a new tab and
 * never pass our page on to the other site.
 */
const ALLOWED_TAGS = ['p', 'b', 'strong', 'i', 'em', 'u', 'ul', 'ol', 'li', 'br', 'a', 'h2', 'h3', 'h4', 'span', 'div'];
const ALLOWED_ATTR = ['href', 'target', 'rel'];

let hooked = false;
export function sanitizeHtml(html: string): string {
  if (!hooked) {
    hooked = true;
    DOMPurify.addHook('afterSanitizeAttributes', (node) => {
      if (node.tagName === 'A') {
        node.setAttribute('target', '_blank');
        node.setAttribute('rel', 'noopener noreferrer');
      }
    });
  }
  return DOMPurify.sanitize(html, { ALLOWED_TAGS, ALLOWED_ATTR });
}
