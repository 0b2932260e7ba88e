import type { ImageInformationResponse, TripDraft } from '@rides/contract';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../src/lib/api';
import type { PickedPhoto } from '../src/lib/photos/read-photos';
import { byDateTaken } from '../src/lib/photos/read-photos';
import { sendStays } from '../src/lib/photos/send-photos';
import { nightKey, plannedStays, stayBody } from '../src/lib/photos/stays';

type Ready = Extract<TripDraft, { ok: true }>;

const HOTEL = { lat: 41.9, lng: 12.5 };
// 100 m north of the hotel: the same place (150 m); 2 km away: another.
const NEAR = { lat: 41.9009, lng: 12.5 };
const FAR = { lat: 41.918, lng: 12.5 };

const day = (date: string, night: { lat: number; lng: number; id: string } | null) => ({
  date,
  stops: [],
  unplaced: [],
  night: night ? { lat: night.lat, lng: night.lng, photoIds: [night.id] } : null,
});

const draft: Ready = {
  ok: true,
  startDate: '2031-05-10',
  endDate: '2031-05-15',
  undated: [],
  days: [
    day('2031-05-10', { ...HOTEL, id: 'a' }),
    day('2031-05-11', { ...NEAR, id: 'b' }),
    day('2031-05-12', { ...FAR, id: 'c' }),
    day('2031-05-13', null),
    day('2031-05-14', { ...FAR, id: 'd' }),
    day('2031-05-15', null),
  ],
};

describe('the draft nights as stays', () => {
  it('consecutive nights at the same place are one stay, another place or a gap starts another', () => {
    expect(plannedStays(draft, new Set())).toEqual([
      { keys: ['n:0', 'n:1'], checkIn: '2031-05-10', checkOut: '2031-05-12', ...HOTEL, photoId: 'a', day: 0 },
      { keys: ['n:2'], checkIn: '2031-05-12', checkOut: '2031-05-13', ...FAR, photoId: 'c', day: 2 },
      { keys: ['n:4'], checkIn: '2031-05-14', checkOut: '2031-05-15', ...FAR, photoId: 'd', day: 4 },
    ]);
  });

  it('a dropped night is no stay and splits the nights around it', () => {
    const stays = plannedStays(draft, new Set([nightKey(1), nightKey(4)]));
    expect(stays.map((s) => [s.checkIn, s.checkOut])).toEqual([
      ['2031-05-10', '2031-05-11'],
      ['2031-05-12', '2031-05-13'],
    ]);
  });

  it('the accommodation call gets the place, the range as Y:m:d and the stored photo', () => {
    expect(
      stayBody(
        { id: 'h:1', source: 'local', name: 'Hotel Roma', address: 'Via 1', ...HOTEL },
        { checkIn: '2031-05-10', checkOut: '2031-05-12' },
        '/uploads/p.jpg',
      ),
    ).toEqual({
      name: 'Hotel Roma',
      address: 'Via 1',
      ...HOTEL,
      image: '/uploads/p.jpg',
      check_in_date: '2031:05:10',
      check_out_date: '2031:05:12',
    });
  });
});

const picked = (id: string, dateTaken: string | null = '2031-05-10T22:00:00'): PickedPhoto => ({
  id,
  file: new File(['x'], `${id}.jpg`, { type: 'image/jpeg' }),
  meta: { dateTaken, offset: null, gpsUtc: null, gps: HOTEL },
});

const lodgingInfo = (name: string | null): ImageInformationResponse =>
  ({
    ServerMassageCode: 'success',
    url: `/uploads/${name ?? 'none'}.jpg`,
    locationAnalitics: {
      chosenPlace: name
        ? {
            success: true,
            chosenBy: 'nearest',
            id: 'ac:3',
            source: 'local',
            kind: 'accommodation',
            displayName: { text: name },
            geoLocation: { latitude: 41.9001, longitude: 12.5001 },
            distanceM: 12,
            address: 'Roma',
          }
        : { success: false },
      nearbyPlaces: [],
    },
  }) as unknown as ImageInformationResponse;

describe('sending the stays', () => {
  it('each stay: its photo read as lodging, the stay made with the suggested hotel or at the photo; a double booking is noted and the rest go on', async () => {
    const photos = new Map(['a', 'c', 'd'].map((id) => [id, picked(id)]));
    const imageInformation = vi
      .fn()
      .mockResolvedValueOnce(lodgingInfo('Hotel Roma'))
      .mockResolvedValueOnce(lodgingInfo('Hotel Two'))
      .mockResolvedValueOnce(lodgingInfo(null));
    const createAccommodationFromImage = vi
      .fn()
      .mockResolvedValueOnce({ ServerMassageCode: 'success' })
      .mockRejectedValueOnce(new ApiError('you_Are_having_double_booking', 409))
      .mockResolvedValueOnce({ ServerMassageCode: 'success' });
    const progress: number[] = [];
    const failures = await sendStays({
      rideId: 7,
      stays: plannedStays(draft, new Set()),
      photos,
      unnamed: (s) => `Stay, night of day ${s.day + 1}`,
      onProgress: (n) => progress.push(n),
      calls: { shrink: async (f) => f, imageInformation, createAccommodationFromImage },
    });
    expect(failures).toEqual([{ photoId: 'c', code: 'you_Are_having_double_booking' }]);
    expect(progress).toEqual([1, 2, 3]);
    expect(imageInformation.mock.calls.map((c) => c[2])).toEqual([
      expect.objectContaining({ rideId: 7, kind: 'accommodation', keep: 'true' }),
      expect.objectContaining({ kind: 'accommodation' }),
      expect.objectContaining({ kind: 'accommodation' }),
    ]);
    expect(
      createAccommodationFromImage.mock.calls.map((c) => [
        c[0],
        c[1].name,
        c[1].check_in_date,
        c[1].check_out_date,
        c[1].image,
      ]),
    ).toEqual([
      [7, 'Hotel Roma', '2031:05:10', '2031:05:12', '/uploads/Hotel Roma.jpg'],
      [7, 'Hotel Two', '2031:05:12', '2031:05:13', '/uploads/Hotel Two.jpg'],
      [7, 'Stay, night of day 5', '2031:05:14', '2031:05:15', '/uploads/none.jpg'],
    ]);
    // No hotel found: the stay at the night's position.
    expect(createAccommodationFromImage.mock.calls[2]?.[1]).toMatchObject({ lat: FAR.lat, lng: FAR.lng });
  });

  it('a photo the server cannot read is noted, nothing made for it', async () => {
    const createAccommodationFromImage = vi.fn();
    const failures = await sendStays({
      rideId: 7,
      stays: plannedStays(draft, new Set([nightKey(2), nightKey(4)])),
      photos: new Map([['a', picked('a')]]),
      unnamed: () => 'x',
      calls: {
        shrink: async (f) => f,
        imageInformation: vi.fn().mockRejectedValue(new ApiError('image_format_not_supported', 415)),
        createAccommodationFromImage,
      },
    });
    expect(failures).toEqual([{ photoId: 'a', code: 'image_format_not_supported' }]);
    expect(createAccommodationFromImage).not.toHaveBeenCalled();
  });
});

describe('photos in the order taken', () => {
  it('by date taken, undated last in their picked order', () => {
    const photos = [
      picked('u1', null),
      picked('late', '2031-05-11T08:00:00'),
      picked('early', '2031-05-10T09:00:00'),
      picked('u2', null),
    ];
    expect(byDateTaken(photos).map((p) => p.id)).toEqual(['early', 'late', 'u1', 'u2']);
  });
});
