import PostalMime, { type Email } from 'postal-mime';
import { BookingReadError } from './errors.js';
import { htmlText, tidyText } from './html-text.js';

export { htmlText } from './html-text.js';

/**
 * A confirmation mail (.eml dropped, or forwarded to the trip's address) opened for the readers (issue 34): its HTML
 * for the schema.org reader, its text for the sender templates, its attachments (a PDF e-ticket, an .ics, a Wallet
 * pass) for theirs. postal-mime decodes MIME (encodings, charsets, encoded words).
 *
 * Forwarded mails: a forward written in the body (Gmail's "---------- Forwarded message ---------", Outlook's, the
 * Hebrew "הודעה שהועברה") already carries the confirmation's text and HTML, quoted; a forward as a message/rfc822
 * part is opened and its text, HTML and attachments are added to the outer mail's, so the readers see the
 * confirmation either way. Bounded: the mail's size, each attachment's, the nesting of forwarded messages.
 */

export const MAIL_MAX_BYTES = 25 * 1024 * 1024;
export const ATTACHMENT_MAX_BYTES = 10 * 1024 * 1024;
const MAX_ATTACHMENTS = 20;
/** A forward of a forward of a forward is still read; deeper is a hostile file. */
const MAX_FORWARD_DEPTH = 3;

export interface MailAttachment {
  filename: string;
  contentType: string;
  bytes: Uint8Array;
}

export interface ParsedMail {
  /** The sender's address (of the mail itself: a forward's is the traveller's). */
  from?: string;
  subject?: string;
  /** The day of the Date header, as written in the sender's zone ('YYYY-MM-DD'). */
  date?: string;
  html?: string;
  /** The plain part, or the HTML's text when there is none; spaces tidied for the templates. */
  text: string;
  /**
   * The same before tidying: a boarding pass's barcode text (BCBP) is fixed-width, and its runs of spaces are fields
   * (tidied, "MILLER/JASON MR     EKQ7P2D" would no longer read).
   */
  plain: string;
  attachments: MailAttachment[];
}

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];

/** "Wed, 10 Mar 2027 06:15:00 +0200" -> "2027-03-10": the day as the sender wrote it, not moved to UTC. */
function headerDay(value: string | undefined): string | undefined {
  const m = value && /(\d{1,2})\s+([A-Za-z]{3})[a-z]*\.?\s+(\d{4})/.exec(value);
  if (!m) return undefined;
  const month = MONTHS.indexOf(m[2]!.toLowerCase());
  const day = Number(m[1]);
  if (month < 0 || day < 1 || day > 31) return undefined;
  return `${m[3]}-${String(month + 1).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

const bytesOf = (content: ArrayBuffer | Uint8Array | string): Uint8Array =>
  typeof content === 'string' ? new TextEncoder().encode(content) : content instanceof Uint8Array ? content : new Uint8Array(content);

/** A plain text quoted with "> " (a reply-style forward): the quote marks taken off so labels start their lines. */
const unquote = (text: string) => text.replace(/^(?:> ?)+/gm, '');

async function open(bytes: Uint8Array): Promise<Email> {
  try {
    return await PostalMime.parse(bytes, { attachmentEncoding: 'arraybuffer', maxRfc822NestingDepth: MAX_FORWARD_DEPTH });
  } catch {
    throw new BookingReadError('unreadable_file', 'not a readable mail');
  }
}

export async function parseMail(bytes: Uint8Array): Promise<ParsedMail> {
  if (bytes.byteLength > MAIL_MAX_BYTES) throw new BookingReadError('file_too_large', 'mail over 25 MB');
  const email = await open(bytes);
  const htmls: string[] = email.html ? [email.html] : [];
  const texts: string[] = [email.text ? unquote(email.text) : email.html ? htmlText(email.html) : ''];
  const attachments: MailAttachment[] = [];
  const queue = [...email.attachments.map((a) => ({ a, depth: 1 }))];
  while (queue.length > 0) {
    const { a, depth } = queue.shift()!;
    const content = bytesOf(a.content);
    if (content.byteLength > ATTACHMENT_MAX_BYTES) throw new BookingReadError('file_too_large', 'attachment over 10 MB');
    // Outlook forwards "as attachment": the confirmation is a whole mail inside this one.
    if (a.mimeType === 'message/rfc822' && depth <= MAX_FORWARD_DEPTH) {
      const inner = await open(content);
      if (inner.html) htmls.push(inner.html);
      texts.push(inner.text ? unquote(inner.text) : inner.html ? htmlText(inner.html) : '');
      queue.push(...inner.attachments.map((x) => ({ a: x, depth: depth + 1 })));
      continue;
    }
    if (attachments.length >= MAX_ATTACHMENTS || a.related) continue;
    attachments.push({ filename: a.filename ?? 'attachment', contentType: a.mimeType, bytes: content });
  }
  const plain = texts.filter(Boolean).join('\n\n');
  const mail: ParsedMail = { text: tidyText(plain), plain, attachments };
  const from = email.from && 'address' in email.from ? email.from.address : undefined;
  if (from) mail.from = from;
  if (email.subject) mail.subject = email.subject;
  const date = headerDay(email.headers.find((h) => h.key === 'date')?.value);
  if (date) mail.date = date;
  if (htmls.length > 0) mail.html = htmls.join('\n');
  return mail;
}
