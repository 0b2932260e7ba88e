import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

/** One message as the SMTP server received it. */
export interface ReceivedMail {
  /** SMTP envelope: MAIL FROM and RCPT TO. */
  from: string | null;
  to: string[];
  /** The whole message as sent. */
  raw: string;
  /** Header names in lower case; folded lines joined; MIME encoded-words left as sent. */
  headers: Record<string, string>;
  /** The body of a single-part message, transfer decoding (quoted-printable, base64) undone. */
  body: string;
}

export interface TestSmtp {
  /** For SMTP_URL. */
  url: string;
  readonly messages: ReceivedMail[];
  close(): Promise<void>;
}

function decodeQuotedPrintable(s: string): string {
  const bytes: number[] = [];
  const text = s.replace(/=\r?\n/g, '');
  for (let i = 0; i < text.length; i++) {
    const c = text[i] as string;
    if (c === '=' && /^[0-9A-F]{2}$/i.test(text.slice(i + 1, i + 3))) {
      bytes.push(parseInt(text.slice(i + 1, i + 3), 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(c, 'utf8'));
    }
  }
  return Buffer.from(bytes).toString('utf8');
}

/** A simple header/body split of a single-part message; enough for the mails our server sends. */
export function parseMail(raw: string): { headers: Record<string, string>; body: string } {
  const split = raw.search(/\r?\n\r?\n/);
  const head = split === -1 ? raw : raw.slice(0, split);
  let body = split === -1 ? '' : raw.slice(split).replace(/^\r?\n\r?\n/, '');
  const headers: Record<string, string> = {};
  for (const line of head.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  const encoding = (headers['content-transfer-encoding'] ?? '').toLowerCase();
  if (encoding === 'quoted-printable') body = decodeQuotedPrintable(body);
  else if (encoding === 'base64') body = Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  return { headers, body };
}

/**
 * A real SMTP server (smtp-server) on 127.0.0.1, any port, no TLS and no authentication, that keeps every
 * message. A message is stored before the server acknowledges it, so once the sender's call returned the mail
 * is in `messages`.
 */
export async function startTestSmtp(): Promise<TestSmtp> {
  const messages: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('error', callback);
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        const { mailFrom, rcptTo } = session.envelope;
        messages.push({
          from: mailFrom ? mailFrom.address : null,
          to: rcptTo.map((r) => r.address),
          raw,
          ...parseMail(raw),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
