import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { imageInformationResponse, type ImageInformationResponse } from '@rides/contract';
import { attractions, rides, uploads } from '../../src/db/schema/index.js';
import { createTestApp, nextIp, type TestApp } from '../helpers/app.js';
import { startFakeLlm, type FakeLlm } from '../helpers/fake-llm.js';
import { dayTitles, makeTrip, newUser, readTrip, snapshot, START } from './trip-editing-fixtures.js';

/**
 * Trips from photos, the server's calls (issue 20; 001 §2, §3, §5, §7; decision 0037). Every photo is made here by
 * sharp (EXIF dates, offsets and GPS written with withExif); the real photos are photos-real.test.ts's.
 */

const BOUNDARY = '----rides-photo-test';

function multipart(
  fields: Record<string, string>,
  file?: { value: Buffer; filename?: string; type?: string },
): Buffer {
  const chunks: Buffer[] = [];
  const part = (name: string, value: Buffer, filename?: string, type?: string) => {
    const disposition = `form-data; name="${name}"${filename ? `; filename="${filename}"` : ''}`;
    chunks.push(
      Buffer.from(
        `--${BOUNDARY}\r\nContent-Disposition: ${disposition}\r\n${filename ? `Content-Type: ${type ?? 'image/jpeg'}\r\n` : ''}\r\n`,
      ),
      value,
      Buffer.from('\r\n'),
    );
  };
  for (const [name, value] of Object.entries(fields)) part(name, Buffer.from(value));
  if (file) part('image', file.value, file.filename ?? 'IMG_0001.JPG', file.type);
  chunks.push(Buffer.from(`--${BOUNDARY}--\r\n`));
  return Buffer.concat(chunks);
}

/** "31/1 46/1 30/1": degrees, minutes, seconds as EXIF rationals. */
const dms = (v: number) => {
  const a = Math.abs(v);
  const d = Math.floor(a);
  const m = Math.floor((a - d) * 60);
  const s = Math.round(((a - d) * 60 - m) * 60 * 1000);
  return `${d}/1 ${m}/1 ${s}/1000`;
};

interface PhotoSpec {
  width?: number;
  height?: number;
  lat?: number;
  lng?: number;
  /** EXIF "YYYY:MM:DD HH:mm:ss". */
  taken?: string;
  offset?: string;
}

/** A phone-like JPEG with the EXIF asked for (none when the spec is empty). */
async function photo(spec: PhotoSpec = {}): Promise<Buffer> {
  const width = spec.width ?? 1600;
  const height = spec.height ?? 1200;
  const image = sharp({ create: { width, height, channels: 3, background: { r: 30, g: 140, b: 90 } } }).jpeg({
    quality: 90,
  });
  const ifd2: Record<string, string> = {};
  if (spec.taken) ifd2.DateTimeOriginal = spec.taken;
  if (spec.offset) ifd2.OffsetTimeOriginal = spec.offset;
  const ifd3: Record<string, string> =
    spec.lat === undefined || spec.lng === undefined
      ? {}
      : {
          GPSLatitudeRef: spec.lat < 0 ? 'S' : 'N',
          GPSLatitude: dms(spec.lat),
          GPSLongitudeRef: spec.lng < 0 ? 'W' : 'E',
          GPSLongitude: dms(spec.lng),
        };
  if (Object.keys(ifd2).length === 0 && Object.keys(ifd3).length === 0) return image.toBuffer();
  return image.withExif({ IFD0: { Make: 'PhoneMaker' }, IFD2: ifd2, IFD3: ifd3 }).toBuffer();
}

/** CRC-32 of PNG chunks (node 20 has no zlib.crc32). */
function crc32(bytes: Buffer): number {
  let c = ~0;
  for (const b of bytes) {
    c ^= b;
    for (let k = 0; k < 8; k += 1) c = (c >>> 1) ^ (0xedb88320 & -(c & 1));
  }
  return ~c >>> 0;
}

