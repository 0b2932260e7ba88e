import sanitizeHtml from 'sanitize-html';

const ENTITIES: Record<string, string> = {
  '&amp;': '&',
  '&lt;': '<',
  '&gt;': '>',
  '&quot;': '"',
  '&#39;': "'",
  '&nbsp;': ' ',
};

/**
 * An attraction's stored HTML as a short plain text for a search result (the web shows it as text, so nothing in
 * it can ever be markup): tags dropped with the contents of scripts and styles, blocks and line breaks become spaces,
 * cut at a word boundary near `max` characters.
 */
export function plainTextSummary(html: string, max = 300): string {
  if (!html) return '';
  const spaced = html.replace(/<(?:br|\/p|\/li|\/h[1-6])\s*\/?>/gi, ' ');
  const text = sanitizeHtml(spaced, { allowedTags: [], allowedAttributes: {} })
    .replace(/&(?:amp|lt|gt|quot|#39|nbsp);/g, (e) => ENTITIES[e] ?? e)
    .replace(/\s+/g, ' ')
    .trim();
  if (text.length <= max) return text;
  const cut = text.lastIndexOf(' ', max);
  return `${text.slice(0, cut > max * 0.6 ? cut : max)}…`;
}
