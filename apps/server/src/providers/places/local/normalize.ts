/**
 * The one normal form of place names, used for the gazetteer's keys at build time and for every query, so that
 * what a person types and what the data spells meet in the middle:
 *  - Latin: lower case, diacritics dropped (NFKD, then combining marks removed), ß/æ/œ/ø/ł/đ/þ/ı spelt out;
 *  - Hebrew: niqqud and cantillation dropped, final letters ך ם ן ף ץ folded to כ מ נ פ צ (a word typed letter by
 *    letter ends with the normal form until the user finishes it), Yiddish ligatures װ ײ ױ spelt out;
 *  - apostrophes, geresh and gershayim dropped (ג'בל = גבל, Modi'in = Modiin, ארה"ב = ארהב);
 *  - every other non-letter, non-digit (hyphen, maqaf, comma, brackets) is a space; runs of spaces become one.
 */

const FINALS: Record<number, number> = {
  0x05da: 0x05db, // ך -> כ
  0x05dd: 0x05de, // ם -> מ
  0x05df: 0x05e0, // ן -> נ
  0x05e3: 0x05e4, // ף -> פ
  0x05e5: 0x05e6, // ץ -> צ
};

/** Letters NFKD leaves whole, spelt the way an English keyboard would type them. */
const SPELT: Record<number, string> = {
  0x00df: 'ss', // ß
  0x00e6: 'ae', // æ
  0x0153: 'oe', // œ
  0x00f8: 'o', // ø
  0x0142: 'l', // ł
  0x0111: 'd', // đ
  0x00f0: 'd', // ð
  0x00fe: 'th', // þ
  0x0131: 'i', // dotless ı
  0x0127: 'h', // ħ
  0x05f0: '\u05d5\u05d5', // װ
  0x05f1: '\u05d5\u05d9', // ױ
  0x05f2: '\u05d9\u05d9', // ײ
};

/** Dropped without leaving a space: apostrophes of every kind, geresh, gershayim, double quotes. */
const DROPPED = new Set([
  0x27, 0x22, 0x60, 0xb4, 0x2018, 0x2019, 0x201c, 0x201d, 0x02bb, 0x02bc, 0x02be, 0x02bf, 0x05f3, 0x05f4,
]);

const LETTER_OR_DIGIT = /[\p{L}\p{N}]/u;

function isHebrewPoint(c: number): boolean {
  // U+0591..U+05C7 are cantillation marks and points, except the punctuation among them (maqaf, paseq, sof pasuq,
  // nun hafukha), which separate words.
  return c >= 0x0591 && c <= 0x05c7 && c !== 0x05be && c !== 0x05c0 && c !== 0x05c3 && c !== 0x05c6;
}

export function normalizePlaceText(input: string): string {
  const s = input.normalize('NFKD').toLowerCase();
  let out = '';
  let pendingSpace = false;
  for (let i = 0; i < s.length; i += 1) {
    const c = s.charCodeAt(i);
    let piece: string | undefined;
    if ((c >= 0x61 && c <= 0x7a) || (c >= 0x30 && c <= 0x39)) piece = s[i];
    else if (c >= 0x05d0 && c <= 0x05ea) piece = String.fromCharCode(FINALS[c] ?? c);
    else if ((c >= 0x0300 && c <= 0x036f) || isHebrewPoint(c) || DROPPED.has(c)) continue;
    else if (SPELT[c] !== undefined) piece = SPELT[c];
    else if (c >= 0xd800 && c <= 0xdbff) {
      // A character outside the BMP: keep it whole if it is a letter (rare in place names).
      const pair = s.slice(i, i + 2);
      i += 1;
      if (LETTER_OR_DIGIT.test(pair)) piece = pair;
    } else if (c > 0x7f && LETTER_OR_DIGIT.test(s[i] as string)) piece = s[i];
    if (piece === undefined) {
      pendingSpace = out.length > 0;
      continue;
    }
    if (pendingSpace) out += ' ';
    pendingSpace = false;
    out += piece;
  }
  return out;
}

/** Whether a text has Hebrew letters (the query's script decides the alphabet of the fuzzy fallback). */
export const hasHebrew = (s: string): boolean => /[\u05d0-\u05ea]/.test(s);

/** A letter of a script other than Latin and Hebrew. */
const OTHER_SCRIPT_LETTER = /[^\p{Script=Latin}\p{Script=Hebrew}\P{L}]/u;

/** Whether every letter of a text is Latin or Hebrew: the scripts our users type (other alternates are not indexed). */
export const isLatinOrHebrew = (s: string): boolean => !OTHER_SCRIPT_LETTER.test(s);

/**
 * The keys a name of ours is found by (our attractions and stays: place_keys, db/place-keys.ts): its normal form, and
 * the rest of it from each inner word on ("aviv" finds "Tel Aviv"; `word`, ranked lower), when that rest has at least
 * two characters. A name with no letter or digit has none.
 */
export function nameKeys(name: string): { key: string; word: boolean }[] {
  const key = normalizePlaceText(name);
  if (!key) return [];
  const keys = [{ key, word: false }];
  for (let i = key.indexOf(' '); i >= 0; i = key.indexOf(' ', i + 1)) {
    if (key.length - i > 2) keys.push({ key: key.slice(i + 1), word: true });
  }
  return keys;
}