/** A real small PNG whose header claims width x height (a decompression bomb before it is inflated). */
async function pngClaiming(width: number, height: number): Promise<Buffer> {
  const png = Buffer.from(
    await sharp({ create: { width: 8, height: 8, channels: 3, background: '#fff' } })
      .png()
      .toBuffer(),
  );
  png.writeUInt32BE(width, 16);
  png.writeUInt32BE(height, 20);
  png.writeUInt32BE(crc32(png.subarray(12, 29)), 29);
  return png;
}

/** Our attraction "Trip A" of makeTrip's first day stands at 32, 35; a photo ~60 m from it. */
const NEAR_A = { lat: 32.0004, lng: 35.0004 };

describe('trips from photos: the server calls', () => {
  let t: TestApp;
  let llm: FakeLlm;
  let author: { id: number; headers: Record<string, string> };
  let stranger: { id: number; headers: Record<string, string> };
  /** The author's base trip (the photo flow's trip), 3 days from START, with "Trip A" on day 0 and a booked stay. */
  let rideId: number;
  let attractionA: number;

  beforeAll(async () => {
    llm = await startFakeLlm();
    llm.mode = 'error'; // no model pick unless a test asks for one
    t = await createTestApp({ LLM_BASE_URL: llm.baseUrl });
    author = await newUser(t);
    stranger = await newUser(t);
    const trip = await makeTrip(t, {
      authorId: author.id,
      days: 3,
      isBasedRide: true,
      perDay: [['Trip A']],
      stays: [{ firstDay: 0, nights: 1, ordered: true }],
    });
    rideId = trip.rideId;
    attractionA = trip.ids.get('Trip A') as number;
  }, 60_000);
  afterAll(async () => {
    await t.dispose();
    await llm.close();
  });

  const info = (
    fields: Record<string, string>,
    file: Buffer | undefined,
    headers: Record<string, string> = author.headers,
    type?: string,
  ) =>
    t.app.inject({
      method: 'POST',
      url: '/api/get_image_information_api',
      payload: multipart(fields, file ? { value: file, ...(type ? { type } : {}) } : undefined),
      remoteAddress: nextIp(),
      headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}`, ...headers },
    });

  const ok = async (fields: Record<string, string>, file: Buffer): Promise<ImageInformationResponse> => {
    const res = await info(fields, file);
    expect(res.statusCode, res.body).toBe(200);
    return imageInformationResponse.parse(res.json());
  };

  const uploadCount = async () =>
    Number((await t.db.db.select({ n: sql<number>`count(*)` }).from(uploads))[0]?.n);

  describe('photo_place_names (issue 30 point 7: a draft stop is named after its place)', () => {
    const names = (payload: unknown, headers: Record<string, string> = author.headers) =>
      t.app.inject({
        method: 'POST',
        url: '/api/photo_place_names',
        payload: payload as object,
        remoteAddress: nextIp(),
        headers,
      });
    it('names each point after its nearest place suggestion: the known place, else a locality; none at 0,0', async () => {
      const res = await names({
        points: [NEAR_A, { lat: NEAR_A.lat + 0.3, lng: NEAR_A.lng }, { lat: 0, lng: 0 }],
      });
      expect(res.statusCode, res.body).toBe(200);
      const got = (res.json() as { names: (string | null)[] }).names;
      expect(got[0]).toBe('Trip A');
      expect(got[1]).toMatch(/\S/);
      expect(got[1]).not.toBe('Trip A');
      expect(got[2]).toBeNull();
    });
    it('refuses a visitor (401) and bad points (400, never 500)', async () => {
      expect((await names({ points: [NEAR_A] }, {})).statusCode).toBe(401);
      for (const bad of [
        {},
        { points: [] },
        { points: [{ lat: 91, lng: 0 }] },
        { points: Array.from({ length: 201 }, () => NEAR_A) },
      ]) {
        const res = await names(bad);
        expect(res.statusCode, JSON.stringify(bad)).toBe(400);
        expect(res.json()).toMatchObject({ ServerMassageCode: 'bad_request' });
      }
    });
  });

  describe('get_image_information_api', () => {
    it('refuses a visitor before reading the photo', async () => {
      const res = await info({}, await photo(), {});
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({ ServerMassageCode: 'user_is_not_authorized' });
    });

    it('reads EXIF first: date taken, offset and GPS; names the known place nearest; stores a JPEG of at most 1024 px without EXIF', async () => {
      const body = await ok(
        { rideId: String(rideId), filename: 'IMG_0001.JPG' },
        await photo({ width: 4000, height: 3000, ...NEAR_A, taken: '2031:05:11 10:15:30', offset: '+03:00' }),
      );
      expect(body).toMatchObject({
        ServerMassageCode: 'success',
        filename: 'IMG_0001.JPG',
        type: 'image/jpeg',
        dateTaken: '2031-05-11T10:15:30',
        offset: '+03:00',
        metadataSource: 'exif',
        width: 1024,
        height: 768,
      });
      expect(body.location?.latitude).toBeCloseTo(NEAR_A.lat, 4);
      expect(body.location).toMatchObject({ latitudeRef: 'N', longitudeRef: 'E' });
      expect(body.locationAnalitics.chosenPlace).toMatchObject({
        success: true,
        displayName: { text: 'Trip A' },
        id: `at:${attractionA}`,
        chosenBy: 'nearest',
      });
      const chosen = body.locationAnalitics.chosenPlace as {
        distanceM: number;
        geoLocation: { latitude: number };
      };
      expect(chosen.distanceM).toBeGreaterThan(30);
      expect(chosen.distanceM).toBeLessThan(100);
      expect(chosen.geoLocation.latitude).toBeCloseTo(32, 4);
      // The nearby list: the known place first, then the localities around, each with its name and id.
      expect(body.locationAnalitics.nearbyPlaces[0]?.id).toBe(`at:${attractionA}`);
      expect(
        body.locationAnalitics.nearbyPlaces.some(
          (p) => p.id.startsWith('gn:') && p.displayName.text.length > 0,
        ),
      ).toBe(true);
      expect(body.url).toMatch(new RegExp(`^/uploads/attractions/${rideId}_.*\\.jpg$`));
      const served = await t.app.inject({ method: 'GET', url: body.url as string });
      expect(served.statusCode).toBe(200);
      const meta = await sharp(served.rawPayload).metadata();
      expect(meta).toMatchObject({ format: 'jpeg', width: 1024, height: 768 });
      expect(meta.exif).toBeUndefined();
      expect(served.rawPayload.length).toBeLessThanOrEqual(1024 * 1024);
      const [row] = await t.db.db
        .select()
        .from(uploads)
        .where(eq(uploads.storageKey, (body.url as string).replace('/uploads/', '')));
      expect(row).toMatchObject({
        purpose: 'photo',
        ownerId: author.id,
        originalName: 'IMG_0001.JPG',
        takenAt: '2031-05-11 10:15:30',
      });
    });

    it('with keep=false analyses only: nothing is stored', async () => {
      const before = await uploadCount();
      const body = await ok({ keep: 'false' }, await photo({ ...NEAR_A, taken: '2031:05:11 10:15:30' }));
      expect(body.url).toBeNull();
      expect(body.locationAnalitics.chosenPlace).toMatchObject({ success: true, id: `at:${attractionA}` });
      expect(await uploadCount()).toBe(before);
    });

    it('a photo without EXIF has no date and no place (allowed); what the browser read is used instead', async () => {
      const bare = await photo();
      const none = await ok({}, bare);
      expect(none).toMatchObject({
        dateTaken: null,
        offset: null,
        location: null,
        metadataSource: 'none',
        locationAnalitics: { chosenPlace: { success: false }, nearbyPlaces: [] },
      });
      const client = await ok(
        {
          date_taken: '2031-05-12T09:00:00',
          offset: '+03:00',
          latitude: String(NEAR_A.lat),
          longitude: String(NEAR_A.lng),
        },
        bare,
      );
      expect(client).toMatchObject({
        dateTaken: '2031-05-12T09:00:00',
        offset: '+03:00',
        metadataSource: 'client',
      });
      expect(client.locationAnalitics.chosenPlace).toMatchObject({ success: true, id: `at:${attractionA}` });
      // Field by field: the file's GPS first, the browser's date where the file has none; the file's position wins.
      const mixed = await ok(
        { date_taken: '2031-05-12T09:00:00', latitude: '31.7767', longitude: '35.2345' },
        await photo(NEAR_A),
      );
      expect(mixed).toMatchObject({ dateTaken: '2031-05-12T09:00:00', metadataSource: 'exif' });
      expect(mixed.locationAnalitics.chosenPlace).toMatchObject({ id: `at:${attractionA}` });
    });

    it('GPS at 0,0 and out of range (latitude 213, longitude 103) count as no location; the date still counts', async () => {
      for (const gps of [
        { lat: 0, lng: 0 },
        { lat: 213, lng: 103 },
      ]) {
        const body = await ok({}, await photo({ ...gps, taken: '2031:05:10 12:00:00' }));
        expect(body.location, JSON.stringify(gps)).toBeNull();
        expect(body.dateTaken).toBe('2031-05-10T12:00:00');
        expect(body.locationAnalitics).toEqual({ chosenPlace: { success: false }, nearbyPlaces: [] });
      }
      // The browser's 0,0 is no location either.
      const client = await ok({ latitude: '0', longitude: '0' }, await photo());
      expect(client.location).toBeNull();
    });

    it('far from every known place: the gazetteer place nearest is chosen, named in the trip language, with its distance', async () => {
      // In Jerusalem's Old City: the gazetteer's Western Wall, called by its Hebrew name on a Hebrew trip.
      const jerusalem = await photo({ lat: 31.7767, lng: 35.2345, taken: '2031:05:11 12:00:00' });
      const he = await ok({ rideId: String(rideId) }, jerusalem);
      expect(he.locationAnalitics.chosenPlace).toMatchObject({
        success: true,
        displayName: { text: 'הכותל המערבי' },
        chosenBy: 'nearest',
      });
      const en = await ok({ language: 'english', keep: 'false' }, jerusalem);
      expect(en.locationAnalitics.chosenPlace).toMatchObject({
        success: true,
        id: (he.locationAnalitics.chosenPlace as { id: string }).id,
      });
      expect(
        (en.locationAnalitics.chosenPlace as { displayName: { text: string } }).displayName.text,
      ).toMatch(/^[A-Za-z' -]+$/);
      // The localities around are among the nearby places.
      expect(he.locationAnalitics.nearbyPlaces.some((p) => p.kind === 'city' && p.id.startsWith('gn:'))).toBe(
        true,
      );
      const d = (en.locationAnalitics.chosenPlace as { distanceM: number }).distanceM;
      expect(d).toBeGreaterThanOrEqual(0);
      expect(d).toBeLessThan(100); // the Wall itself; the distance is in whole metres
      const town = he.locationAnalitics.nearbyPlaces.find((p) => p.kind === 'city');
      expect(town?.distanceM).toBeGreaterThan(0);
      // An English trip names it in English too.
      await t.db.db.update(rides).set({ language: 'english' }).where(eq(rides.id, rideId));
      try {
        const trip = await ok({ rideId: String(rideId), keep: 'false' }, jerusalem);
        expect(trip.locationAnalitics.chosenPlace).toMatchObject({
          displayName: (en.locationAnalitics.chosenPlace as { displayName: object }).displayName,
        });
      } finally {
        await t.db.db.update(rides).set({ language: 'hebrew' }).where(eq(rides.id, rideId));
      }
    });

    it('a lodging photo is offered the hotels of findable trips nearby', async () => {
      const body = await ok(
        { kind: 'accommodation', keep: 'false' },
        await photo({ lat: 32.0003, lng: 35.0003, taken: '2031:05:10 23:10:00' }),
      );
      expect(body.locationAnalitics.chosenPlace).toMatchObject({
        success: true,
        kind: 'accommodation',
        displayName: { text: 'Stay 0' },
      });
      expect(body.locationAnalitics.chosenPlace).toMatchObject({ id: expect.stringMatching(/^ac:\d+$/) });
    });

    it('a configured model may choose among the candidates only; a failing one leaves the nearest chosen', async () => {
      const file = await photo({ ...NEAR_A, taken: '2031:05:11 10:15:30' });
      llm.mode = 'pick-last';
      try {
        const picked = await ok({ keep: 'false' }, file);
        const last = picked.locationAnalitics.nearbyPlaces.at(-1);
        expect(picked.locationAnalitics.chosenPlace).toMatchObject({
          success: true,
          chosenBy: 'model',
          id: last?.id,
        });
        expect(last?.id).not.toBe(`at:${attractionA}`);
        llm.mode = 'garbage';
        const fallback = await ok({ keep: 'false' }, file);
        expect(fallback.locationAnalitics.chosenPlace).toMatchObject({
          success: true,
          chosenBy: 'nearest',
          id: `at:${attractionA}`,
        });
      } finally {
        llm.mode = 'error';
      }
    });

    it('bad input: not an image, a corrupt HEIC, a 20000 x 20000 image, no file; nothing stored', async () => {
      const before = await uploadCount();
      const text = await info(
        {},
        Buffer.from('this is not a photo at all, only text that claims to be one'),
        author.headers,
        'image/jpeg',
      );
      expect(text.statusCode).toBe(415);
      expect(text.json()).toEqual({ ServerMassageCode: 'file_is_not_an_image' });
      const heic = Buffer.concat([
        Buffer.from([0, 0, 0, 0x18]),
        Buffer.from('ftypheic\0\0\0\0mif1heic'),
        Buffer.alloc(400, 7),
      ]);
      const corrupt = await info({}, heic, author.headers, 'image/heic');
      expect(corrupt.statusCode).toBe(415);
      expect(corrupt.json()).toEqual({ ServerMassageCode: 'image_format_not_supported' });
      const bomb = await info({}, await pngClaiming(20_000, 20_000), author.headers, 'image/png');
      expect(bomb.statusCode).toBe(413);
      expect(bomb.json()).toEqual({ ServerMassageCode: 'image_too_many_pixels' });
      const none = await info({ kind: 'attraction' }, undefined);
      expect(none.statusCode).toBe(400);
      const badKind = await info({ kind: 'castle' }, await photo());
      expect(badKind.statusCode).toBe(400);
      expect(await uploadCount()).toBe(before);
    });

    it('photo_preview: a corrupt HEIC 415, text 415, no file 400 (never 500); nothing stored', async () => {
      const before = await uploadCount();
      const preview = (file: Buffer | undefined, type?: string) =>
        t.app.inject({
          method: 'POST',
          url: '/api/photo_preview',
          payload: multipart({}, file ? { value: file, ...(type ? { type } : {}) } : undefined),
          remoteAddress: nextIp(),
          headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}`, ...author.headers },
        });
      const heic = Buffer.concat([
        Buffer.from([0, 0, 0, 0x18]),
        Buffer.from('ftypheic\0\0\0\0mif1heic'),
        Buffer.alloc(400, 7),
      ]);
      const corrupt = await preview(heic, 'image/heic');
      expect(corrupt.statusCode).toBe(415);
      expect(corrupt.json()).toEqual({ ServerMassageCode: 'image_format_not_supported' });
      const text = await preview(Buffer.from('only text, no photo'), 'image/jpeg');
      expect(text.statusCode).toBe(415);
      expect((await preview(undefined)).statusCode).toBe(400);
      const jpeg = await preview(await photo(), 'image/jpeg');
      expect(jpeg.statusCode, jpeg.body).toBe(200);
      expect((jpeg.json() as { image: string }).image).toMatch(/^data:image\/jpeg;base64,/);
      expect(await uploadCount()).toBe(before);
    });

    it("a stranger's trip is refused before the photo is read; an unknown trip is 404", async () => {
      const before = await uploadCount();
      const res = await info({ rideId: String(rideId) }, await photo(), stranger.headers);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ ServerMassageCode: 'uesr_is_not_authorize_to_edit_this_ride' });
      const gone = await info({ rideId: '999999' }, await photo());
      expect(gone.statusCode).toBe(404);
      expect(await uploadCount()).toBe(before);
    });
  });

  describe('add_attraction_from_image_to_ride_api', () => {
    const add = (payload: unknown, headers = author.headers) =>
      t.app.inject({
        method: 'POST',
        url: '/api/add_attraction_from_image_to_ride_api',
        payload: payload as object,
        headers,
      });

    it("puts a new place of the user's, with the photo, on the photo's day (EXIF's date format taken)", async () => {
      const trip = await makeTrip(t, { authorId: author.id, days: 3, isBasedRide: true });
      const res = await add({
        ride_id: trip.rideId,
        image_url: '/uploads/attractions/1_photo.jpg',
        date_taken: '2031:05:11 18:34:30',
        place_data: {
          id: 'gn:281184',
          source: 'local',
          name: 'Old City',
          address: 'Jerusalem',
          lat: 31.7767,
          lng: 35.2345,
        },
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({
        ServerMassageCode: 'success',
        rideId: trip.rideId,
        dayIndex: 1,
        plannedDate: '5/11/2031',
        reused: false,
      });
      const view = await readTrip(t, trip.rideId, author.headers);
      expect(dayTitles(view)).toEqual([[], ['Old City'], []]);
      // The photo's time taken is the activity's time (decision 0043).
      expect(view.attractionsByDay[1]?.daily_attractions[0]?.dateTime).toBe('06:34:30 PM');
      const [row] = await t.db.db
        .select()
        .from(attractions)
        .where(eq(attractions.id, res.json<{ attractionId: number }>().attractionId));
      expect(row).toMatchObject({
        authorId: author.id,
        title: 'Old City',
        imageUrl: '/uploads/attractions/1_photo.jpg',
        lat: 31.7767,
        lng: 35.2345,
      });
    });

    it('our own attraction offered by locationAnalitics is placed as it is; a photo without a date goes to the first day', async () => {
      const trip = await makeTrip(t, { authorId: author.id, days: 2, isBasedRide: true });
      const res = await add({
        ride_id: trip.rideId,
        place_data: { id: `at:${attractionA}`, name: 'Trip A', lat: 32, lng: 35 },
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({
        attractionId: attractionA,
        dayIndex: 0,
        plannedDate: '5/10/2031',
        reused: true,
      });
      expect(dayTitles(await readTrip(t, trip.rideId, author.headers))).toEqual([['Trip A'], []]);
    });

    it('a place must come from the suggestions (please_use_auto_compleate) unless it is "add photo and edit later"', async () => {
      const trip = await makeTrip(t, { authorId: author.id, days: 2, isBasedRide: true });
      const before = await snapshot(t, trip.rideId);
      for (const body of [
        { ride_id: trip.rideId },
        { ride_id: trip.rideId, place_data: { name: 'Typed', lat: 32, lng: 35 } },
      ]) {
        const res = await add(body);
        expect(res.statusCode).toBe(400);
        expect(res.json()).toMatchObject({ ServerMassageCode: 'please_use_auto_compleate' });
      }
      const noPlace = await add({
        ride_id: trip.rideId,
        edit_later: true,
        place_data: { name: 'Photo', lat: 0, lng: 0 },
      });
      expect(noPlace.json()).toMatchObject({ ServerMassageCode: 'attraction_location_required' });
      expect(await snapshot(t, trip.rideId)).toEqual(before);
      const later = await add({
        ride_id: trip.rideId,
        edit_later: true,
        date_taken: '2031-05-11',
        place_data: { name: 'Photo of day 2', lat: 48.18, lng: 16.3 },
      });
      expect(later.statusCode, later.body).toBe(200);
      // A date without a time: the activity has no time (never midnight).
      expect((await readTrip(t, trip.rideId, author.headers)).attractionsByDay[1]?.daily_attractions[0]?.dateTime).toBeNull();
      expect(dayTitles(await readTrip(t, trip.rideId, author.headers))).toEqual([[], ['Photo of day 2']]);
    });

    it('a date outside the trip is day_not_in_trip_range; nothing half-made is left', async () => {
      const trip = await makeTrip(t, { authorId: author.id, days: 2, isBasedRide: true });
      const before = await snapshot(t, trip.rideId);
      const count = async () =>
        Number((await t.db.db.select({ n: sql<number>`count(*)` }).from(attractions))[0]?.n);
      const attractionsBefore = await count();
      const res = await add({
        ride_id: trip.rideId,
        date_taken: '2031-06-01',
        place_data: { id: 'gn:1', name: 'Far', lat: 31, lng: 35 },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ ServerMassageCode: 'day_not_in_trip_range' });
      expect(await snapshot(t, trip.rideId)).toEqual(before);
      expect(await count()).toBe(attractionsBefore);
    });

    it("refuses a stranger's ride_id, a visitor, and a copy's author who is no manager; allows a manager", async () => {
      const place = { id: 'gn:1', name: 'Somewhere', lat: 31, lng: 35 };
      const before = await snapshot(t, rideId);
      const res = await add({ ride_id: rideId, date_taken: START, place_data: place }, stranger.headers);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ ServerMassageCode: 'uesr_is_not_authorize_to_edit_this_ride' });
      const visitor = await add({ ride_id: rideId, place_data: place }, {});
      expect(visitor.statusCode).toBe(401);
      expect(await snapshot(t, rideId)).toEqual(before);
      const copy = await makeTrip(t, { authorId: author.id, days: 2, isBasedRide: false });
      const refused = await add({ ride_id: copy.rideId, place_data: place });
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toMatchObject({ ServerMassageCode: 'uesr_is_not_authorize_to_edit_this_ride' });
      const manager = await newUser(t, 'manager');
      const own = await makeTrip(t, { authorId: manager.id, days: 2, isBasedRide: false });
      const allowed = await add({ ride_id: own.rideId, place_data: place }, manager.headers);
      expect(allowed.statusCode, allowed.body).toBe(200);
    });
  });

  describe('create_and_add_accommodation_from_image_to_ride_api', () => {
    const stay = (id: number, body: Record<string, unknown>, headers = author.headers) =>
      t.app.inject({
        method: 'POST',
        url: `/api/create_and_add_accommodation_from_image_to_ride_api/${id}`,
        payload: body,
        headers,
      });
    const hotel = {
      name: 'Hotel from a photo',
      lat: 32.0003,
      lng: 35.0003,
      image: '/uploads/accommodation/1_photo.jpg',
    };

    it('makes a stay (dates also as Y:m:d); an overlapping one is you_Are_having_double_booking', async () => {
      const trip = await makeTrip(t, { authorId: author.id, days: 4, isBasedRide: true });
      const first = await stay(trip.rideId, {
        ...hotel,
        check_in_date: '2031:05:10',
        check_out_date: '2031:05:12',
      });
      expect(first.statusCode, first.body).toBe(200);
      expect(first.json()).toMatchObject({
        ServerMassageCode: 'success',
        accommodation: { name: 'Hotel from a photo' },
      });
      const before = await snapshot(t, trip.rideId);
      const overlap = await stay(trip.rideId, {
        ...hotel,
        name: 'Second',
        check_in_date: '2031:05:11',
        check_out_date: '2031:05:13',
      });
      expect(overlap.statusCode).toBe(409);
      expect(overlap.json()).toMatchObject({ ServerMassageCode: 'you_Are_having_double_booking' });
      expect(await snapshot(t, trip.rideId)).toEqual(before);
      const next = await stay(trip.rideId, {
        ...hotel,
        name: 'Next',
        check_in_date: '2031:05:12',
        check_out_date: '2031:05:13',
      });
      expect(next.statusCode, next.body).toBe(200);
    });

    it("refuses a stranger's trip and a visitor", async () => {
      const before = await snapshot(t, rideId);
      const res = await stay(
        rideId,
        { ...hotel, check_in_date: '2031-05-11', check_out_date: '2031-05-12' },
        stranger.headers,
      );
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ ServerMassageCode: 'uesr_is_not_authorize_to_edit_this_ride' });
      expect((await stay(rideId, hotel, {})).statusCode).toBe(401);
      expect(await snapshot(t, rideId)).toEqual(before);
    });
  });
});
