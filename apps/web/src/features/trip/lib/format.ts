import { ACTIVITY_TEXT_PREVIEW } from '@rides/contract';

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

const finite = (v: unknown): number | null => {
  const n = typeof v === 'string' ? Number(v) : v;
  return typeof n === 'number' && Number.isFinite(n) ? n : null;
};

/** A usable coordinate pair, or null (0,0 and out-of-range values are treated as "no location"). */
export function coordinates(lat: unknown, lng: unknown): { lat: number; lng: number } | null {
  const a = finite(lat);
  const b = finite(lng);
  if (a === null || b === null || (a === 0 && b === 0)) return null;
  if (Math.abs(a) > 90 || Math.abs(b) > 180) return null;
  return { lat: a, lng: b };
}

/** Only http(s) links leave the page (a stored "javascript:" link must never become an href). */
export function safeExternalUrl(value: string | null | undefined): string | null {
  if (!value) return null;
  const v = value.trim();
  const withScheme = /^[a-z][a-z0-9+.-]*:/i.test(v) ? v : `https://${v}`;
  try {
    const url = new URL(withScheme);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null;
  } catch {
    return null;
  }
}

/** A ride id from the address: a positive whole number, else null (the page shows "not found"). */
export function parseId(value: string | undefined): number | null {
  if (!value || !/^\d{1,9}$/.test(value)) return null;
  const n = Number(value);
  return n > 0 ? n : null;
}

/** WCAG relative luminance of a #rgb / #rrggbb colour, or null for anything else. */
function luminance(hex: string): number | null {
  const m = /^#?([\da-f]{3}|[\da-f]{6})$/i.exec(hex.trim());
  if (!m?.[1]) return null;
  const h = m[1].length === 3 ? [...m[1]].map((c) => c + c).join('') : m[1];
  const [r, g, b] = [0, 2, 4].map((i) => {
    const c = parseInt(h.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** The text colour (white or near-black) that contrasts more with a background colour from data (affiliate buttons). */
export function readableTextOn(background: string): string | undefined {
  const l = luminance(background);
  if (l === null) return undefined;
  const white = 1.05 / (l + 0.05);
  const dark = (l + 0.05) / 0.05;
  return white >= dark ? '#ffffff' : '#1a1b1e';
}
