/**
 * The editors' text boxes (extra information, trip information, attraction) edit text, not HTML (001 §2): stored
 * HTML is shown in the box as paragraphs and lines, and what is typed is saved as paragraphs (a blank line), line
 * breaks and links (an address starting with http(s):// becomes a link). The server sanitises what it stores and the
 * page rebuilds it from an allow-list (components/RichText). No DOM: pure text work, safe anywhere.
 */
const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'", apos: "'", nbsp: ' ' };

export function htmlToText(html: string): string {
  return html
    .replace(/\r\n?/g, '\n')
    .replace(/\n/g, ' ')
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<li[^>]*>/gi, '• ')
    .replace(/<\/(p|div|h[1-6]|ul|ol)>/gi, '\n\n')
    .replace(/<\/li>/gi, '\n')
    .replace(/<[^>]*>/g, '')
    .replace(/&(amp|lt|gt|quot|#39|apos|nbsp);/g, (_, e: string) => ENTITIES[e] ?? '')
    .replace(/[ \t]+\n/g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

const escape = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

const URL_RE = /\bhttps?:\/\/[^\s<>"]+[^\s<>".,;:!?)]/g;

function linkify(escaped: string): string {
  return escaped.replace(URL_RE, (url) => `<a href="${url}">${url}</a>`);
}

export function textToHtml(text: string): string {
  return text
    .replace(/\r\n?/g, '\n')
    .trim()
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .filter((p) => p !== '')
    .map((p) => `<p>${p.split('\n').map((line) => linkify(escape(line.trim()))).join('<br>')}</p>`)
    .join('');
}
