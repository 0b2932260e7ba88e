/**
 * Mixed-direction user text (issue 30 point 3, decision 0044). Two things garble user text in the other direction:
 *
 * 1. A whole value (a title, a name, an address, a paragraph of a note) laid out in the page's direction:
 *    "Templars' Tunnel." in a Hebrew page ends ".Templars' Tunnel". It must take its own direction: the direction of
 *    most of its words (textDirection), else of its first strong character (dir="auto", FSI). Most words rather than
 *    the first letter: a Hebrew sentence that starts with an English name ("Templars' Tunnel היא מנהרה...") stays
 *    right to left.
 * 2. Inside a value, a phone number or a code whose pieces the algorithm places one by one in a right-to-left
 *    paragraph: "+972 55-123-4567" shows as "55-123-4567 972+", "ABC-123" as "123-ABC". These runs are always read
 *    left to right, so they are isolated left to right wherever they are (ltrRuns).
 *
 * The web renders the runs as <span dir="ltr"> (components/UserText, lib/rich-text); the PDF and the mails, which
 * have only characters, use the Unicode isolates below. Pure: the web, the server and their tests share it.
 */

/** FIRST STRONG ISOLATE: what follows up to PDI takes the direction of its first strong character. */
export const FSI = '\u2068';
/** LEFT-TO-RIGHT ISOLATE. */
export const LRI = '\u2066';
/** POP DIRECTIONAL ISOLATE: ends FSI or LRI. */
export const PDI = '\u2069';
/** RIGHT-TO-LEFT ISOLATE. */
export const RLI = '\u2067';
/** The isolates (nothing to draw: the PDF gives them no width and skips them). */
export const BIDI_ISOLATE = /[\u2066-\u2069]/;

/**
 * International numbers (+972 55-123-4567, +44 (0)20 7946 0958), numbers with an area code in brackets
 * ((03) 123-4567) and local numbers in groups (055 123 4567, 03-555-1234): the shapes whose pieces move apart.
 */
const PHONE =
  /(?<![\p{L}\p{N}+])(?:\+\d{1,4}(?:[ .-]?\(\d{1,4}\))?(?:[ .-]?\d{1,5}){1,5}|\(\d{1,4}\)[ .-]?\d{2,5}(?:[ .-]?\d{2,5}){0,3}|0\d{1,3}[ .-]\d{2,4}(?:[ .-]\d{2,5}){1,3})(?![\p{L}\p{N}])/gu;

/** A code: Latin letters and digits joined by - / _ . with at least one of each (ABC-123, K9X-77Q2, TGV-6201). */
const CODE = /^[\p{Script=Latin}\p{N}]+(?:[-/_.][\p{Script=Latin}\p{N}]+)+$/u;
const WORD = /\S+/gu;
/** Trailing punctuation of the sentence, not of the code. */
const TRAILING = /[.,;:!?)\]"'׳״]+$/u;
/** A Hebrew prefix joined to a code ("ב-ABC-123", "ה־K9X"). */
const LEADING = /^[^\p{Script=Latin}\p{N}]*/u;

/** The [start, end) ranges of `text` that are read left to right whatever surrounds them (phones, codes), in order. */
export function ltrRuns(text: string): [number, number][] {
  const runs: [number, number][] = [];
  for (const m of text.matchAll(PHONE)) {
    if ((m[0].match(/\d/g)?.length ?? 0) >= 7) runs.push([m.index, m.index + m[0].length]);
  }
  const inPhone = (i: number) => runs.some(([a, b]) => i >= a && i < b);
  for (const m of text.matchAll(WORD)) {
    const word = m[0];
    // An address, an e-mail or a URL reads as it should already (and a code inside one is not a code).
    if (/:\/\/|@|^www\./i.test(word)) continue;
    const lead = LEADING.exec(word)?.[0].length ?? 0;
    const core = word.slice(lead).replace(TRAILING, '');
    if (!core || !CODE.test(core) || !/\p{N}/u.test(core) || !/\p{Script=Latin}/u.test(core)) continue;
    const start = m.index + lead;
    if (!inPhone(start)) runs.push([start, start + core.length]);
  }
  return runs.sort((a, b) => a[0] - b[0]);
}

/** The text with its phones and codes between LRI and PDI (for text drawn or sent as characters). */
export function isolateLtrRuns(text: string): string {
  let out = '';
  let at = 0;
  for (const [a, b] of ltrRuns(text)) {
    out += text.slice(at, a) + LRI + text.slice(a, b) + PDI;
    at = b;
  }
  return out + text.slice(at);
}

const RTL_LETTER = /[\u0590-\u08ff\ufb1d-\ufdff\ufe70-\ufeff]/u;
const LETTERS = /[\p{L}\p{M}]+/gu;

/** The direction of most of the text's words; null without a word or on a tie (then its first strong letter decides). */
export function textDirection(text: string): 'rtl' | 'ltr' | null {
  let rtl = 0;
  let ltr = 0;
  for (const [word] of text.matchAll(LETTERS)) {
    if (RTL_LETTER.test(word)) rtl++;
    else ltr++;
  }
  return rtl > ltr ? 'rtl' : ltr > rtl ? 'ltr' : null;
}

/** The isolate that opens a text of its own direction: RLI, LRI, or FSI when textDirection cannot tell. */
export function openIsolate(text: string): string {
  const dir = textDirection(text);
  return dir === 'rtl' ? RLI : dir === 'ltr' ? LRI : FSI;
}

/** A user's value inside other text (a mail's sentence, a PDF line): its own direction, its phones and codes kept. */
export function isolateUserText(text: string): string {
  return openIsolate(text) + isolateLtrRuns(text) + PDI;
}
