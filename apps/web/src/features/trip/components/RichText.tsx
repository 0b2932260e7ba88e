import { useMemo } from 'react';
import { sanitizeHtml } from '../../../lib/sanitize-html';
import classes from './Trip.module.css';

/** HTML from the server (trip text, activity text, notes), sanitised again before it is inserted. */
export function RichText({ html, className }: { html: string; className?: string }) {
  const clean = useMemo(() => sanitizeHtml(html), [html]);
  if (!clean.trim()) return null;
  return (
    <div
      className={className ? `${classes.richText} ${className}` : classes.richText}
      dangerouslySetInnerHTML={{ __html: clean }}
    />
  );
}
