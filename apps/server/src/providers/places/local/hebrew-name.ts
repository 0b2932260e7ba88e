import { normalizePlaceText } from './normalize.js';

/**
 * GeoNames keeps the Hebrew-script names of a place unlabelled among its alternate names: Hebrew and Yiddish
 * spellings, with and without niqqud, and older or poetic names (Jerusalem has 16: ירושלים, ירושלם, ציון, שלם,
 * מוריה, ...). All of them stay searchable; this picks the one to show. It prefers, in order:
 *  1. the name that sounds like the place's English name (its consonants, compared by edit distance), so
 *     ירושלים wins over ציון for Jerusalem;
 *  2. a Hebrew rather than a Yiddish spelling: Yiddish writes vowels with א and ע inside words (פאריז, בערלין,
 *     לאנדאן) and uses the ligatures װ ײ ױ, where Hebrew has פריז, ברלין, לונדון;
 *  3. no niqqud (the plain spelling is what people type and read);
 *  4. the full spelling (ירושלים over ירושלם).
 */

/** Hebrew letters as the consonant a Latin transliteration would show; vowel letters (א ה ו י ע) are dropped. */
const HEBREW_CONSONANT: Record<string, string> = {
  ב: 'b',
  ג: 'g',
  ד: 'd',
  ז: 'z',
  ח: 'h',
  ט: 't',
  כ: 'k',
  ל: 'l',
  מ: 'm',
  נ: 'n',
  ס: 's',
  פ: 'p',
  צ: 's',
  ק: 'k',
  ר: 'r',
  ש: 's',
  ת: 't',
};

/** Latin spellings folded the same way: c/q/ck → k, ph/f → p, v/w → b (ב is b or v), sh/tz/z/x... kept close. */
function latinSkeleton(name: string): string {
  const s = normalizePlaceText(name)
    .replace(/[^a-z]/g, '')
    .replace(/ph/g, 'p')
    .replace(/(sh|ch|tz|ts|ck)/g, (m) => ({ sh: 's', ch: 'h', tz: 's', ts: 's', ck: 'k' })[m] ?? m)
    .replace(/kh/g, 'k');
  let out = '';
  for (const ch of s) {
    if ('aeiouyjw'.includes(ch) || (ch === 'h' && out.length > 0)) continue;
    const mapped = ({ c: 'k', q: 'k', f: 'p', v: 'b', x: 'ks', z: 'z' } as Record<string, string>)[ch] ?? ch;
    if (!out.endsWith(mapped)) out += mapped;
  }
  return out;
}

function hebrewSkeleton(name: string): string {
  let out = '';
  for (const ch of normalizePlaceText(name)) {
    const mapped = HEBREW_CONSONANT[ch];
    if (mapped && !out.endsWith(mapped)) out += mapped;
  }
  return out;
}

function editDistance(a: string, b: string): number {
  const row = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i += 1) {
    let prev = row[0] as number;
    row[0] = i;
    for (let j = 1; j <= b.length; j += 1) {
      const cur = row[j] as number;
      row[j] = Math.min(cur + 1, (row[j - 1] as number) + 1, prev + (a[i - 1] === b[j - 1] ? 0 : 1));
      prev = cur;
    }
  }
  return row[b.length] as number;
}

const NIQQUD = /[\u0591-\u05bd\u05bf\u05c1\u05c2\u05c4\u05c5\u05c7]/;
const YIDDISH_LIGATURE = /[\u05f0-\u05f2]/;

/** Yiddish vowel letters: א or ע inside a word, or ע ending one (מאסקווע against מוסקבה). */
function yiddishVowels(name: string): number {
  let n = 0;
  for (const word of name.split(/[\s\-\u05be]+/)) {
    for (let i = 1; i < word.length; i += 1) {
      if (word[i] === 'ע' || (word[i] === 'א' && i < word.length - 1)) n += 1;
    }
  }
  return n;
}

export function pickHebrewName(englishName: string, candidates: readonly string[]): string | undefined {
  if (candidates.length === 0) return undefined;
  const latin = latinSkeleton(englishName);
  let best: string | undefined;
  let bestCost = Infinity;
  for (const name of candidates) {
    const cost =
      editDistance(latin, hebrewSkeleton(name)) * 4 +
      yiddishVowels(name) * 3 +
      (YIDDISH_LIGATURE.test(name) ? 6 : 0) +
      (NIQQUD.test(name) ? 10 : 0) +
      // Among equals, the full spelling (ktiv male: ירושלים, חיפה) over the short one (ירושלם, חפה).
      -name.length / 100;
    if (cost < bestCost) {
      bestCost = cost;
      best = name;
    }
  }
  return best?.trim();
}
