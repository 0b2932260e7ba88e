import { ACTIVITY_TEXT_PREVIEW } from '@rides/contract';

/**
 * Texts, dates and ids as the screens show and read them (the trip's, the searches', the photos', the access pages'):
 * shared, so no feature imports another for them.
 */

export { parseId } from './trip-address';

// The one display-date helper (lib/display-date.ts), where the trip's screens have always found it.
export { toDisplayDate } from './display-date';

/** Plain text of a (possibly HTML) text, whitespace collapsed; used for the 200-character preview. */
export function plainText(html: string | null | undefined): string {
  if (!html) return '';
  return html
    .replace(/<br\s*\/?>/gi, ' ')
    .replace(/<[^>]*>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/\s+/g, ' ')
    .trim();
}

/** The first `limit` characters (000 §9: 200), cut at a word when one ends near the limit. */
export function preview(text: string, limit: number = ACTIVITY_TEXT_PREVIEW): { text: string; cut: boolean } {
  if (text.length <= limit) return { text, cut: false };
  const slice = text.slice(0, limit);
  const space = slice.lastIndexOf(' ');
  return { text: `${(space > limit * 0.8 ? slice.slice(0, space) : slice).trimEnd()}…`, cut: true };
}
