import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { draftTrip, imageInformationResponse, PHOTO_PREVIEW_SIDE, usableCoordinates, type ImageInformationResponse } from '@rides/contract';
import { createHeicPool } from '../../src/modules/photos/heic-pool.js';
import { makeStoredImage } from '../../src/modules/uploads/image.js';
import { zoneOffsetAt } from '../../src/modules/trip-export/time-zone.js';
import { createTestApp, nextIp, type TestApp } from '../helpers/app.js';
import { newUser } from './trip-editing-fixtures.js';

/**
 * The real photos of ../shared/data/photos (issue 20's bar; its photos_manifest.json says what each one holds): every
 * photo with GPS gets the right day, its position and a named suggestion; HEIC converts; invalid GPS counts as none.
 * When the folder is not there (a checkout without shared/), this suite says so in its name and is skipped.
 */
const REPO = fileURLToPath(new URL('../../../../', import.meta.url));
const PHOTOS = resolve(REPO, '../shared/data/photos');
const MANIFEST = join(PHOTOS, 'photos_manifest.json');
const present = existsSync(MANIFEST);
if (!present) console.warn(`photos-real.test.ts: SKIPPED, ${PHOTOS} is not present`);

interface Entry {
  file: string;
  category: 'gps_date' | 'no_gps' | 'no_date' | 'edge' | 'heic';
  exif_gps_lat: number | null;
  exif_gps_lng: number | null;
  exif_gps_datestamp: string | null;
  exif_gps_timestamp: string | null;
  exif_datetime_original: string | null;
  width: number;
  height: number;
}

const BOUNDARY = '----rides-real-photo';
function multipart(fields: Record<string, string>, file: Buffer, filename: string): Buffer {
  const parts = Object.entries(fields).map(
    ([name, value]) => `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
  );
  return Buffer.concat([
    Buffer.from(parts.join('')),
    Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="image"; filename="${filename}"\r\nContent-Type: application/octet-stream\r\n\r\n`),
    file,
    Buffer.from(`\r\n--${BOUNDARY}--\r\n`),
  ]);
}

/** The day a photo was taken: its DateTimeOriginal's date, else (GPS stamps only) the GPS date; null when neither. */
function expectedDay(e: Entry): string | null {
  if (e.exif_datetime_original) return e.exif_datetime_original.slice(0, 10).replaceAll(':', '-');
  if (e.exif_gps_datestamp && e.exif_gps_timestamp) return e.exif_gps_datestamp.replaceAll(':', '-');
  return null;
}

