import { draftTrip, type DraftPhoto } from '@rides/contract';
import { describe, expect, it } from 'vitest';
import { draftItems, keptItems, timeRange, tripSpan } from '../src/lib/photos/draft-plan';
import { toDraftPhoto } from '../src/lib/photos/read-photos';
import { fitWithin, isHeic } from '../src/lib/photos/shrink';

const photo = (id: string, takenAt: string | null, lat: number | null = null, lng: number | null = null): DraftPhoto => ({
  id,
  takenAt,
  lat,
  lng,
  offset: '+02:00',
});

/** Two days in Rome: two photos at the Colosseum (one stop), one at the Pantheon, one without GPS, one without a date. */
const ROME = [
  photo('a', '2031-05-10T10:00:00', 41.8902, 12.4922),
  photo('b', '2031-05-10T10:10:00', 41.8903, 12.4923),
  photo('c', '2031-05-11T15:00:00', 41.8986, 12.4769),
  photo('d', '2031-05-11T16:00:00'),
  photo('e', null, 41.9, 12.5),
];

describe('the draft as items to keep or drop', () => {
  const draft = draftTrip(ROME);
  if (!draft.ok) throw new Error('the Rome draft is refused');
  const items = draftItems(draft);

  it('one item per stop (its first photo is sent) and per dated photo without a location, day by day', () => {
    expect(items.map((i) => [i.key, i.day, i.date, i.photoId, i.photoIds])).toEqual([
      ['s:a', 0, '2031-05-10', 'a', ['a', 'b']],
      ['s:c', 1, '2031-05-11', 'c', ['c']],
      ['u:d', 1, '2031-05-11', 'd', ['d']],
    ]);
    expect(items[0]?.point).toEqual({ lat: 41.89025, lng: 12.49225 });
    expect(items[2]?.point).toBeNull();
    // The undated photo is not an item: it is never sent.
    expect(items.some((i) => i.photoIds.includes('e'))).toBe(false);
  });

  it('a dropped item is not sent; the rest keep their order', () => {
    expect(keptItems(items, new Set(['s:c'])).map((i) => i.key)).toEqual(['s:a', 'u:d']);
    expect(keptItems(items, new Set()).length).toBe(3);
  });

  it("the trip's dates are the photos' span", () => {
    expect(tripSpan(draft)).toEqual({ checkIn: '2031-05-10', checkOut: '2031-05-11' });
  });
});

describe("a stop's times", () => {
  it('one time, or a range, isolated left to right', () => {
    expect(timeRange('10:00', '10:12')).toBe('\u206610:00–10:12\u2069');
    expect(timeRange('15:30', '15:30')).toBe('\u206615:30\u2069');
  });
});

describe('a photo read in the browser, for the draft', () => {
  it('takes the date, offset, GPS and GPS time as the server reads them', () => {
    const meta = { dateTaken: '2031-05-10T10:00:00', offset: '+02:00', gpsUtc: null, gps: { lat: 1, lng: 2 } };
    expect(toDraftPhoto({ id: 'p0', file: new File([], 'x.jpg'), meta })).toEqual({
      id: 'p0',
      lat: 1,
      lng: 2,
      takenAt: '2031-05-10T10:00:00',
      offset: '+02:00',
      takenAtUtc: null,
    });
    const none = { dateTaken: null, offset: null, gpsUtc: '2031-05-10T08:00:00.000Z', gps: null };
    expect(toDraftPhoto({ id: 'p1', file: new File([], 'y.heic'), meta: none })).toMatchObject({ lat: null, lng: null, takenAtUtc: '2031-05-10T08:00:00.000Z' });
  });
});

describe('shrinking before upload', () => {
  it.each([
    [4032, 3024, { width: 1024, height: 768 }],
    [3024, 4032, { width: 768, height: 1024 }],
    [800, 600, { width: 800, height: 600 }],
    [1024, 1024, { width: 1024, height: 1024 }],
    [20000, 10, { width: 1024, height: 1 }],
  ])('%i x %i fits in 1024 px as %o', (w, h, size) => {
    expect(fitWithin(w, h)).toEqual(size);
  });

  it('HEIC and HEIF go as they are (by type or by name)', () => {
    expect(isHeic(new File([], 'IMG_1.HEIC'))).toBe(true);
    expect(isHeic(new File([], 'x', { type: 'image/heif' }))).toBe(true);
    expect(isHeic(new File([], 'x.jpg', { type: 'image/jpeg' }))).toBe(false);
  });
});
