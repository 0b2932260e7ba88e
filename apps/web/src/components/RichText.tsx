import { useMemo } from 'react';
import { useContentLanguage } from '../lib/content-language';
import { richTextNodes } from '../lib/rich-text';
import classes from './RichText.module.css';

/**
 * HTML written by a trip's author (from the server, or from an offline copy, which is not a trusted source either),
 * rebuilt from an allow-list (lib/rich-text). Renders nothing when no readable text is left. Inside a trip it takes
 * the trip's language and direction (lib/content-language), whatever the interface's.
 */
export function RichText({ html, className }: { html: string | null | undefined; className?: string }) {
  const nodes = useMemo(() => richTextNodes(html), [html]);
  const content = useContentLanguage();
  if (nodes.length === 0) return null;
  return (
    <div className={className ? `${classes.richText} ${className}` : classes.richText} {...content}>
      {nodes}
    </div>
  );
}
