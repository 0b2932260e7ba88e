import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { reservation } from '@rides/contract';
import { htmlText, parseMail } from '../../src/modules/bookings/readers/mail.js';
import { pdfText } from '../../src/modules/bookings/readers/pdf-text.js';
import { readTemplates } from '../../src/modules/bookings/readers/templates/index.js';

/**
 * The text layers over their corpus documents (mail-*.eml, pdf-*.pdf): mail -> text (or PDF -> text) -> sender
 * templates, each document's reservations as its .expected.json says. The whole pipeline's test is the lead's.
 */
const dir = join(import.meta.dirname, 'corpus');
const documents = readdirSync(dir).filter((f) => /^(?:mail|pdf)-(?:he|en)-.+\.(?:eml|pdf)$/.test(f));

let n = 0;
const ids = () => `c${++n}`;

describe('text corpus', () => {
  it('holds a Hebrew and an English mail for each of the 7 senders, and 3 PDFs', () => {
    expect(documents.filter((f) => f.endsWith('.eml'))).toHaveLength(14);
    expect(documents.filter((f) => f.endsWith('.pdf'))).toHaveLength(3);
  });

  it.each(documents)('%s', async (file) => {
    const bytes = new Uint8Array(readFileSync(join(dir, file)));
    const expected = JSON.parse(readFileSync(join(dir, file.replace(/\.\w+$/, '.expected.json')), 'utf8')) as {
      reservations: object[];
    };
    let out;
    if (file.endsWith('.eml')) {
      const mail = await parseMail(bytes);
      out = readTemplates(mail.text, ids, mail.date ? { near: mail.date } : {});
      // The HTML part alone (a mail without a plain part, a page saved from the site) reads the same.
      expect(readTemplates(htmlText(mail.html!), ids)).toMatchObject(expected.reservations);
    } else out = readTemplates(await pdfText(bytes), ids);
    expect(out).toMatchObject(expected.reservations);
    for (const r of out) expect(reservation.safeParse(r).success).toBe(true);
  });
});
