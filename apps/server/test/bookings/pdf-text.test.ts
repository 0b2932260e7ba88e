import PDFDocument from 'pdfkit';
import { describe, expect, it } from 'vitest';
import { PdfWriter } from '../../src/modules/pdf/document/pdf-writer.js';
import { pdfText } from '../../src/modules/bookings/readers/pdf-text.js';

/** The PDF text layer of bookings (issue 34): lines in reading order, Hebrew drawn in visual order put back. */

/** A PDF drawn the way our own export draws Hebrew: each line put in visual order (bidi-js), drawn left to right. */
async function hebrewPdf(lines: string[]): Promise<Uint8Array> {
  const writer = new PdfWriter('rtl', 'A4', { title: 'e-ticket', author: 'test' });
  for (const text of lines) writer.paragraph([{ text }], { size: 12 });
  return new Uint8Array(await writer.finish(() => ''));
}

async function plainPdf(pages: string[][], options: PDFKit.PDFDocumentOptions = {}): Promise<Uint8Array> {
  const doc = new PDFDocument({ ...options, autoFirstPage: false });
  const parts: Buffer[] = [];
  doc.on('data', (b: Buffer) => parts.push(b));
  const done = new Promise((resolve) => doc.on('end', resolve));
  for (const lines of pages) {
    doc.addPage();
    for (const line of lines) doc.text(line);
  }
  doc.end();
  await done;
  return new Uint8Array(Buffer.concat(parts));
}

describe('PDF text', () => {
  it('Hebrew lines drawn in visual order come out readable, with their codes, numbers, dates and amounts', async () => {
    const text = await pdfText(
      await hebrewPdf([
        'כרטיס טיסה אלקטרוני',
        'מספר הזמנה: X7K2LM',
        'טיסה LY 315 מתל אביב (TLV) לציריך (ZRH)',
        'יציאה 10/03/2027 06:15',
        'מחיר: ₪1,234.50',
        'Booking reference X7K2LM',
      ]),
    );
    expect(text.split('\n')).toEqual([
      'כרטיס טיסה אלקטרוני',
      'מספר הזמנה: X7K2LM',
      'טיסה LY 315 מתל אביב (TLV) לציריך (ZRH)',
      'יציאה 10/03/2027 06:15',
      'מחיר: ₪1,234.50',
      'Booking reference X7K2LM',
    ]);
  });

  it('an English PDF: lines as printed, pages joined with newlines, at most 30 pages read', async () => {
    const pages = Array.from({ length: 32 }, (_, i) => [`Page ${i + 1}`]);
    pages[0] = ['Hertz rental voucher', 'Pick-up: 10 Mar 2027 09:30'];
    const text = await pdfText(await plainPdf(pages));
    const lines = text.split('\n');
    expect(lines.slice(0, 3)).toEqual(['Hertz rental voucher', 'Pick-up: 10 Mar 2027 09:30', 'Page 2']);
    expect(lines.at(-1)).toBe('Page 30');
  });

  it('an encrypted PDF and a broken one are refused with their codes; the caller\'s bytes are left as they were', async () => {
    const locked = await plainPdf([['secret']], { userPassword: 'x', ownerPassword: 'y' });
    await expect(pdfText(locked)).rejects.toMatchObject({ code: 'encrypted_pdf' });
    await expect(pdfText(new TextEncoder().encode('%PDF-1.7\nnot really'))).rejects.toMatchObject({ code: 'unreadable_file' });
    await expect(pdfText(new Uint8Array(10 * 1024 * 1024 + 1))).rejects.toMatchObject({ code: 'file_too_large' });
    const bytes = await plainPdf([['kept']]);
    const size = bytes.byteLength;
    await pdfText(bytes);
    expect(bytes.byteLength).toBe(size);
  });
});
