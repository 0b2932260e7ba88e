import { useMemo } from 'react';
import { sanitizeHtml } from '../../../lib/sanitize-html';
import classes from './Offline.module.css';

/** Saved HTML from the offline copy (local storage is not a trusted source): sanitised before it is shown. */
export function SafeHtml({ html }: { html: string }) {
  const clean = useMemo(() => sanitizeHtml(html), [html]);
  if (!clean.trim()) return null;
  return <div className={classes.richText} dangerouslySetInnerHTML={{ __html: clean }} />;
}
