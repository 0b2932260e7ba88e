import { describe, expect, it } from 'vitest';
import { exifWallTime, photoMetadataFromTags } from '../src/photo-metadata.js';

/** A photo's EXIF tags (as exifr answers them, values not revived) -> date taken, offset, GPS (decision 0037). */
describe('photoMetadataFromTags', () => {
  it.each([
    ['2019:08:21 10:57:23', '2019-08-21T10:57:23'],
    ['2019-08-21T10:57:23', '2019-08-21T10:57:23'],
    ['0000:00:00 00:00:00', null],
    ['    :  :     :  :  ', null],
    ['', null],
    [20190821, null],
  ])('exifWallTime(%s) = %s', (value, wall) => expect(exifWallTime(value)).toBe(wall));

  it('reads an iPhone photo: date, offset, position south and west, the GPS stamps', () => {
    expect(
      photoMetadataFromTags({
        DateTimeOriginal: '2019:10:20 18:34:30',
        OffsetTimeOriginal: '+02:00',
        GPSLatitudeRef: 'S',
        GPSLatitude: [38, 2, 47.91],
        GPSLongitudeRef: 'W',
        GPSLongitude: [12, 59, 39.88],
        GPSDateStamp: '2019:10:20',
        GPSTimeStamp: [16, 34, 29.5],
      }),
    ).toEqual({
      dateTaken: '2019-10-20T18:34:30',
      offset: '+02:00',
      gpsUtc: '2019-10-20T16:34:29.000Z',
      gps: { lat: -(38 + 2 / 60 + 47.91 / 3600), lng: -(12 + 59 / 60 + 39.88 / 3600) },
    });
  });

  it.each([
    ['0,0', { GPSLatitude: [0, 0, 0], GPSLongitude: [0, 0, 0] }],
    ['latitude 213', { GPSLatitude: [213, 0, 0], GPSLongitude: [103, 0, 0] }],
    ['an empty GPS block', { GPSLatitude: [null, null, null], GPSLongitude: [null, null, null] }],
    ['no GPS', {}],
  ])('%s is no location', (_name, tags) => expect(photoMetadataFromTags({ DateTimeOriginal: '2025:06:01 16:59:26', ...tags }).gps).toBeNull());

  it('CreateDate when there is no DateTimeOriginal; no EXIF at all is no metadata', () => {
    expect(photoMetadataFromTags({ CreateDate: '2018:01:02 03:04:05' }).dateTaken).toBe('2018-01-02T03:04:05');
    expect(photoMetadataFromTags(undefined)).toEqual({ dateTaken: null, offset: null, gpsUtc: null, gps: null });
    expect(photoMetadataFromTags({ GPSDateStamp: '2022:01:12', GPSTimeStamp: [25, 0, 0] }).gpsUtc).toBeNull();
  });
});
