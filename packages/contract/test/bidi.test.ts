import { describe, expect, it } from 'vitest';
import { FSI, isolateLtrRuns, isolateUserText, LRI, ltrRuns, PDI, RLI, textDirection } from '../src/bidi.js';

const runs = (text: string) => ltrRuns(text).map(([a, b]) => text.slice(a, b));

describe('ltrRuns: the phones and codes read left to right inside any paragraph', () => {
  it('finds international, bracketed and grouped local phone numbers', () => {
    expect(runs('התקשרו ל +972 55-123-4567 לפני 18:00')).toEqual(['+972 55-123-4567']);
    expect(runs('טלפון: +44 (0)20 7946 0958.')).toEqual(['+44 (0)20 7946 0958']);
    expect(runs('משרד (03) 123-4567, נייד 055 123 4567')).toEqual(['(03) 123-4567', '055 123 4567']);
    expect(runs('WhatsApp ל-050-123-4567')).toEqual(['050-123-4567']);
  });

  it('finds codes of Latin letters and digits, without a Hebrew prefix or the sentence punctuation', () => {
    expect(runs('הזמנה מספר ABC-123 אושרה')).toEqual(['ABC-123']);
    expect(runs('קוד הזמנה ב-K9X-77Q2.')).toEqual(['K9X-77Q2']);
  });

  it('leaves alone what reads right already: dates, times, amounts, words, URLs and e-mails', () => {
    expect(runs('ב-10/06/2027 בשעה 10:30, ₪120 או €4.50')).toEqual([]);
    expect(runs("Templars' Tunnel. Saint-Germain 172")).toEqual([]);
    expect(runs('https://example.com/v2-3 booking@hotel-2.com 2026 10')).toEqual([]);
    expect(runs('3 ימים ו-2 לילות')).toEqual([]);
  });

  it('wraps the runs in LRI/PDI, and a user value in FSI/PDI', () => {
    expect(isolateLtrRuns('קוד ABC-123 וטלפון +972 55-123-4567')).toBe(
      `קוד ${LRI}ABC-123${PDI} וטלפון ${LRI}+972 55-123-4567${PDI}`,
    );
    expect(isolateUserText("Templars' Tunnel.")).toBe(`${LRI}Templars' Tunnel.${PDI}`);
    expect(isolateUserText('מנהרת הטמפלרים.')).toBe(`${RLI}מנהרת הטמפלרים.${PDI}`);
    expect(isolateUserText('+972 55-123-4567')).toBe(`${FSI}${LRI}+972 55-123-4567${PDI}${PDI}`);
  });

  it('textDirection: most words decide, so a Hebrew sentence opening with an English name stays right to left', () => {
    expect(textDirection("Templars' Tunnel היא מנהרה עתיקה בעכו")).toBe('rtl');
    expect(textDirection("Knights' Halls.")).toBe('ltr');
    expect(textDirection('Visit יד ושם and the old city')).toBe('ltr');
    expect(textDirection('+972 55-123-4567')).toBeNull();
    expect(textDirection("Knights' Halls אולם האבירים")).toBeNull();
  });
});
