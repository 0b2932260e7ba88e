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
