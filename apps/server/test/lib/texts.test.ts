import { describe, expect, it } from 'vitest';
import { textsOf, tripTextLanguage } from '../../src/lib/texts.js';
import en from '../../../web/src/locales/en.json';
import he from '../../../web/src/locales/he.json';

/** The server's words come from the locale files (lib/texts.ts): their values, plural forms and placeholders. */
describe('the server texts', () => {
  it('are the locale files’ own values, in the language asked for', () => {
    expect(textsOf('he', 'pdf')('tonight')).toBe(he.pdf.tonight);
    expect(textsOf('en', 'pdf')('tonight')).toBe(en.pdf.tonight);
    expect(textsOf('en', 'mail')('resetPassword.subject')).toBe('Reset your password');
    expect(textsOf(tripTextLanguage('hebrew'), 'tripFiles')('day', { n: 3 })).toBe('יום 3');
    expect(textsOf(tripTextLanguage('english'), 'tripFiles')('day', { n: 3 })).toBe('Day 3');
  });

  it('fill every placeholder, more than one and the same one twice', () => {
    expect(textsOf('en', 'pdf')('page', { page: 2, pages: 15 })).toBe('Page 2 of 15');
    expect(textsOf('he', 'pdf')('page', { page: 2, pages: 15 })).toBe('עמוד 2 מתוך 15');
    expect(textsOf('en', 'mail')('firstOpen.subject', { client: 'Dana {{title}}', title: 'Rome $&' })).toBe(
      'Dana {{title}} opened "Rome $&"',
    );
  });

  it('take the plural form of the language for a count (Hebrew has one, two and other)', () => {
    const hePdf = textsOf('he', 'pdf');
    const enPdf = textsOf('en', 'pdf');
    expect([1, 2, 14].map((count) => enPdf('nights', { count }))).toEqual([
      '1 night',
      '2 nights',
      '14 nights',
    ]);
    expect([1, 2, 14].map((count) => hePdf('nights', { count }))).toEqual([
      he.pdf.nights_one.replace('{{count}}', '1'),
      he.pdf.nights_two.replace('{{count}}', '2'),
      he.pdf.nights_other.replace('{{count}}', '14'),
    ]);
    expect(enPdf('children', { count: 1 })).toBe('1 child');
    expect(enPdf('children', { count: 3 })).toBe('3 children');
  });

  it('refuse a key the files do not have', () => {
    const t = textsOf('en', 'pdf') as (key: string) => string;
    expect(() => t('noSuchKey')).toThrow('no text pdf.noSuchKey in en.json');
  });
});
