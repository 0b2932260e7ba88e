import type { ImageInformationResponse } from '@rides/contract';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../src/lib/api';
import type { DraftItem } from '../src/lib/photos/draft-plan';
import type { PickedPhoto } from '../src/lib/photos/read-photos';
import { sendPhotos } from '../src/lib/photos/send-photos';

const item = (key: string, photoId: string, date: string, point: DraftItem['point']): DraftItem => ({
  key,
  day: 0,
  date,
  photoId,
  photoIds: [photoId],
  point,
  from: null,
  to: null,
});

const picked = (id: string): PickedPhoto => ({
  id,
  file: new File(['x'], `${id}.jpg`, { type: 'image/jpeg' }),
  meta: { dateTaken: '2031-05-10T10:00:00', offset: '+02:00', gpsUtc: null, gps: { lat: 41.89, lng: 12.49 } },
});

const info = (chosen: boolean): ImageInformationResponse =>
  ({
    ServerMassageCode: 'success',
    url: '/uploads/attractions/1.jpg',
    locationAnalitics: {
      chosenPlace: chosen
        ? { success: true, chosenBy: 'nearest', id: 'gn:1', source: 'local', kind: 'attraction', displayName: { text: 'Colosseum' }, geoLocation: { latitude: 41.8902, longitude: 12.4922 }, distanceM: 10, address: 'Rome' }
        : { success: false },
      nearbyPlaces: [],
    },
  }) as unknown as ImageInformationResponse;

describe('sending the kept photos', () => {
  it('each photo: shrunk, read, placed with the chosen place, or "edit later" without one; a failure does not stop the batch', async () => {
    const photos = new Map(['a', 'b', 'c'].map((id) => [id, picked(id)]));
    const imageInformation = vi
      .fn()
      .mockResolvedValueOnce(info(true))
      .mockRejectedValueOnce(new ApiError('image_format_not_supported', 415))
      .mockResolvedValueOnce(info(false));
    const addAttractionFromImage = vi.fn().mockResolvedValue({ ServerMassageCode: 'success' });
    const progress: number[] = [];
    const failures = await sendPhotos({
      rideId: 7,
      items: [item('s:a', 'a', '2031-05-10', { lat: 41.89, lng: 12.49 }), item('s:b', 'b', '2031-05-10', null), item('u:c', 'c', '2031-05-11', null)],
      photos,
      editLaterName: () => 'Photo of day 2',
      onProgress: (n) => progress.push(n),
      calls: { shrink: async (f) => f, imageInformation, addAttractionFromImage },
    });
    expect(failures).toEqual([{ photoId: 'b', code: 'image_format_not_supported' }]);
    expect(progress).toEqual([1, 2, 3]);
    expect(imageInformation.mock.calls[0]?.[2]).toMatchObject({ rideId: 7, keep: 'true', date_taken: '2031-05-10T10:00:00', offset: '+02:00', latitude: 41.89, longitude: 12.49 });
    expect(addAttractionFromImage.mock.calls.map((c) => c[0])).toEqual([
      {
        ride_id: 7,
        image_url: '/uploads/attractions/1.jpg',
        date_taken: '2031-05-10',
        place_data: { id: 'gn:1', source: 'local', name: 'Colosseum', address: 'Rome', lat: 41.8902, lng: 12.4922 },
      },
      { ride_id: 7, image_url: '/uploads/attractions/1.jpg', date_taken: '2031-05-11', edit_later: true, place_data: { name: 'Photo of day 2', lat: 48.18, lng: 16.3 } },
    ]);
  });

  it('asked to slow down (429), it waits and tries once more', async () => {
    const imageInformation = vi.fn().mockRejectedValueOnce(new ApiError('too_many_requests', 429)).mockResolvedValueOnce(info(true));
    const addAttractionFromImage = vi.fn().mockResolvedValue({ ServerMassageCode: 'success' });
    const failures = await sendPhotos({
      rideId: 7,
      items: [item('s:a', 'a', '2031-05-10', null)],
      photos: new Map([['a', picked('a')]]),
      editLaterName: () => '',
      onProgress: () => undefined,
      retryAfterMs: 1,
      calls: { shrink: async (f) => f, imageInformation, addAttractionFromImage },
    });
    expect(failures).toEqual([]);
    expect(imageInformation).toHaveBeenCalledTimes(2);
    expect(addAttractionFromImage).toHaveBeenCalledTimes(1);
  });
});

describe('the correction step', () => {
  it('a photo without a location is asked about before it is sent (skip: never sent); an unnamed place is asked with its nearby places', async () => {
    const nearby = { id: 'gn:9', source: 'local', kind: 'city', displayName: { text: 'Ostia' }, geoLocation: { latitude: 41.73, longitude: 12.28 }, distanceM: 900, address: null };
    const unnamed = { ...info(false), locationAnalitics: { chosenPlace: { success: false }, nearbyPlaces: [nearby] } } as unknown as ImageInformationResponse;
    const imageInformation = vi.fn().mockResolvedValue(unnamed);
    const addAttractionFromImage = vi.fn().mockResolvedValue({ ServerMassageCode: 'success' });
    const asked: [string, number | null][] = [];
    const failures = await sendPhotos({
      rideId: 7,
      items: [item('u:a', 'a', '2031-05-10', null), item('s:b', 'b', '2031-05-10', { lat: 41.7, lng: 12.3 })],
      photos: new Map(['a', 'b'].map((id) => [id, picked(id)])),
      editLaterName: () => '',
      onProgress: () => undefined,
      ask: async ({ item: asking, info: read }) => {
        asked.push([asking.key, read ? read.locationAnalitics.nearbyPlaces.length : null]);
        if (!read) return { kind: 'skip' };
        const first = read.locationAnalitics.nearbyPlaces[0]!;
        return { kind: 'place', place: { id: first.id, source: first.source, name: first.displayName.text, address: first.address, lat: 41.73, lng: 12.28 } };
      },
      calls: { shrink: async (f) => f, imageInformation, addAttractionFromImage },
    });
    expect(failures).toEqual([]);
    expect(asked).toEqual([['u:a', null], ['s:b', 1]]);
    // The skipped photo was never sent.
    expect(imageInformation).toHaveBeenCalledTimes(1);
    expect(addAttractionFromImage.mock.calls.map((c) => c[0].place_data)).toEqual([{ id: 'gn:9', source: 'local', name: 'Ostia', address: null, lat: 41.73, lng: 12.28 }]);
  });
});
