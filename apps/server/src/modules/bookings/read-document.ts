import type { BookingProblemCode, Reservation } from '@rides/contract';
import { RESERVATIONS_PER_IMPORT_MAX } from '@rides/contract';
import { withAirports } from './airports.js';
import { readBcbp } from './readers/bcbp.js';
import { BookingReadError } from './readers/errors.js';
import { readIcs } from './readers/ics.js';
import { readWithLlm, type LlmClient } from './readers/llm.js';
import { htmlText, parseMail } from './readers/mail.js';
import { pdfText } from './readers/pdf-text.js';
import { readPkpass } from './readers/pkpass.js';
import { readSchemaOrg } from './readers/schema-org.js';
import { readTemplates } from './readers/templates/index.js';

/**
 * One document in, its reservations out (issue 34 point 3): the document's kind is found from its bytes (never from
 * its name or the type the browser claims), then the readers run in layers, most exact first: schema.org markup, a
 * Wallet pass, a boarding pass's barcode, an .ics, the senders' templates, and, when one is configured, an LLM. A
 * later layer never replaces what an earlier one read; it only fills what the earlier left empty (a boarding pass has
 * no time; the mail's text around it does). Airports' places and zones are filled last, from their codes.
 */
export type DocumentKind = 'mail' | 'pdf' | 'pkpass' | 'html' | 'ics' | 'text';

export interface DocumentReading {
  kind: DocumentKind | null;
  reservations: Reservation[];
  /** Why the document gave nothing (or gave less: an attachment that could not be opened). */
  problems: BookingProblemCode[];
  /** A mail's sender address and subject. */
  from?: string | undefined;
  subject?: string | undefined;
}

export interface ReadOptions {
  makeId: () => string;
  llm: LlmClient | null;
}

const MAIL_HEADER =
  /^(?:from|to|subject|date|received|return-path|mime-version|message-id|delivered-to|content-type)\s*:/im;

/** The kind of a document, from its first bytes and its text; null: none we read. */
export function documentKind(bytes: Uint8Array): DocumentKind | null {
  const head = Buffer.from(bytes.subarray(0, 1024));
  if (head.subarray(0, 5).toString('latin1') === '%PDF-') return 'pdf';
  if (head[0] === 0x50 && head[1] === 0x4b && head[2] === 0x03 && head[3] === 0x04) return 'pkpass';
  // Text from here on: a NUL byte in the first KB is a binary file we do not read (an image, an office file).
  if (head.includes(0)) return null;
  const start = head
    .toString('utf8')
    .replace(/^\uFEFF/, '')
    .trimStart();
  if (/^BEGIN:VCALENDAR/i.test(start)) return 'ics';
  // A mail starts with its headers: the first line is one, and a known one is among the first lines.
  if (/^[A-Za-z][A-Za-z0-9-]*:[ \t]/.test(start) && MAIL_HEADER.test(start.split(/\r?\n\r?\n/)[0] ?? ''))
    return 'mail';
  if (
    /^<(?:!doctype\s+html|html|head|body|meta|div|table|script)\b/i.test(start) ||
    /<html[\s>]/i.test(start)
  )
    return 'html';
  return 'text';
}

const CODES: Record<BookingReadError['code'], BookingProblemCode> = {
  unreadable_file: 'booking_unreadable_file',
  file_too_large: 'booking_file_too_large',
  encrypted_pdf: 'booking_pdf_encrypted',
  nothing_found: 'booking_nothing_found',
};

/** What identifies one booking across layers and documents. */
const sameBooking = (a: Reservation, b: Reservation): boolean =>
  a.type === b.type &&
  (a.start?.date ?? null) === (b.start?.date ?? null) &&
  ((a.number !== undefined && a.number === b.number) ||
    (a.reservationNumber !== undefined &&
      a.reservationNumber === b.reservationNumber &&
      a.number === undefined));

/** Fills what `into` lacks from `from` (a later layer's reading of the same booking); never overwrites. */
function fill(into: Reservation, from: Reservation): void {
  for (const key of ['reservationNumber', 'provider', 'number', 'carrier', 'name', 'price'] as const) {
    if (into[key] === undefined && from[key] !== undefined)
      (into as Record<string, unknown>)[key] = from[key];
  }
  for (const t of from.travellers) if (!into.travellers.includes(t)) into.travellers.push(t);
  for (const side of ['start', 'end'] as const) {
    const a = into[side];
    const b = from[side];
    if (!b) continue;
    if (!a) {
      into[side] = b;
      continue;
    }
    if (a.date === b.date && a.dateTime === undefined && b.dateTime !== undefined) a.dateTime = b.dateTime;
    if (a.timeZone === undefined && b.timeZone !== undefined) a.timeZone = b.timeZone;
    if (b.place) a.place = { ...b.place, ...a.place };
  }
}

