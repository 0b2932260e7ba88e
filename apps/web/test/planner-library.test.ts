import type { ManagerAttraction } from '@rides/contract';
import { describe, expect, it } from 'vitest';
import { libraryPreview, libraryRows } from '../src/lib/planner-library';

const row = (id: number, title: string, text = ''): ManagerAttraction => ({
  id,
  title,
  text,
  address: null,
  link: null,
  rate: null,
  lat: 31,
  lng: 35,
  latitude: 31,
  longtitude: 35,
  image: null,
  placeId: null,
  category_id: null,
  subcategory_id: null,
});

describe('the planner library (001 §2 /ride_manager_attraction)', () => {
  it('cuts the description at 60 characters with an ellipsis, as plain text', () => {
    expect(libraryPreview('<p>Short <b>one</b></p>')).toBe('Short one');
    const long = 'a'.repeat(59) + ' bcdefg';
    expect(libraryPreview(long)).toBe(`${'a'.repeat(59)}…`);
    expect(libraryPreview('x'.repeat(60))).toBe('x'.repeat(60));
    expect(libraryPreview('x'.repeat(61))).toBe(`${'x'.repeat(60)}…`);
    // Counted by character, not UTF-16 unit: an emoji is never split.
    expect(libraryPreview('😀'.repeat(61))).toBe(`${'😀'.repeat(60)}…`);
  });

  it('searches title and description, any case, and sorts by newest or title', () => {
    const all = [row(1, 'Beta falls', '<p>A <i>waterfall</i></p>'), row(3, 'alpha peak'), row(2, 'גן לאומי', 'Cave')];
    expect(libraryRows(all, '', 'newest', 'en').map((a) => a.id)).toEqual([3, 2, 1]);
    expect(libraryRows(all, '', 'title', 'en').map((a) => a.title)).toEqual(['alpha peak', 'Beta falls', 'גן לאומי']);
    expect(libraryRows(all, 'WATERFALL', 'newest', 'en').map((a) => a.id)).toEqual([1]);
    expect(libraryRows(all, '  cave ', 'newest', 'he').map((a) => a.id)).toEqual([2]);
    expect(libraryRows(all, 'גן', 'title', 'he').map((a) => a.id)).toEqual([2]);
    expect(libraryRows(all, 'nothing', 'title', 'en')).toEqual([]);
    // The list given is not reordered in place (it is react-query's cached answer).
    expect(all.map((a) => a.id)).toEqual([1, 3, 2]);
  });
});
