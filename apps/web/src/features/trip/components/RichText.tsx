import { useMemo } from 'react';
import DOMPurify from 'dompurify';
import classes from './Trip.module.css';

const ALLOWED_TAGS = ['p', 'b', 'strong', 'i', 'em', 'u', 'ul', 'ol', 'li', 'br', 'a', 'h2', 'h3', 'h4', 'span', 'div'];

/** Links in stored text open in a new tab and never pass our page on to the other site. */
let hooked = false;
function ensureHook() {
  if (hooked) return;
  hooked = true;
  DOMPurify.addHook('afterSanitizeAttributes', (node) => {
    if (node.tagName === 'A') {
      node.setAttribute('target', '_blank');
      node.setAttribute('rel', 'noopener noreferrer');
    }
  });
}

/**
 * HTML from the server (trip text, activity text, notes). The server sanitises it already; it is sanitised
 * again here, with a short allow-list, because it is inserted as HTML.
 */
export function RichText({ html, className }: { html: string; className?: string }) {
  const clean = useMemo(() => {
    ensureHook();
    return DOMPurify.sanitize(html, { ALLOWED_TAGS, ALLOWED_ATTR: ['href', 'target', 'rel'] });
  }, [html]);
  if (!clean.trim()) return null;
  return (
    <div
      className={className ? `${classes.richText} ${className}` : classes.richText}
      dangerouslySetInnerHTML={{ __html: clean }}
    />
  );
}
