import type { ActivityResult, SearchAttraction } from '@rides/contract';
import { describe, expect, it } from 'vitest';
import { addActivitySearch, readAddActivity } from '../src/features/trip/add-activity/lib/add-params';
import { detailsRef, fromMaps, fromOurs, mergeCandidates } from '../src/features/trip/add-activity/lib/candidates';

describe('the add-activity address', () => {
  it('reads the trip, the day, the place and the category, and writes them back', () => {
    const state = readAddActivity(new URLSearchParams('rideId=72&day=3&lat=48.85837&lng=2.29448&place=Paris&category=restaurants'));
    expect(state).toEqual({ rideId: 72, day: 3, lat: 48.85837, lng: 2.29448, place: 'Paris', source: 'maps', category: 'restaurants' });
    expect(readAddActivity(new URLSearchParams(addActivitySearch(state).slice(1)))).toEqual(state);
    // The second category card (000 §2: recommended from other trips) is kept in the address too.
    const trips = readAddActivity(new URLSearchParams('rideId=72&source=trips'));
    expect(trips.source).toBe('trips');
    expect(addActivitySearch(trips)).toBe('?rideId=72&source=trips');
    expect(addActivitySearch({ ...trips, source: 'maps' })).toBe('?rideId=72');
  });

  it('drops what it cannot read instead of failing', () => {
    expect(readAddActivity(new URLSearchParams('rideId=abc&day=-1&lat=91&lng=2&category=x&source=y'))).toEqual({
      rideId: null,
      day: null,
      lat: null,
      lng: null,
      place: '',
      source: 'maps',
      category: 'attractions',
    });
    expect(readAddActivity(new URLSearchParams('ride_id=5')).rideId).toBe(5);
  });
});

describe('the results of the add-activity page', () => {
  const ours = { id: 12, title: 'Louvre', text: '<p>Museum</p>', placeId: 'ChIJ-louvre', lat: 48.86, lng: 2.33, distance_km: 1.2, inRide: false } as unknown as SearchAttraction;
  const google = (over: Partial<ActivityResult>) =>
    ({ id: null, place_id: 'ChIJ-x', source: 'google', kind: 'attraction', title: 'X', text: '', rate: null, image: null, imageHtmlAttributions: [], link: null, address: null, lat: 48.8, lng: 2.3, distance_km: 2, inRide: false, ...over }) as ActivityResult;

  it('lists ours first and a place found twice once', () => {
    const merged = mergeCandidates(
      [fromOurs(ours)],
      [google({ place_id: 'ChIJ-louvre', title: 'Louvre (maps)' }), google({ place_id: 'ChIJ-orsay', title: 'Orsay' }), google({ id: 12, place_id: null })].map(fromMaps),
    );
    expect(merged.map((c) => [c.title, c.origin])).toEqual([
      ['Louvre', 'trips'],
      ['Orsay', 'maps'],
    ]);
  });

  it('leaves out a result that cannot be added, and finds the details of each kind', () => {
    expect(mergeCandidates([], [fromMaps(google({ place_id: null }))])).toEqual([]);
    expect(detailsRef(fromOurs(ours))).toEqual({ source: 'local', id: 'at:12' });
    expect(detailsRef(fromMaps(google({ place_id: 'ChIJ-orsay' })))).toEqual({ source: 'google', id: 'ChIJ-orsay' });
  });
});
