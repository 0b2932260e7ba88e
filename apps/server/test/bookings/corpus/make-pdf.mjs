// Writes the corpus's PDF confirmations (pdf-<lang>-<name>.pdf) and their expected reservations, deterministically:
// `node apps/server/test/bookings/corpus/make-pdf.mjs`. Drawn with pdfkit as our own export draws (modules/pdf):
// Noto Sans and Noto Sans Hebrew, each line put in visual order by the bidi algorithm (bidi-js) and drawn left to
// right in runs of one script, right-aligned in a Hebrew document. Invented content, trips in 2027.
import { writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import bidiFactory from 'bidi-js';
import PDFDocument from 'pdfkit';

const here = dirname(fileURLToPath(import.meta.url));
const require = createRequire(import.meta.url);
const fontFile = (pkg, file) => join(dirname(require.resolve(pkg)), '..', 'fonts', file);
const FONTS = {
  latin: fontFile('@embedpdf/fonts-latin', 'NotoSans-Regular.ttf'),
  hebrew: fontFile('@embedpdf/fonts-hebrew', 'NotoSansHebrew-Regular.ttf'),
};
const bidi = bidiFactory();
const HEBREW = /[\u0590-\u05ff]/;

/** The line in visual order (left to right), brackets of right-to-left runs mirrored. */
function visual(text, direction) {
  const levels = bidi.getEmbeddingLevels(text, direction);
  const mirrored = bidi.getMirroredCharactersMap(text, levels.levels);
  const order = [...text].map((_, i) => i);
  for (const [s, e] of bidi.getReorderSegments(text, levels)) order.splice(s, e - s + 1, ...order.slice(s, e + 1).reverse());
  return order.map((i) => mirrored.get(i) ?? text[i]).join('');
}

/** Runs of one script: Hebrew letters (and the spaces between them) in the Hebrew face, the rest in Latin. */
const runs = (line) => line.match(/[\u0590-\u05ff]+(?:[ ]+[\u0590-\u05ff]+)*|[^\u0590-\u05ff]+/g) ?? [];

async function pdf(lines, direction) {
  const doc = new PDFDocument({ size: 'A4', margin: 48, info: { Title: 'Confirmation', CreationDate: new Date(Date.UTC(2027, 0, 1)) } });
  const parts = [];
  doc.on('data', (b) => parts.push(b));
  const done = new Promise((resolve) => doc.on('end', resolve));
  for (const [name, file] of Object.entries(FONTS)) {
    doc.registerFont(name, file);
    doc.font(name);
    // fontkit reverses what it takes for right-to-left; these strings are in visual order already (as the export's).
    const font = doc._font.font;
    const layout = font.layout.bind(font);
    font.layout = (s, features) => layout(s, features, undefined, undefined, 'ltr');
  }
  doc.fontSize(12);
  let y = 60;
  for (const text of lines) {
    const line = visual(text, direction);
    const pieces = runs(line).map((run) => ({ run, font: HEBREW.test(run) ? 'hebrew' : 'latin' }));
    const width = pieces.reduce((w, p) => w + doc.font(p.font).widthOfString(p.run), 0);
    let x = direction === 'rtl' ? doc.page.width - 48 - width : 48;
    for (const p of pieces) {
      doc.font(p.font).text(p.run, x, y, { lineBreak: false });
      x += doc.widthOfString(p.run);
    }
    y += 20;
  }
  doc.end();
  await done;
  return Buffer.concat(parts);
}

export const PDFS = [
  {
    name: 'pdf-he-elal-eticket',
    direction: 'rtl',
    lines: [
      'אל על נתיבי אויר לישראל',
      'כרטיס טיסה אלקטרוני - קבלה',
      'מספר הזמנה: W4RT6Y',
      'נוסע: לוי נועה',
      'מספר כרטיס: 114-2345678901',
      'טיסה LY 541 מתל אביב (TLV) לאתונה (ATH)',
      'המראה: 20/05/2027 08:00 טרמינל 3',
      'נחיתה: 20/05/2027 10:15',
      'סה"כ לתשלום: ₪1,234.50',
    ],
    expected: [
      {
        type: 'flight',
        reservationNumber: 'W4RT6Y',
        number: 'LY 541',
        start: { date: '2027-05-20', dateTime: '2027-05-20T08:00', place: { iata: 'TLV' } },
        end: { date: '2027-05-20', dateTime: '2027-05-20T10:15', place: { iata: 'ATH' } },
      },
    ],
  },
  {
    name: 'pdf-en-car-voucher',
    direction: 'ltr',
    lines: [
      'Avis Budget Group - Rental voucher',
      'Reservation number: 33-7781-IL',
      'Driver: Dan Cohen',
      'Car group: Toyota Corolla or similar',
      'Pick-up: 5 Jun 2027 11:00',
      'Location: Larnaca Airport',
      'Return: 9 Jun 2027 08:30',
      'Location: Larnaca Airport',
      'Total: EUR 214.40',
    ],
    expected: [
      {
        type: 'car',
        reservationNumber: '33-7781-IL',
        name: 'Toyota Corolla or similar',
        start: { date: '2027-06-05', dateTime: '2027-06-05T11:00', place: { name: 'Larnaca Airport' } },
        end: { date: '2027-06-09', dateTime: '2027-06-09T08:30', place: { name: 'Larnaca Airport' } },
      },
    ],
  },
  {
    name: 'pdf-he-booking',
    direction: 'rtl',
    lines: [
      'Booking.com',
      'ההזמנה שלך אושרה',
      'מלון יערות הכרמל',
      'דרך נחל אורן 1, עין הוד, ישראל',
      'מספר אישור: 2290.118.734',
      'קוד PIN: 5521',
      "צ'ק-אין: יום ו', 17 בספטמבר 2027 (מ-14:00)",
      "צ'ק-אאוט: יום א', 19 בספטמבר 2027 (עד 12:00)",
      'מחיר: ₪4,180',
    ],
    expected: [
      {
        type: 'lodging',
        reservationNumber: '2290.118.734',
        name: 'מלון יערות הכרמל',
        start: { date: '2027-09-17', dateTime: '2027-09-17T14:00', place: { name: 'מלון יערות הכרמל' } },
        end: { date: '2027-09-19', dateTime: '2027-09-19T12:00' },
      },
    ],
  },
];

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  for (const doc of PDFS) {
    writeFileSync(join(here, `${doc.name}.pdf`), await pdf(doc.lines, doc.direction));
    writeFileSync(join(here, `${doc.name}.expected.json`), `${JSON.stringify({ reservations: doc.expected }, null, 2)}\n`);
  }
}
