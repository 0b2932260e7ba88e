import { describe, expect, it } from 'vitest';
import en from '../src/locales/en.json';
import he from '../src/locales/he.json';
import { emptyForm, formProblems } from '../src/features/trip/accommodations/lib/form';
import { checkAttraction, emptyAttraction } from '../src/features/trip/attraction-editor/lib/form-values';

/**
 * The forms run the contract's link rule before sending (decision 0025): a javascript:, data: or host-less link is
 * shown under its field as invalid_link, in Hebrew and in English, and the value typed stays in the form.
 */
const BAD_LINKS = ['javascript:alert(1)', 'data:text/html,<script>alert(1)</script>', 'http://javascript:alert(1)', 'localhost:3000'];

describe('the link rule in the forms', () => {
  it('the attraction editor marks the website field', () => {
    for (const link of BAD_LINKS) {
      const values = { ...emptyAttraction(), title: 'Port', location: { lat: 32, lng: 35 }, link };
      expect(checkAttraction(values), link).toEqual({ link: 'invalid_link' });
      expect(values.link).toBe(link);
    }
    expect(checkAttraction({ ...emptyAttraction(), title: 'Port', location: { lat: 32, lng: 35 }, link: 'www.port.example.com' })).toEqual({});
  });

  it('the accommodation form lists the link among its problems', () => {
    for (const link of BAD_LINKS) {
      const values = { ...emptyForm('2031-05-10', '2031-05-11'), name: 'Hotel', lat: 32.8, lng: 35, link };
      expect(formProblems(values, null), link).toEqual([{ field: 'link', code: 'invalid_link' }]);
    }
    expect(formProblems({ ...emptyForm('2031-05-10', '2031-05-11'), name: 'Hotel', lat: 32.8, lng: 35, link: 'https://hotel.example.com/x' }, null)).toEqual([]);
  });

  it('the message is written in both languages', () => {
    for (const file of [he, en] as Record<string, unknown>[]) {
      for (const code of ['invalid_link', 'text_has_control_characters', 'json_field_too_large']) {
        expect(typeof file[code], code).toBe('string');
      }
    }
    expect(he.invalid_link).not.toBe(en.invalid_link);
  });
});
