import { describe, expect, it } from 'vitest';
import { pickHebrewName } from '../../src/providers/places/local/hebrew-name.js';
import { buildKeyIndex, collectPrefix, oneEditVariants, prefixRange, TopPlaces } from '../../src/providers/places/local/key-index.js';
import { isLatinOrHebrew, normalizePlaceText } from '../../src/providers/places/local/normalize.js';
import { KEY_ALTERNATE, KEY_WORD } from '../../src/providers/places/local/gazetteer-format.js';

/** The one normal form of place names (query and data meet there), the Hebrew display-name choice, and the index. */
describe('normalizePlaceText', () => {
  it.each([
    ['Rome', 'rome'],
    ['  Tel   Aviv-Yafo ', 'tel aviv yafo'],
    ['Zürich', 'zurich'],
    ['São Paulo', 'sao paulo'],
    ['Łódź', 'lodz'],
    ['Straße', 'strasse'],
    ['Reẖovot', 'rehovot'],
    ["Modi'in", 'modiin'],
    ['Modi‘in Makkabbim Re‘ut', 'modiin makkabbim reut'],
    ['ＴＥＬ ＡＶＩＶ', 'tel aviv'],
  ])('Latin: %j -> %j', (input, expected) => {
    expect(normalizePlaceText(input)).toBe(expected);
  });

  it('folds Hebrew final letters to their normal forms, so a word typed letter by letter matches', () => {
    expect(normalizePlaceText('ך ם ן ף ץ')).toBe('כ מ נ פ צ');
    expect(normalizePlaceText('ירושלים')).toBe(normalizePlaceText('ירושלימ'));
    expect(normalizePlaceText('רמת גן')).toBe('רמת גנ');
    expect(normalizePlaceText('ים המלח')).toBe('ימ המלח');
  });

  it('ignores niqqud and cantillation', () => {
    expect(normalizePlaceText('יְרוּשָׁלַיִם')).toBe(normalizePlaceText('ירושלים'));
    expect(normalizePlaceText('רוֹמָא')).toBe('רומא');
    expect(normalizePlaceText('תֵּל אָבִיב')).toBe(normalizePlaceText('תל אביב'));
  });

  it('drops geresh and gershayim (Hebrew and ASCII) and treats maqaf as a space', () => {
    expect(normalizePlaceText('ג׳בל')).toBe('גבל');
    expect(normalizePlaceText("ג'בל")).toBe('גבל');
    expect(normalizePlaceText('ארה״ב')).toBe('ארהב');
    expect(normalizePlaceText('ארה"ב')).toBe('ארהב');
    expect(normalizePlaceText('תל־אביב')).toBe('תל אביב');
    expect(normalizePlaceText('צ׳כיה')).toBe(normalizePlaceText('צכיה'));
  });

  it('spells out Yiddish ligatures', () => {
    expect(normalizePlaceText('װאַרשע')).toBe('ווארשע');
  });

  it('gives nothing for text without letters or digits', () => {
    expect(normalizePlaceText(' -,.() ')).toBe('');
  });

  it('tells the scripts we index from the others', () => {
    expect(isLatinOrHebrew('Roma')).toBe(true);
    expect(isLatinOrHebrew('רומא')).toBe(true);
    expect(isLatinOrHebrew('Рим')).toBe(false);
    expect(isLatinOrHebrew('ローマ')).toBe(false);
  });
});

describe('pickHebrewName', () => {
  it.each([
    ['Jerusalem', ['ציון', 'שלם', 'יְרוּשָׁלַיִם', 'ירושלם', 'ירושלים', 'מוריה'], 'ירושלים'],
    ['Berlin', ['בערלין', 'ברלין'], 'ברלין'],
    ['Paris', ['פאריז', 'פריז'], 'פריז'],
    ['London', ['לאנדאן', 'לונדון'], 'לונדון'],
    ['Moscow', ['מאָסקװע', 'מאסקווע', 'מוסקבה'], 'מוסקבה'],
    ['Haifa', ['חיפה', 'חפה'], 'חיפה'],
    ['Tel Aviv', ['תל אביב', 'תל אביב-יפו'], 'תל אביב'],
  ])('%s: picks %j', (english, candidates, expected) => {
    expect(pickHebrewName(english, candidates)).toBe(expected);
  });

  it('has nothing to pick from no candidates', () => {
    expect(pickHebrewName('Vienna', [])).toBeUndefined();
  });
});

describe('key index', () => {
  const index = buildKeyIndex([
    { key: 'rome', place: 0, flags: 0 },
    { key: 'romeoville', place: 1, flags: 0 },
    { key: 'rome', place: 2, flags: KEY_ALTERNATE },
    { key: 'roma', place: 0, flags: KEY_ALTERNATE },
    { key: 'aviv', place: 3, flags: KEY_WORD },
    { key: 'tel aviv', place: 3, flags: 0 },
    { key: 'paris', place: 4, flags: 0 },
  ]);
  const weights = [7, 4.5, 6.5, 5.6, 6.3];

  it('finds the contiguous range of a prefix', () => {
    const [lo, hi] = prefixRange(index, 'rom');
    expect(hi - lo).toBe(4);
    expect(prefixRange(index, 'x')).toEqual([expect.any(Number), expect.any(Number)]);
    const [a, b] = prefixRange(index, 'x');
    expect(b - a).toBe(0);
  });

  it('ranks by weight, less for alternate names and inner words, more for a whole-key match; one entry per place', () => {
    const top = new TopPlaces(5);
    collectPrefix(index, 'rome', (p) => weights[p] as number, top);
    expect(top.places).toEqual([0, 2, 1]);
    const words = new TopPlaces(5);
    collectPrefix(index, 'aviv', (p) => weights[p] as number, words);
    expect(words.places).toEqual([3]);
  });

  it('keeps only the best few', () => {
    const top = new TopPlaces(2);
    for (const [place, rank] of [[1, 1], [2, 5], [3, 3], [2, 6], [4, 0.5]] as const) top.offer(place, rank);
    expect(top.places).toEqual([2, 3]);
    expect(top.ranks).toEqual([6, 3]);
  });

  it('spells every one-edit variant in the query\'s script', () => {
    const latin = oneEditVariants('rmoe');
    expect(latin).toContain('rome'); // swap
    expect(latin).toContain('rmo'); // deletion... kept when at least 3 long
    expect(latin).not.toContain('rmoe');
    const hebrew = oneEditVariants('ירושלמ');
    expect(hebrew).toContain('ירושלימ'); // insertion of a Hebrew letter
    expect(hebrew.every((v) => !/[a-z]/.test(v))).toBe(true);
  });
});
