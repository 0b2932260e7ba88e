import { getDocumentProxy } from 'unpdf';
import { layoutParagraph, visualString } from '../../pdf/document/bidi-lines.js';
import { BookingReadError } from './errors.js';

/**
 * The text of a PDF confirmation (an e-ticket, a voucher, a hotel's confirmation) for the sender templates (issue 34),
 * read with pdf.js (unpdf): one line per printed line, pages joined with newlines.
 *
 * Hebrew: a PDF holds its glyphs in the order they are drawn, left to right (visual order); our own export does so
 * (bidi-lines.ts), as do most writers. pdf.js turns each right-to-left run back to reading order, but leaves the runs
 * of a line in visual order ("X7K2LM :" before "מספר הזמנה"). So a line with Hebrew is rebuilt as drawn (its pieces
 * by position, the Hebrew pieces as drawn) and reordered by the bidi algorithm with a right-to-left base: for the
 * lines a confirmation prints (labels, codes, numbers, dates), reordering the visual line gives the logical one back.
 *
 * Bounded: PDF_MAX_BYTES, the first PDF_MAX_PAGES pages, MAX_MS of reading (pdf.js runs on this thread: a page it is
 * parsing is not interrupted, the rest is abandoned); an encrypted PDF (a password to open it) and a broken one are
 * refused with their code.
 */

export const PDF_MAX_PAGES = 30;
/** The same bound as a mail's attachment: a confirmation's PDF is far smaller. */
export const PDF_MAX_BYTES = 10 * 1024 * 1024;
const MAX_MS = 15_000;
const MAX_TEXT_CHARS = 200_000;
const HEBREW = /[\u0590-\u05ff\ufb1d-\ufb4f]/;

interface Item {
  str: string;
  dir: string;
  x: number;
  y: number;
  width: number;
  height: number;
}

const reversed = (s: string) => [...s].reverse().join('');

/** A line's text in reading order from its pieces (any order). */
function lineText(items: Item[]): string {
  const drawn = [...items].sort((a, b) => a.x - b.x);
  let visual = '';
  let end = -Infinity;
  for (const item of drawn) {
    // pdf.js gives a right-to-left piece in reading order: back to the order it was drawn in.
    const piece = item.dir === 'rtl' ? reversed(item.str) : item.str;
    // Pieces drawn apart without a space between them are separate words.
    if (visual && !/\s$/.test(visual) && !/^\s/.test(piece) && item.x - end > item.height * 0.2) visual += ' ';
    visual += piece;
    end = Math.max(end, item.x + item.width);
  }
  if (!HEBREW.test(visual)) return visual.trim();
  const [line] = layoutParagraph(visual, 'rtl', Infinity, () => 0);
  return (line ? visualString(visual, line) : visual).trim();
}

/** A page's pieces grouped into lines by their baseline (a Hebrew piece can sit a point off the Latin beside it). */
function pageLines(items: Item[]): string[] {
  const byY = items.filter((i) => i.str.length > 0).sort((a, b) => b.y - a.y || a.x - b.x);
  const lines: Item[][] = [];
  for (const item of byY) {
    const last = lines.at(-1);
    const tolerance = Math.max(2, (item.height || 10) * 0.4);
    if (last && Math.abs(last[0]!.y - item.y) <= tolerance) last.push(item);
    else lines.push([item]);
  }
  return lines.map(lineText).filter((l) => l.length > 0);
}

type Proxy = Awaited<ReturnType<typeof getDocumentProxy>>;

async function read(bytes: Uint8Array, opened: { doc?: Proxy }): Promise<string> {
  let doc: Proxy;
  try {
    // pdf.js takes over (detaches) the buffer it is given: a copy keeps the caller's bytes.
    doc = await getDocumentProxy(new Uint8Array(bytes), { stopAtErrors: false });
  } catch (error) {
    if ((error as { name?: string }).name === 'PasswordException')
      throw new BookingReadError('encrypted_pdf', 'the PDF needs a password');
    throw new BookingReadError('unreadable_file', 'not a readable PDF');
  }
  opened.doc = doc;
  const pages: string[] = [];
  let length = 0;
  for (let n = 1; n <= Math.min(doc.numPages, PDF_MAX_PAGES) && length < MAX_TEXT_CHARS; n++) {
    const content = await (await doc.getPage(n)).getTextContent();
    const items: Item[] = [];
    for (const i of content.items) {
      if (!('str' in i)) continue;
      items.push({ str: i.str, dir: i.dir, x: i.transform[4], y: i.transform[5], width: i.width, height: i.height });
    }
    const text = pageLines(items).join('\n');
    pages.push(text);
    length += text.length;
  }
  return pages.join('\n').slice(0, MAX_TEXT_CHARS);
}

export async function pdfText(bytes: Uint8Array): Promise<string> {
  if (bytes.byteLength > PDF_MAX_BYTES) throw new BookingReadError('file_too_large', 'PDF over 10 MB');
  const opened: { doc?: Proxy } = {};
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new BookingReadError('unreadable_file', 'the PDF took too long to read')), MAX_MS);
  });
  try {
    return await Promise.race([read(bytes, opened), timeout]);
  } catch (error) {
    if (error instanceof BookingReadError) throw error;
    throw new BookingReadError('unreadable_file', 'not a readable PDF');
  } finally {
    clearTimeout(timer);
    void opened.doc?.loadingTask.destroy();
  }
}
