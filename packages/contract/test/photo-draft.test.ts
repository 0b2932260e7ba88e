import { describe, expect, it } from 'vitest';
import {
  distanceMetres,
  draftTrip,
  offsetMinutes,
  photoGroups,
  photoTime,
  wallMs,
  type DraftPhoto,
  type ZoneOffsetLookup,
} from '../src/photo-draft.js';

/** The draft trip from photos (issue 20 "Go beyond", decision 0037), pinned with tables. */

const p = (
  id: string,
  takenAt: string | null,
  lat: number | null = 43.4674,
  lng: number | null = 11.8851,
  extra: Partial<DraftPhoto> = {},
): DraftPhoto => ({
  id,
  lat,
  lng,
  takenAt,
  offset: null,
  ...extra,
});

/** A fixed zone table for the tests: east of 100° is UTC+7 (Phuket), west of -100° UTC-7, else UTC+2. */
const zones: ZoneOffsetLookup = (_lat, lng) => (lng > 100 ? 420 : lng < -100 ? -420 : 120);

/** Metres north of a point, as degrees of latitude. */
const north = (m: number) => m / 111_195;

describe('photo times', () => {
  it.each([
    ['2019-08-21T10:57:23', true],
    ['2019-02-29T10:00:00', false],
    ['2019-13-01T10:00:00', false],
    ['2019-08-21T24:00:00', false],
    ['2019-08-21T10:57', true],
    ['garbage', false],
  ])('wallMs(%s) is a time: %s', (wall, ok) => {
    expect(wallMs(wall) !== null).toBe(ok);
  });

  it.each([
    ['+03:00', 180],
    ['-0530', -330],
    ['Z', 0],
    ['+15:00', null],
    ['3', null],
    [null, null],
  ])('offsetMinutes(%s) = %s', (offset, minutes) => {
    expect(offsetMinutes(offset)).toBe(minutes);
  });

  it('the wall clock is the day; the EXIF offset, else the zone at the point, gives the instant', () => {
    expect(photoTime(p('a', '2022-08-14T14:12:31', 60.1, 24.9, { offset: '+03:00' }), zones)).toEqual({
      wall: '2022-08-14T14:12:31',
      instant: Date.UTC(2022, 7, 14, 11, 12, 31),
    });
    expect(photoTime(p('b', '2019-08-21T10:57:23', 7.83, 98.29), () => 420)?.instant).toBe(
      Date.UTC(2019, 7, 21, 3, 57, 23),
    );
    // Only the GPS stamps' UTC: the local wall time comes from the zone at the point (Utah in January: UTC-7).
    expect(photoTime(p('c', null, 39.115, -108.4, { takenAtUtc: '2022-01-10T21:15:33Z' }), zones)?.wall).toBe(
      '2022-01-10T14:15:33',
    );
    // No zone known and no offset: the wall time stands as it is (its instant as if UTC).
    expect(photoTime(p('d', '2020-01-01T23:30:00', null, null), zones)).toEqual({
      wall: '2020-01-01T23:30:00',
      instant: Date.UTC(2020, 0, 1, 23, 30),
    });
    expect(photoTime(p('e', null), zones)).toBeNull();
  });

  it('distanceMetres is the great-circle distance', () => {
    expect(distanceMetres(0, 0, 0, 1)).toBeCloseTo(111_195, -1);
    expect(distanceMetres(43.4674, 11.8851, 43.4674 + north(150), 11.8851)).toBeCloseTo(150, 0);
  });
});

