import { describe, expect, it } from 'vitest';
import { inheritedTexts } from '../src/features/trip/view/lib/inherited';

/** Issue 30 point 9: a copy marks the texts it still carries from its original, and offers a rename of its title. */
const original = {
  title: 'הגליל והגולן בקצב איטי',
  text: '<p>את רוב הלינות כבר הזמנו.</p>',
  rideExtraInformation: [
    { id: 1, title: 'הזמנות', text: 'כל הלינות הוזמנו.' },
    { id: 2, title: 'ציוד', text: 'נעליים טובות.' },
  ],
};
const copy = {
  ...original,
  rideExtraInformation: [
    { id: 11, title: 'הזמנות', text: 'כל הלינות הוזמנו.' },
    { id: 12, title: 'ציוד', text: 'נעליים טובות וכובע.' },
    { id: 13, title: 'שלי', text: 'כתבתי בעצמי.' },
  ],
};

describe('inheritedTexts', () => {
  it("a fresh copy: the original's title and text, and its unchanged sections", () => {
    const got = inheritedTexts(copy, original);
    expect([got.title, got.text, [...got.info]]).toEqual([true, true, [11]]);
  });
  it('what the copier rewrote is theirs: no longer marked', () => {
    const got = inheritedTexts(
      { ...copy, title: 'הטיול שלנו', text: '<p>הזמנו רק את הלילה הראשון.</p>' },
      original,
    );
    expect([got.title, got.text]).toEqual([false, false]);
  });
  it('a section with the same text under another title is the copier’s', () => {
    const got = inheritedTexts(
      { ...copy, rideExtraInformation: [{ id: 11, title: 'אחר', text: 'כל הלינות הוזמנו.' }] },
      original,
    );
    expect([...got.info]).toEqual([]);
  });
  it('empty texts are nobody’s; without an original nothing is marked', () => {
    expect(inheritedTexts({ ...copy, text: ' ' }, { ...original, text: ' ' }).text).toBe(false);
    const none = inheritedTexts(copy, undefined);
    expect([none.title, none.text, none.info.size]).toEqual([false, false, 0]);
  });
});
