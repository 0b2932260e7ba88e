import type { TextLanguage } from '../../lib/texts.js';
import type { MailMessage } from './mailer.js';

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The Unicode isolates around a user's value (the contract's isolateUserText) as HTML: a <bdi> of that direction. */
const ISOLATE_TAGS: Record<string, string> = {
  '\u2066': '<bdi dir="ltr">',
  '\u2067': '<bdi dir="rtl">',
  '\u2068': '<bdi dir="auto">',
  '\u2069': '</bdi>',
};
const paragraphHtml = (p: string) => escapeHtml(p).replace(/[\u2066-\u2069]/g, (c) => ISOLATE_TAGS[c] ?? '');

/**
 * A mail of paragraphs in one language (the words from lib/texts.ts): the plain text, and the HTML in the language's
 * direction with the paragraph that is the link made tappable. The users' values in the paragraphs come isolated
 * (isolateUserText: a name, a trip's title, an e-mail address keep their own direction, decision 0044): the plain text
 * keeps the Unicode isolates, the HTML has them as <bdi> elements.
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
          : `<p>${paragraphHtml(p)}</p>`,
      )
      .join('') +
    '</div>';
  return { subject, text: paragraphs.join('\n\n'), html };
}
