import { diffTripContent, validTripContent } from '@rides/contract';
import { describe, expect, it } from 'vitest';
import { dayIdsOf, insertDayAfter, prependDays, removeDayAt, resizeDays } from '../../src/modules/lineage/day-ids.js';
import { tripContentOf, type TripRow } from '../../src/modules/lineage/trip-content.js';

/** The days' stable ids and the rows -> TripContent (issue 37, decision 0075): pure. */
let n = 0;
const fresh = () => `new${++n}`;

describe('day ids', () => {
  it('are the index ids until assigned', () => {
    expect(dayIdsOf(null, 3)).toEqual(['d0', 'd1', 'd2']);
    expect(dayIdsOf(['a', 'b'], 2)).toEqual(['a', 'b']);
  });
  it('a day added in the middle gets a new id; the others keep theirs', () => {
    expect(insertDayAfter(['a', 'b', 'c'], 0, () => 'x')).toEqual(['a', 'x', 'b', 'c']);
    expect(insertDayAfter(['a', 'b', 'c'], 2, () => 'x')).toEqual(['a', 'b', 'c', 'x']);
  });
  it('a day removed in the middle takes only its own id', () => {
    expect(removeDayAt(['a', 'b', 'c', 'd'], 1)).toEqual(['a', 'c', 'd']);
  });
  it('a new length keeps the first days and adds or drops at the end; a booking before the trip adds at the start', () => {
    expect(resizeDays(['a', 'b', 'c'], 2)).toEqual(['a', 'b']);
    expect(resizeDays(['a', 'b'], 4, fresh)).toEqual(['a', 'b', 'new1', 'new2']);
    expect(prependDays(['a'], 2, fresh)).toEqual(['new3', 'new4', 'a']);
  });
  it('a stored list of the wrong length is mended to the trip’s days', () => {
    expect(dayIdsOf(['a'], 2, () => 'z')).toEqual(['a', 'z']);
  });
  it('new ids are unique', () => {
    const ids = new Set(Array.from({ length: 1000 }, () => insertDayAfter([], 0)[0]));
    expect(ids.size).toBe(1000);
  });
});

const trip: TripRow = { title: 'T', text: '<p>x</p>', startDate: '2031-05-10', endDate: '2031-05-12', dayIds: ['a', 'b', 'c'] };

describe('tripContentOf', () => {
  const content = tripContentOf(
    trip,
    [
      { attractionId: 7, plannedDate: '2031-05-10', timeOfDay: null },
      { attractionId: 3, plannedDate: '2031-05-10', timeOfDay: '09:30:00' },
      { attractionId: 5, plannedDate: '2031-05-12', timeOfDay: null },
      { attractionId: 9, plannedDate: '2031-06-01', timeOfDay: null },
    ],
    [
      { id: 40, lineageId: null, name: 'Inn', address: null, link: null, text: '', lat: 1, lng: 2, checkInDate: '2031-05-11', checkOutDate: '2031-05-13' },
      { id: 41, lineageId: '12', name: 'Camp', address: 'x', link: null, text: 't', lat: 1, lng: 2, checkInDate: '2031-05-10', checkOutDate: '2031-05-10' },
    ],
    [
      { id: 50, lineageId: null, title: 'Before', text: 'a', date: null },
      { id: 51, lineageId: '8', title: '', text: 'b', date: '2031-05-12' },
    ],
  );
  it('keys activities by attraction id on day ids, in the rows’ order', () => {
    expect(content.days).toEqual(['a', 'b', 'c']);
    expect(content.order).toEqual({ a: ['7', '3'], b: [], c: ['5'] });
    expect(content.activities['3']).toEqual({ day: 'a', time: '09:30:00' });
  });
  it('leaves out a row outside the trip’s days', () => {
    expect(content.activities['9']).toBeUndefined();
  });
  it('keys stays and notes by lineage id (own id when none), a stay has at least one night', () => {
    expect(Object.keys(content.stays).sort()).toEqual(['12', '40']);
    expect(content.stays['40']).toMatchObject({ firstNight: 'b', nights: 2 });
    expect(content.stays['12']).toMatchObject({ firstNight: 'a', nights: 1 });
    expect(content.notes).toEqual({ '50': { day: null, title: 'Before', text: 'a' }, '8': { day: 'c', title: '', text: 'b' } });
  });
  it('is valid content', () => {
    expect(validTripContent(content)).toBe(true);
  });
  it('a day removed in the middle (ids kept) is one day removal, not a shift of every later day', () => {
    const after = tripContentOf({ ...trip, endDate: '2031-05-11', dayIds: ['a', 'c'] }, [
      { attractionId: 7, plannedDate: '2031-05-10', timeOfDay: null },
      { attractionId: 3, plannedDate: '2031-05-10', timeOfDay: '09:30:00' },
      { attractionId: 5, plannedDate: '2031-05-11', timeOfDay: null },
    ], [], []);
    const before = tripContentOf(trip, [
      { attractionId: 7, plannedDate: '2031-05-10', timeOfDay: null },
      { attractionId: 3, plannedDate: '2031-05-10', timeOfDay: '09:30:00' },
      { attractionId: 5, plannedDate: '2031-05-12', timeOfDay: null },
    ], [], []);
    expect(diffTripContent(before, after).map((e) => `${e.kind} ${e.path}`)).toEqual(['day-remove days/b']);
  });
});
