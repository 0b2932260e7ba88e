import { useMemo } from 'react';
import { richTextNodes } from '../lib/rich-text';
import classes from './RichText.module.css';

/**
 * HTML written by a trip's author (from the server, or from an offline copy, which is not a trusted source either),
 * rebuilt from an allow-list (lib/rich-text). Renders nothing when no readable text is left.
 */
export function RichText({ html, className }: { html: string | null | undefined; className?: string }) {
  const nodes = useMemo(() => richTextNodes(html), [html]);
  if (nodes.length === 0) return null;
  return <div className={className ? `${classes.richText} ${className}` : classes.richText}>{nodes}</div>;
}
