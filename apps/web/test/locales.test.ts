import { describe, expect, it } from 'vitest';
import { SERVER_CODES } from '@rides/contract';
import en from '../src/locales/en.json';
import he from '../src/locales/he.json';

/** Every leaf key as a dotted path ("auth.login.title"), with its value. */
function leaves(value: unknown, prefix = ''): Map<string, unknown> {
  const out = new Map<string, unknown>();
  if (typeof value === 'object' && value !== null && !Array.isArray(value)) {
    for (const [k, v] of Object.entries(value)) {
      for (const [path, leaf] of leaves(v, prefix ? `${prefix}.${k}` : k)) out.set(path, leaf);
    }
  } else {
    out.set(prefix, value);
  }
  return out;
}

const heKeys = leaves(he);
const enKeys = leaves(en);

describe('locales', () => {
  it('he and en have exactly the same keys', () => {
    const onlyHe = [...heKeys.keys()].filter((k) => !enKeys.has(k));
    const onlyEn = [...enKeys.keys()].filter((k) => !heKeys.has(k));
    expect({ onlyHe, onlyEn }).toEqual({ onlyHe: [], onlyEn: [] });
  });

  it.each(Object.keys(SERVER_CODES))('server code %s has a text in both languages', (code) => {
    for (const [name, file] of [
      ['he', he],
      ['en', en],
    ] as const) {
      // A code only planning together's calls answer has its text in the lazy group planningCodes (decision 0062); a
      // booking's, in bookingCodes (decision 0068); money's, in moneyCodes (decision 0069).
      const top = (file as Record<string, unknown>)[code];
      const text =
        top ??
        (file.planningCodes as Record<string, unknown>)[code] ??
        (file.bookingCodes as Record<string, unknown>)[code] ??
        (file.moneyCodes as Record<string, unknown>)[code];
      expect(typeof text, `${name}.json ${code}`).toBe('string');
      expect((text as string).trim().length, `${name}.json ${code}`).toBeGreaterThan(0);
    }
  });

  it('has no empty texts', () => {
    for (const [name, map] of [
      ['he', heKeys],
      ['en', enKeys],
    ] as const) {
      for (const [key, value] of map) {
        expect(typeof value === 'string' && value.trim().length > 0, `${name}.json ${key}`).toBe(true);
      }
    }
  });

  it('uses the same interpolation variables in both languages', () => {
    const vars = (s: unknown) =>
      [...String(s).matchAll(/{{\s*(\w+)\s*}}|<(\w+)>/g)].map((m) => m[1] ?? m[2]).sort();
    for (const [key, value] of heKeys) expect(vars(value), key).toEqual(vars(enKeys.get(key)));
  });

  it('has Hebrew in he.json and no Hebrew in en.json, except the language switch', () => {
    const hebrew = /[\u0590-\u05FF]/;
    const switchKeys = new Set(['language.other', 'language.switchLabel']);
    for (const [key, value] of enKeys)
      if (!switchKeys.has(key)) expect(hebrew.test(String(value)), `en.json ${key}`).toBe(false);
    expect(hebrew.test(String(heKeys.get('home.hero.title')))).toBe(true);
  });

  it('Hebrew addresses and describes people without the masculine singular (issue 30): infinitives, nouns, plural', () => {
    // The masculine singular imperatives and pronoun a newcomer met ("בחר", "הוסף", "אתה"...), as whole words ("שמור" is also "saved"; a
    // prefixed form such as "והמשך" or "ליצור" is another word). "עבור" is also "for", so it is not listed.
    const masculine =
      /(^|[\s"'(„])(בחר|הוסף|הזן|לחץ|צור|הצג|המשך|ערוך|מחק|שלח|נסה|חפש|התחבר|הירשם|פתח|העלה|אתה|תוכל|תרצה)(?=$|[\s.,!?:;"')”])/u;
    const found = [...heKeys]
      .filter(([, v]) => typeof v === 'string' && masculine.test(v))
      .map(([k, v]) => `${k}: ${String(v)}`);
    expect(found).toEqual([]);
  });
});