describe.skipIf(!present)(present ? 'the real photos of shared/data/photos' : `the real photos: SKIPPED (${PHOTOS} not present)`, () => {
  const entries: Entry[] = present
    ? (JSON.parse(readFileSync(MANIFEST, 'utf8')) as Entry[]).filter((e) => existsSync(join(PHOTOS, '..', e.file)))
    : [];
  let t: TestApp;
  let headers: Record<string, string>;
  const answers = new Map<string, ImageInformationResponse>();

  const send = (bytes: Buffer, name: string, fields: Record<string, string>) =>
    t.app.inject({
      method: 'POST',
      url: '/api/get_image_information_api',
      payload: multipart({ filename: name, ...fields }, bytes, name),
      remoteAddress: nextIp(),
      headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}`, ...headers },
    });

  beforeAll(async () => {
    t = await createTestApp();
    headers = (await newUser(t)).headers;
    for (const e of entries) {
      const name = e.file.split('/').at(-1) as string;
      // HEIC is stored (converted to JPEG); the others are analysed only.
      const res = await send(readFileSync(join(PHOTOS, '..', e.file)), name, { keep: e.category === 'heic' ? 'true' : 'false', language: 'english' });
      expect(res.statusCode, `${e.file}: ${res.body}`).toBe(200);
      answers.set(e.file, imageInformationResponse.parse(res.json()));
    }
  }, 180_000);
  afterAll(() => t?.dispose());

  it('has photos of every kind the manifest lists', () => {
    expect(new Set(entries.map((e) => e.category))).toEqual(new Set(['gps_date', 'no_gps', 'no_date', 'edge', 'heic']));
  });

  it('every photo with GPS gets its position, the right day and a named suggestion with its distance', () => {
    const withGps = entries.filter((e) => usableCoordinates(e.exif_gps_lat, e.exif_gps_lng));
    expect(withGps.length).toBeGreaterThan(20);
    for (const e of withGps) {
      const a = answers.get(e.file) as ImageInformationResponse;
      const lat = (a.location?.latitudeRef === 'S' ? -1 : 1) * (a.location?.latitude ?? NaN);
      const lng = (a.location?.longitudeRef === 'W' ? -1 : 1) * (a.location?.longitude ?? NaN);
      expect(lat, e.file).toBeCloseTo(e.exif_gps_lat as number, 5);
      expect(lng, e.file).toBeCloseTo(e.exif_gps_lng as number, 5);
      expect(a.dateTaken?.slice(0, 10) ?? null, e.file).toBe(expectedDay(e));
      const chosen = a.locationAnalitics.chosenPlace;
      expect(chosen.success, e.file).toBe(true);
      if (!chosen.success) continue;
      expect(chosen.displayName.text.trim().length, e.file).toBeGreaterThan(0);
      expect(chosen.distanceM, e.file).toBeGreaterThanOrEqual(0);
      // A known place within 1 km, else a locality: never a place across the world.
      expect(chosen.distanceM, `${e.file}: ${chosen.displayName.text}`).toBeLessThan(chosen.kind === 'city' ? 60_000 : 1_000);
    }
  });

  it('photos without GPS, with GPS at 0,0 or an empty GPS block have no location and no suggestion', () => {
    const none = entries.filter((e) => !usableCoordinates(e.exif_gps_lat, e.exif_gps_lng));
    expect(none.some((e) => e.exif_gps_lat === 0 && e.exif_gps_lng === 0)).toBe(true);
    for (const e of none) {
      const a = answers.get(e.file) as ImageInformationResponse;
      expect(a.location, e.file).toBeNull();
      expect(a.locationAnalitics.chosenPlace.success, e.file).toBe(false);
      expect(a.dateTaken?.slice(0, 10) ?? null, e.file).toBe(expectedDay(e));
    }
  });

  it('HEIC and HEIF convert to a JPEG of at most 1024 px and 1 MB, in their proportions, with no EXIF left', async () => {
    const heics = entries.filter((e) => e.category === 'heic');
    expect(heics.length).toBeGreaterThanOrEqual(3);
    for (const e of heics) {
      const a = answers.get(e.file) as ImageInformationResponse;
      expect(a.type, e.file).toBe('image/heic');
      expect(Math.max(a.width, a.height), e.file).toBe(1024);
      expect(a.width / a.height, e.file).toBeCloseTo(e.width / e.height, 2);
      const served = await t.app.inject({ method: 'GET', url: a.url as string });
      expect(served.statusCode).toBe(200);
      expect(served.rawPayload.length).toBeLessThanOrEqual(1024 * 1024);
      const meta = await sharp(served.rawPayload).metadata();
      expect(meta, e.file).toMatchObject({ format: 'jpeg', width: a.width, height: a.height });
      expect(meta.exif).toBeUndefined();
      // Not a blank: a real picture has many shades.
      const stats = await sharp(served.rawPayload).stats();
      expect(stats.channels[0]?.stdev, e.file).toBeGreaterThan(10);
    }
  });

  it('photo_preview (issue 30 point 7): every HEIC gets a small JPEG preview, nothing stored; a visitor is refused', async () => {
    const heics = entries.filter((e) => e.category === 'heic');
    expect(heics.length).toBeGreaterThanOrEqual(3);
    const preview = (file: Buffer, auth: Record<string, string>) =>
      t.app.inject({
        method: 'POST',
        url: '/api/photo_preview',
        payload: multipart({}, file, 'IMG.HEIC'),
        remoteAddress: nextIp(),
        headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}`, ...auth },
      });
    for (const e of heics) {
      const res = await preview(readFileSync(join(PHOTOS, '..', e.file)), headers);
      expect(res.statusCode, `${e.file}: ${res.body}`).toBe(200);
      const image = (res.json() as { image: string }).image;
      expect(image.startsWith('data:image/jpeg;base64,')).toBe(true);
      const bytes = Buffer.from(image.slice('data:image/jpeg;base64,'.length), 'base64');
      const meta = await sharp(bytes).metadata();
      expect(meta.format).toBe('jpeg');
      expect(Math.max(meta.width ?? 0, meta.height ?? 0), e.file).toBe(PHOTO_PREVIEW_SIDE);
      expect(meta.exif).toBeUndefined();
      // Not a blank: a real picture has many shades.
      expect((await sharp(bytes).stats()).channels[0]?.stdev, e.file).toBeGreaterThan(10);
    }
    expect((await preview(readFileSync(join(PHOTOS, '..', (heics[0] as Entry).file)), {})).statusCode).toBe(401);
  });

  it('upload_image_api reads a HEIC too (the same decoder), stored as its WebP', async () => {
    const heic = entries.find((e) => e.category === 'heic') as Entry;
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/upload_image_api',
      remoteAddress: nextIp(),
      headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}`, ...headers },
      payload: Buffer.concat([
        Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="folder"\r\n\r\nattractions\r\n`),
        Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="IMG.HEIC"\r\nContent-Type: image/heic\r\n\r\n`),
        readFileSync(join(PHOTOS, '..', heic.file)),
        Buffer.from(`\r\n--${BOUNDARY}--\r\n`),
      ]),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ ServerMassageCode: 'success', contentType: 'image/webp', width: 1024 });
  });

  it('a cut-off HEIC is refused with image_format_not_supported; the decoder thread survives it and the next HEIC converts', async () => {
    const heic = entries.find((e) => e.category === 'heic') as Entry;
    const whole = readFileSync(join(PHOTOS, '..', heic.file));
    const cutAt = whole.indexOf('mdat') + 5000;
    const cut = await send(whole.subarray(0, cutAt), 'cut.heic', { keep: 'true' });
    expect(cut.statusCode).toBe(415);
    expect(cut.json()).toEqual({ ServerMassageCode: 'image_format_not_supported' });
    // The decoder itself, given the same cut file: refused in its thread, then the whole photo decodes.
    const pool = createHeicPool({ idleMs: 1000 });
    try {
      await expect(pool.decode(whole.subarray(0, cutAt))).rejects.toMatchObject({ code: 'image_format_not_supported' });
      const pixels = await pool.decode(whole);
      expect(pixels.width * pixels.height * 4).toBe(pixels.data.length);
      expect(pixels.width).toBeGreaterThan(1000);
    } finally {
      await pool.close();
    }
    const again = await send(whole, 'again.heic', { keep: 'true' });
    expect(again.statusCode, again.body).toBe(200);
  });

  it('a rotated HEIC (portrait: the container turns it 90 degrees, EXIF orientation 6) converts upright, turned once', async () => {
      // The iPhone 7 photo, made into what a portrait iPhone photo is: landscape pixels, the HEIF rotation box (irot)
      // saying 270 degrees anticlockwise (90 clockwise) and the EXIF orientation 6 saying the same. libheif applies
      // the box; the EXIF tag must not turn it again (a second turn would give a landscape or upside-down photo).
      const heic = entries.find((e) => e.file.endsWith('heic-iphone7.heic')) as Entry;
      const whole = readFileSync(join(PHOTOS, '..', heic.file));
      const rotated = Buffer.from(whole);
      const irot = rotated.indexOf('irot');
      expect(rotated[irot + 4]).toBe(0);
      rotated[irot + 4] = 3;
      const orientation = rotated.indexOf(Buffer.from('011200030000000100', 'hex'));
      expect(orientation).toBeGreaterThan(0);
      rotated[orientation + 9] = 6;
      const pool = createHeicPool({ idleMs: 1000 });
      try {
        const upright = await makeStoredImage(whole, { format: 'jpeg', heic: pool });
        const portrait = await makeStoredImage(rotated, { format: 'jpeg', heic: pool });
        expect([upright.width, upright.height]).toEqual([1024, 768]);
        expect([portrait.width, portrait.height]).toEqual([768, 1024]);
        // Its pixels are the landscape photo turned 90 degrees clockwise (small differences: two JPEG encodings).
        const small = (b: Buffer) => sharp(b).resize(48, 64, { fit: 'fill' }).greyscale().raw().toBuffer();
        const expected = await small(await sharp(upright.bytes).rotate(90).toBuffer());
        const otherWay = await small(await sharp(upright.bytes).rotate(270).toBuffer());
        const got = await small(portrait.bytes);
        const diff = (a: Buffer, b: Buffer) =>
          a.reduce((sum, v, i) => sum + Math.abs(v - (b[i] ?? 0)), 0) / a.length;
        expect(diff(got, expected)).toBeLessThan(4);
        expect(diff(got, otherWay)).toBeGreaterThan(diff(got, expected) * 3);
      } finally {
        await pool.close();
      }
    });

    it('the decoder takes one photo at a time: beyond its queue 503 service_unavailable; its thread ends when idle', async () => {
    const heic = entries.find((e) => e.category === 'heic') as Entry;
    const whole = readFileSync(join(PHOTOS, '..', heic.file));
    const pool = createHeicPool({ idleMs: 200, queueLimit: 1 });
    try {
      const first = pool.decode(whole);
      const second = pool.decode(whole);
      expect(pool.stats()).toMatchObject({ running: 1, waiting: 1 });
      await expect(pool.decode(whole)).rejects.toMatchObject({ code: 'service_unavailable' });
      expect((await first).width).toBe((await second).width);
      await new Promise((r) => setTimeout(r, 600));
      expect(pool.stats()).toMatchObject({ running: 0, waiting: 0, alive: false, owners: {} });
      // A new photo starts a new thread.
      expect((await pool.decode(whole)).height).toBeGreaterThan(1000);
    } finally {
      await pool.close();
    }
  });

  it('the draft: the afternoon walk is one day; all the photos together span more than 60 days', () => {
    const asDraft = (e: Entry) => {
      const a = answers.get(e.file) as ImageInformationResponse;
      const sign = (ref: string | undefined, neg: string) => (ref === neg ? -1 : 1);
      return {
        id: e.file,
        lat: a.location ? sign(a.location.latitudeRef, 'S') * a.location.latitude : null,
        lng: a.location ? sign(a.location.longitudeRef, 'W') * a.location.longitude : null,
        takenAt: a.dateTaken,
        offset: a.offset,
      };
    };
    const walk = entries.filter((e) => e.file.includes('jpg_gps_DSCN'));
    expect(walk).toHaveLength(4);
    const d = draftTrip(walk.map(asDraft), zoneOffsetAt);
    expect(d).toMatchObject({ ok: true, startDate: '2008-10-22', endDate: '2008-10-22' });
    expect(d.ok && d.days[0]?.stops.flatMap((s) => s.photoIds).length).toBe(4);
    expect(draftTrip(entries.map(asDraft), zoneOffsetAt)).toEqual({ ok: false, code: 'limiting_the_trip_duration' });
  });
});
