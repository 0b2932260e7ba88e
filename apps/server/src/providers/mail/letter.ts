import type { TextLanguage } from '../../lib/texts.js';
import type { MailMessage } from './mailer.js';

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * A mail of paragraphs in one language (the words from lib/texts.ts): the plain text, and the HTML in the language's
 * direction with the paragraph that is the link made tappable.
 */
export function letter(
  language: TextLanguage,
  subject: string,
  paragraphs: string[],
  link: string,
): Omit<MailMessage, 'to'> {
  const html =
    `<div dir="${language === 'he' ? 'rtl' : 'ltr'}">` +
    paragraphs
      .map((p) =>
        p === link
          ? `<p><a href="${escapeHtml(link)}">${escapeHtml(link)}</a></p>`
          : `<p>${escapeHtml(p)}</p>`,
      )
      .join('') +
    '</div>';
  return { subject, text: paragraphs.join('\n\n'), html };
}