describe('draftTrip', () => {
  it.each([
    ['no photos at all', [], 'all_images_without_metadata'],
    [
      'neither a date nor a location',
      [p('a', null, null, null), p('b', null, 0, 0)],
      'all_images_without_metadata',
    ],
    ['locations but no dates', [p('a', null), p('b', null, 213, 103)], 'all_images_dates_are_empty'],
    ['61 days', [p('a', '2024-01-01T10:00:00'), p('b', '2024-03-01T10:00:00')], 'limiting_the_trip_duration'],
  ] as const)('refuses %s: %s', (_name, photos, code) => {
    expect(draftTrip(photos as DraftPhoto[], zones)).toEqual({ ok: false, code });
  });

  it('60 days is allowed: every day of the span is in the draft, empty or not', () => {
    const d = draftTrip([p('a', '2024-01-01T10:00:00'), p('b', '2024-02-29T10:00:00')], zones);
    expect(d.ok).toBe(true);
    if (!d.ok) return;
    expect(d.days).toHaveLength(60);
    expect(d.days.filter((day) => day.stops.length > 0).map((day) => day.date)).toEqual([
      '2024-01-01',
      '2024-02-29',
    ]);
  });

  it('merges photos within 150 m and 30 minutes into one stop; splits on distance or time', () => {
    const base = { lat: 43.4674, lng: 11.8851 };
    const d = draftTrip(
      [
        p('1', '2008-10-22T16:28:39', base.lat, base.lng),
        p('2', '2008-10-22T16:38:20', base.lat + north(100), base.lng), // 100 m, 10 min: same stop
        p('3', '2008-10-22T17:05:00', base.lat + north(110), base.lng), // 27 min after the last: same stop
        p('4', '2008-10-22T17:40:00', base.lat + north(110), base.lng), // 35 min later: a new stop
        p('5', '2008-10-22T17:45:00', base.lat + north(400), base.lng), // 290 m away: a new stop
        p('6', '2008-10-22T18:00:00', null, null), // dated, no place
        p('7', null, base.lat, base.lng), // no date: left for the step screens
      ],
      zones,
    );
    expect(d.ok).toBe(true);
    if (!d.ok) return;
    expect(d.startDate).toBe('2008-10-22');
    expect(d.endDate).toBe('2008-10-22');
    expect(d.days).toHaveLength(1);
    const [day] = d.days;
    expect(day?.stops.map((s) => s.photoIds)).toEqual([['1', '2', '3'], ['4'], ['5']]);
    expect(day?.stops[0]).toMatchObject({ from: '16:28', to: '17:05' });
    expect(day?.unplaced).toEqual(['6']);
    expect(d.undated).toEqual(['7']);
    expect(day?.night).toBeNull(); // the last day has no night in the trip
  });

  it('groups by the local date: a photo at 23:30 in Phuket and one at 01:00 the next day are two days', () => {
    const d = draftTrip(
      [p('late', '2019-08-21T23:30:00', 7.83, 98.29), p('early', '2019-08-22T01:00:00', 7.83, 98.29)],
      zones,
    );
    expect(d.ok && d.days.map((day) => [day.date, day.stops.flatMap((s) => s.photoIds)])).toEqual([
      ['2019-08-21', ['late']],
      ['2019-08-22', ['early']],
    ]);
  });

  it('orders photos across zones by their instants, not their wall clocks', () => {
    // 10:00 in Helsinki (+03:00) is before 09:30 in London (+01:00) the same morning.
    const d = draftTrip(
      [
        p('london', '2022-08-14T09:30:00', 51.5, -0.12, { offset: '+01:00' }),
        p('helsinki', '2022-08-14T10:00:00', 60.1, 24.9, { offset: '+03:00' }),
      ],
      zones,
    );
    expect(d.ok && d.days[0]?.stops.map((s) => s.photoIds[0])).toEqual(['helsinki', 'london']);
  });

  it("suggests each night's lodging from the late evening and early morning photos", () => {
    const hotel = { lat: 38.0466, lng: 12.9944 };
    const d = draftTrip(
      [
        p('day1', '2019-10-20T12:00:00', 38.1, 13.3),
        p('eve', '2019-10-20T22:40:00', hotel.lat, hotel.lng),
        p('morning', '2019-10-21T07:10:00', hotel.lat + north(40), hotel.lng),
        p('day2', '2019-10-21T11:00:00', 38.2, 13.1),
        // Night 2: only a morning photo tells.
        p('morning3', '2019-10-22T06:30:00', 37.5, 15.08),
        // Night 3: nothing late or early.
        p('noon3', '2019-10-22T13:00:00', 37.5, 15.08),
        p('noon4', '2019-10-23T13:00:00', 37.5, 15.08),
      ],
      zones,
    );
    expect(d.ok).toBe(true);
    if (!d.ok) return;
    const nights = d.days.map(
      (day) => day.night && { ids: day.night.photoIds, lat: Number(day.night.lat.toFixed(4)) },
    );
    expect(nights).toEqual([
      { ids: ['eve', 'morning'], lat: Number((hotel.lat + north(20)).toFixed(4)) },
      { ids: ['morning3'], lat: 37.5 },
      null,
      null,
    ]);
  });

  it('a photo with only GPS stamps gets its day from the zone at its position', () => {
    const d = draftTrip(
      [p('nokia', null, 40.663, -3.7637, { takenAtUtc: '2022-01-12T07:30:14Z' })],
      () => 60,
    );
    expect(d).toMatchObject({ ok: true, startDate: '2022-01-12', endDate: '2022-01-12' });
  });
});

