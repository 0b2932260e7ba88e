import { useMemo } from 'react';
import DOMPurify from 'dompurify';
import classes from './Offline.module.css';

const ALLOWED_TAGS = ['p', 'b', 'strong', 'i', 'em', 'u', 'ul', 'ol', 'li', 'br', 'a', 'h2', 'h3', 'h4', 'span', 'div'];

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
 * Saved HTML (trip text, activity text, notes): the server sanitised it, and it is sanitised again here with the trip
 * page's short allow-list, because it is inserted as HTML (and local storage is not a trusted source).
 */
export function SafeHtml({ html }: { html: string }) {
  const clean = useMemo(() => {
    ensureHook();
    return DOMPurify.sanitize(html, { ALLOWED_TAGS, ALLOWED_ATTR: ['href', 'target', 'rel'] });
  }, [html]);
  if (!clean.trim()) return null;
  return <div className={classes.richText} dangerouslySetInnerHTML={{ __html: clean }} />;
}