/** Adds a layer's readings: the same booking fills the one already read, a new one is added. */
function merge(into: Reservation[], layer: Reservation[]): void {
  for (const r of layer) {
    const same = into.find((x) => sameBooking(x, r));
    if (same) fill(same, r);
    else if (into.length < RESERVATIONS_PER_IMPORT_MAX) into.push(r);
  }
}

/** The date a mail was sent, for the readers that see a day of the year without its year (a boarding pass). */
interface TextContext {
  near?: string | undefined;
}

/**
 * The layers that read plain text: a boarding pass's barcode, then the senders' templates. `raw` is the text before
 * its spaces were tidied (a mail's): the barcode's fields are fixed-width.
 */
function readText(text: string, makeId: () => string, context: TextContext, raw = text): Reservation[] {
  const out = readBcbp(raw, makeId, { near: context.near });
  merge(out, readTemplates(text, makeId, { near: context.near }));
  return out;
}

async function readBytes(
  bytes: Uint8Array,
  kind: DocumentKind,
  options: ReadOptions,
  found: Reservation[],
  problems: BookingProblemCode[],
  texts: string[],
  context: TextContext,
  depth: number,
): Promise<Pick<DocumentReading, 'from' | 'subject'>> {
  const { makeId } = options;
  const text = () => Buffer.from(bytes).toString('utf8');
  switch (kind) {
    case 'pdf': {
      const t = await pdfText(bytes);
      texts.push(t);
      merge(found, readText(t, makeId, context));
      return {};
    }
    case 'pkpass':
      merge(found, readPkpass(bytes, makeId, { near: context.near }));
      return {};
    case 'ics':
      merge(found, readIcs(text(), makeId));
      return {};
    case 'html': {
      const html = text();
      merge(found, readSchemaOrg(html, makeId));
      const t = htmlText(html);
      texts.push(t);
      merge(found, readText(t, makeId, context));
      return {};
    }
    case 'text': {
      const t = text();
      texts.push(t);
      merge(found, readText(t, makeId, context));
      return {};
    }
    case 'mail': {
      const mail = await parseMail(bytes);
      const inner: TextContext = { near: mail.date ?? context.near };
      if (mail.html) merge(found, readSchemaOrg(mail.html, makeId));
      // Attachments: a PDF ticket, a Wallet pass, an invitation; read one level deep (a mail inside a mail is opened
      // by the mail reader itself).
      if (depth < 1) {
        for (const a of mail.attachments) {
          const k = documentKind(a.bytes);
          if (k === null || k === 'mail') continue;
          try {
            await readBytes(a.bytes, k, options, found, problems, texts, inner, depth + 1);
          } catch (err) {
            if (!(err instanceof BookingReadError)) throw err;
            problems.push(CODES[err.code]);
          }
        }
      }
      texts.push(mail.text);
      merge(found, readText(mail.text, makeId, inner, mail.plain));
      return { from: mail.from, subject: mail.subject };
    }
  }
}

/** Reads one document: its reservations, or why it gave none. Never throws for what a file holds. */
export async function readDocument(bytes: Uint8Array, options: ReadOptions): Promise<DocumentReading> {
  const kind = documentKind(bytes);
  if (kind === null) return { kind, reservations: [], problems: ['booking_unsupported_file'] };
  const found: Reservation[] = [];
  const problems: BookingProblemCode[] = [];
  const texts: string[] = [];
  let meta: Pick<DocumentReading, 'from' | 'subject'> = {};
  try {
    meta = await readBytes(bytes, kind, options, found, problems, texts, {}, 0);
  } catch (err) {
    if (!(err instanceof BookingReadError)) throw err;
    return { kind, reservations: [], problems: [CODES[err.code]] };
  }
  // The last layer: a model, only when nothing exact was found and one is configured. Its readings say "check this".
  if (found.length === 0 && options.llm) {
    const text = texts.join('\n\n').trim();
    if (text) merge(found, await readWithLlm(text, options.makeId, options.llm));
  }
  await withAirports(found);
  if (found.length === 0 && problems.length === 0) problems.push('booking_nothing_found');
  return { kind, reservations: found, problems, ...meta };
}
