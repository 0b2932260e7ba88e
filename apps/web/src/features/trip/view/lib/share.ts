/**
 * Share links (000 §2 "share trip or attraction", §9 "share links use the product's domain, with a sub-domain
 * prefix on a themed site"). The page's own origin already is that: on a themed sub-domain host it carries the
 * prefix (acme.rides.example), on the main site it has none. Sharing by link is view-only (000 §4).
 */
export const shareUrl = (origin: string, path: string) => `${origin.replace(/\/+$/, '')}${path}`;

export type ShareTarget = 'whatsapp' | 'facebook' | 'telegram';

/** The social share addresses: WhatsApp (text with the link), Facebook (the link), Telegram (link and text). */
export function socialShareUrl(target: ShareTarget, url: string, text: string): string {
  const u = encodeURIComponent(url);
  switch (target) {
    case 'whatsapp':
      return `https://wa.me/?text=${encodeURIComponent(text ? `${text} ${url}` : url)}`;
    case 'facebook':
      return `https://www.facebook.com/sharer/sharer.php?u=${u}`;
    case 'telegram':
      return `https://t.me/share/url?url=${u}&text=${encodeURIComponent(text)}`;
  }
}