describe('photoGroups: photos of several trips become candidate trips (issue 30 point 7)', () => {
  const at = (id: string, date: string) => p(id, `${date}T12:00:00`);
  const groups = (photos: DraftPhoto[]) =>
    photoGroups(photos).map((g) => [g.startDate, g.endDate, g.photoIds.join(',')]);
  it.each([
    [
      'four photos from different years: four trips',
      [at('a', '2019-08-21'), at('b', '2021-03-02'), at('c', '2023-07-10'), at('d', '2025-01-05')],
      [
        ['2019-08-21', '2019-08-21', 'a'],
        ['2021-03-02', '2021-03-02', 'b'],
        ['2023-07-10', '2023-07-10', 'c'],
        ['2025-01-05', '2025-01-05', 'd'],
      ],
    ],
    [
      'one week of photos, in any order: one trip',
      [at('c', '2024-06-14'), at('a', '2024-06-10'), at('b', '2024-06-12')],
      [['2024-06-10', '2024-06-14', 'a,b,c']],
    ],
    [
      'three quiet days inside a trip do not split it',
      [at('a', '2024-06-10'), at('b', '2024-06-14')],
      [['2024-06-10', '2024-06-14', 'a,b']],
    ],
    [
      'four quiet days start another trip',
      [at('a', '2024-06-10'), at('b', '2024-06-15')],
      [
        ['2024-06-10', '2024-06-10', 'a'],
        ['2024-06-15', '2024-06-15', 'b'],
      ],
    ],
    [
      'a photo every other day for 70 days: split where the trip would pass 60 days',
      Array.from({ length: 35 }, (_, i) =>
        at(
          `p${String(i).padStart(2, '0')}`,
          new Date(Date.UTC(2024, 0, 1 + 2 * i)).toISOString().slice(0, 10),
        ),
      ),
      [
        [
          '2024-01-01',
          '2024-02-28',
          Array.from({ length: 30 }, (_, i) => `p${String(i).padStart(2, '0')}`).join(','),
        ],
        [
          '2024-03-01',
          '2024-03-09',
          Array.from({ length: 5 }, (_, i) => `p${String(i + 30).padStart(2, '0')}`).join(','),
        ],
      ],
    ],
    [
      'photos without a date belong to no group',
      [at('a', '2024-06-10'), p('u', null)],
      [['2024-06-10', '2024-06-10', 'a']],
    ],
    ['no dated photo: no group', [p('u', null)], []],
  ])('%s', (_name, photos, expected) => {
    expect(groups(photos)).toEqual(expected);
  });

  it('every group is a trip the draft accepts (at most 60 days)', () => {
    const photos = Array.from({ length: 200 }, (_, i) =>
      at(`x${i}`, new Date(Date.UTC(2020, 0, 1 + i * 3)).toISOString().slice(0, 10)),
    );
    for (const g of photoGroups(photos)) {
      const draft = draftTrip(photos.filter((ph) => g.photoIds.includes(ph.id)));
      expect(draft.ok).toBe(true);
    }
    expect(draftTrip(photos)).toEqual({ ok: false, code: 'limiting_the_trip_duration' });
  });
});
