import type { AddressInfo } from 'node:net';
import { SMTPServer, type SMTPServerError, type SMTPServerSession } from 'smtp-server';

/**
 * Bookings by mail (issue 34): the SMTP server the trips' addresses point at (an MX record for INBOUND_MAIL_DOMAIN, or
 * a traveller's "forward to" rule). It knows no database: `resolveRecipient` says which trip an address is, `accept`
 * takes the message; the caller wires both.
 *
 * An MX receiver: no AUTH (anyone may send to a trip's address, as to any mailbox) and no STARTTLS (offered only with a
 * key and certificate, which this listener does not take yet: the mail arrives in clear, as to most small MX hosts).
 * Unknown addresses are refused at RCPT TO with 550, so mail to an address that was never made or has been reset is
 * bounced by the sender's server, not accepted and lost. The size limit is advertised (ESMTP SIZE) and enforced: a
 * sender that declares more is refused at MAIL FROM, one that sends more is answered 552 and nothing past the limit is
 * kept. An `accept` that fails answers 451, so the sending server tries again later.
 */

export interface InboundMail {
  tripId: string;
  /** The envelope's MAIL FROM (the bounce address), null for a bounce itself ("MAIL FROM:<>"). */
  from: string | null;
  /** The message as received (headers and body), at most `maxBytes`. */
  raw: Uint8Array;
}

export interface InboundSmtpLog {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
}

export interface InboundSmtpOptions {
  /** 0 takes a free port (tests). */
  port: number;
  host?: string;
  /** The domain of the trips' addresses; compared without case. */
  domain: string;
  /** The largest message taken, in bytes (default 25 MB, what common senders allow). */
  maxBytes?: number;
  /** The trip id of an address's local part (as sent, case kept), or null when no trip has it. */
  resolveRecipient(localPart: string): Promise<string | null>;
  /** Takes one message for one trip; throwing makes the sender try again later (451). */
  accept(mail: InboundMail): Promise<void>;
  log: InboundSmtpLog;
}

export interface InboundSmtp {
  /** The port listened on (the one given, or the one taken for 0). */
  port: number;
  close(): Promise<void>;
}

export const INBOUND_MAX_BYTES = 25 * 1024 * 1024;
/** A booking goes to one trip, perhaps two or three; a long list is a mass mailing. */
export const INBOUND_MAX_RECIPIENTS = 5;
const MAX_CLIENTS = 50;
/** Idle time on a connection before it is closed (RFC 5321 asks servers for minutes; one is plenty for a sender). */
const SOCKET_TIMEOUT_MS = 60_000;
/** How long close() lets open connections finish before ending them. */
const CLOSE_TIMEOUT_MS = 5_000;

const smtpError = (responseCode: number, message: string): SMTPServerError =>
  Object.assign(new Error(message), { responseCode });

export async function startInboundSmtp(opts: InboundSmtpOptions): Promise<InboundSmtp> {
  const domain = opts.domain.toLowerCase();
  const maxBytes = opts.maxBytes ?? INBOUND_MAX_BYTES;
  const { log } = opts;
  // The trip of each accepted recipient, per connection (a session lives as long as its connection).
  const tripsOf = new WeakMap<SMTPServerSession, Map<string, string>>();

  const server = new SMTPServer({
    name: domain,
    banner: 'bookings in',
    authOptional: true,
    disabledCommands: ['AUTH', 'STARTTLS'],
    size: maxBytes,
    // 552 for a message past the limit whatever onData answers (onData answers 552 too, and keeps nothing past it).
    rejectOversized: true,
    maxRecipients: INBOUND_MAX_RECIPIENTS,
    maxClients: MAX_CLIENTS,
    socketTimeout: SOCKET_TIMEOUT_MS,
    closeTimeout: CLOSE_TIMEOUT_MS,
    logger: false,

    onRcptTo(address, session, callback) {
      const at = address.address.lastIndexOf('@');
      const localPart = at > 0 ? address.address.slice(0, at) : '';
      if (!localPart || address.address.slice(at + 1).toLowerCase() !== domain) {
        callback(smtpError(550, 'No such mailbox'));
        return;
      }
      opts.resolveRecipient(localPart).then(
        (tripId) => {
          if (!tripId) return callback(smtpError(550, 'No such mailbox'));
          const trips = tripsOf.get(session) ?? new Map<string, string>();
          trips.set(address.address.toLowerCase(), tripId);
          tripsOf.set(session, trips);
          callback();
        },
        (err: unknown) => {
          log.warn({ err: (err as Error)?.message }, 'inbound mail: the recipient could not be looked up');
          callback(smtpError(451, 'Try again later'));
        },
      );
    },

    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      let kept = 0;
      stream.on('data', (chunk: Buffer) => {
        // Past the limit the rest is read and thrown away, to answer 552 at its end.
        if (stream.sizeExceeded || kept + chunk.length > maxBytes) return;
        chunks.push(chunk);
        kept += chunk.length;
      });
      stream.once('error', (err) => callback(err));
      stream.once('end', () => {
        if (stream.sizeExceeded) {
          log.info({ bytes: stream.byteLength }, 'inbound mail: refused, too large');
          return callback(smtpError(552, `Message exceeds fixed maximum message size ${maxBytes}`));
        }
        const raw = Buffer.concat(chunks, kept);
        const from = session.envelope.mailFrom ? session.envelope.mailFrom.address || null : null;
        const trips = tripsOf.get(session);
        // One message per trip, however many of its addresses it was sent to.
        const tripIds = [
          ...new Set(
            session.envelope.rcptTo
              .map((r) => trips?.get(r.address.toLowerCase()))
              .filter((t) => t !== undefined),
          ),
        ];
        deliver(tripIds, from, raw).then(
          () => callback(),
          (err: unknown) => {
            log.warn(
              { err: (err as Error)?.message },
              'inbound mail: not accepted, the sender will try again',
            );
            callback(smtpError(451, 'Try again later'));
          },
        );
      });
    },
  });

  async function deliver(tripIds: string[], from: string | null, raw: Uint8Array): Promise<void> {
    for (const tripId of tripIds) await opts.accept({ tripId, from, raw });
    log.info({ trips: tripIds.length, bytes: raw.byteLength }, 'inbound mail: accepted');
  }

  // A connection's failure (a reset socket, a bad command) is that connection's, never the process's.
  server.on('error', (err) => log.warn({ err: err.message }, 'inbound mail: connection error'));

  await new Promise<void>((resolve, reject) => {
    server.server.once('error', reject);
    server.listen(opts.port, opts.host ?? '0.0.0.0', () => {
      server.server.off('error', reject);
      resolve();
    });
  });
  const { port } = server.server.address() as AddressInfo;
  return {
    port,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
