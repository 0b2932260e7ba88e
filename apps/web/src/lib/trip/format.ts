import { ACTIVITY_TEXT_PREVIEW } from '@rides/contract';

/** A trip's texts, dates and address as the trip page, its calendar, its map and the add-activity page show them. */

export { parseId } from './trip-address';

/**
 * Any wire date of a trip (DD-MM-YYYY, YYYY-MM-DD, or a date-time such as "2024-05-01T00:00:00" /
 * "01/05/2024 00:00") as DD/MM/YYYY (000 §9 day header). Only digits move: no Date objects, no time zones.
 * Answers null for anything else.
 */
export function toDisplayDate(value: string | null | undefined): string | null {
  if (!value) return null;
  const text = value.trim().split(/[T\s]/)[0] ?? '';
  let m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (m) return `${m[3]}/${m[2]}/${m[1]}`;
  m = /^(\d{2})[-/.](\d{2})[-/.](\d{4})$/.exec(text);
  if (m) return `${m[1]}/${m[2]}/${m[3]}`;
  return null;
}

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
