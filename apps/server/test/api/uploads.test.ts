import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UPLOAD_IMAGE_MAX_BYTES } from '@rides/contract';
import { eq } from 'drizzle-orm';
import { uploads } from '../../src/db/schema/index.js';
import { createTestApp, nextIp, type TestApp } from '../helpers/app.js';
import { startFakeS3, type FakeS3 } from '../helpers/fake-s3.js';
import { makeTrip, newUser } from './trip-editing-fixtures.js';

/** upload_image_api (decision 0018): images only, checked by their bytes, shrunk, stripped, stored. */

const BOUNDARY = '----rides-upload-test';

interface Part {
  name: string;
  value: string | Buffer;
  filename?: string;
  type?: string;
}

function multipart(parts: Part[]): Buffer {
  const chunks: Buffer[] = [];
  for (const p of parts) {
    const disposition = `form-data; name="${p.name}"${p.filename ? `; filename="${p.filename}"` : ''}`;
    const head = `--${BOUNDARY}\r\nContent-Disposition: ${disposition}\r\n${p.filename ? `Content-Type: ${p.type ?? 'application/octet-stream'}\r\n` : ''}\r\n`;
    chunks.push(Buffer.from(head), Buffer.isBuffer(p.value) ? p.value : Buffer.from(p.value), Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${BOUNDARY}--\r\n`));
  return Buffer.concat(chunks);
}

function imageParts(file: Buffer, fields: Record<string, string>, filename = 'photo.jpg', type = 'image/jpeg'): Part[] {
  return [...Object.entries(fields).map(([name, value]) => ({ name, value })), { name: 'file', value: file, filename, type }];
}

const upload = (t: TestApp, body: Buffer, headers: Record<string, string> = {}, ip = nextIp()) =>
  t.app.inject({
    method: 'POST',
    url: '/api/upload_image_api',
    payload: body,
    remoteAddress: ip,
    headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}`, ...headers },
  });

/** A photo as a phone makes it: large, with the camera's EXIF and a GPS position. */
async function phoneJpeg(width = 2400, height = 1800): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: 40, g: 120, b: 200 } } })
    .composite([{ input: Buffer.from(`<svg width="${width}" height="${height}"><circle cx="${width / 2}" cy="${height / 2}" r="${height / 3}" fill="orange"/></svg>`) }])
    .jpeg({ quality: 90 })
    .withExif({
      IFD0: { Make: 'PhoneMaker', Model: 'Phone 15', Copyright: 'Dana' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '31/1 46/1 0/1', GPSLongitudeRef: 'E', GPSLongitude: '35/1 13/1 0/1' },
    })
    .toBuffer();
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

/** A real small PNG whose header claims width x height: what a decompression bomb looks like before it is inflated. */
async function pngClaiming(width: number, height: number): Promise<Buffer> {
  const png = Buffer.from(await sharp({ create: { width: 8, height: 8, channels: 3, background: '#fff' } }).png().toBuffer());
  // Signature (8), IHDR length (4), "IHDR" (4), width (4), height (4) ... CRC after the 13 data bytes.
  png.writeUInt32BE(width, 16);
  png.writeUInt32BE(height, 20);
  png.writeUInt32BE(crc32(png.subarray(12, 29)), 29);
  return png;
}

describe('upload_image_api on the data folder', () => {
  let t: TestApp;
  let auth: Record<string, string>;
  /** A trip the uploader authors (an upload may only name a trip its user may edit). */
  let ownTrip: number;
  beforeAll(async () => {
    t = await createTestApp();
    const me = await newUser(t);
    auth = me.headers;
    ownTrip = (await makeTrip(t, { authorId: me.id, days: 2 })).rideId;
  });
  afterAll(() => t.dispose());

  const storedFiles = async (folder: string) => {
    try {
      return await readdir(join(t.dataDir, 'uploads', folder));
    } catch {
      return [];
    }
  };

  it('stores a JPEG shrunk to 1024 px as WebP under accommodation/{trip}_{UTC date}, with no EXIF or GPS left', async () => {
    const original = await phoneJpeg();
    expect((await sharp(original).metadata()).exif).toBeDefined();
    const res = await upload(t, multipart(imageParts(original, { folder: 'accommodation', rideId: String(ownTrip) })), auth);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<{ ServerMassageCode: string; url: string; width: number; height: number; bytes: number; contentType: string }>();
    expect(body).toMatchObject({ ServerMassageCode: 'success', width: 1024, height: 768, contentType: 'image/webp' });
    expect(body.url).toMatch(new RegExp(`^/uploads/accommodation/${ownTrip}_\\d{4}`));
    expect(body.url).toMatch(/^\/uploads\/accommodation\/\d+_\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}-\d{3}Z_[0-9a-f]{12}\.webp$/);
    expect(body.bytes).toBeLessThanOrEqual(1024 * 1024);

    const served = await t.app.inject({ method: 'GET', url: body.url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    const stored = served.rawPayload;
    expect(stored.length).toBe(body.bytes);
    const meta = await sharp(stored).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 1024, height: 768 });
    expect(meta.exif).toBeUndefined();
    expect(meta.xmp).toBeUndefined();
    expect(meta.iptc).toBeUndefined();
    // No trace of the position or the camera anywhere in the file's bytes.
    for (const text of ['GPS', 'PhoneMaker', 'Phone 15', 'Exif']) expect(stored.includes(Buffer.from(text))).toBe(false);

    const [row] = await t.db.db.select().from(uploads).where(eq(uploads.storageKey, body.url.replace('/uploads/', '')));
    expect(row).toMatchObject({ contentType: 'image/webp', bytes: body.bytes, width: 1024, height: 768, purpose: 'accommodation', lat: null, lng: null });
  });

  it('keeps a small PNG at its size (never enlarged); attractions without a trip go to attractions/new_{date}', async () => {
    const png = await sharp({ create: { width: 300, height: 200, channels: 4, background: { r: 0, g: 200, b: 0, alpha: 0.5 } } }).png().toBuffer();
    const res = await upload(t, multipart(imageParts(png, { folder: 'attractions' }, 'x.png', 'image/png')), auth);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ width: 300, height: 200 });
    expect(res.json<{ url: string }>().url).toMatch(/^\/uploads\/attractions\/new_\d{4}-.*\.webp$/);
    const withTrip = await upload(t, multipart(imageParts(png, { folder: 'attractions', rideId: String(ownTrip) }, 'x.png', 'image/png')), auth);
    expect(withTrip.json<{ url: string }>().url).toMatch(new RegExp(`^/uploads/attractions/${ownTrip}_`));
  });

  it('takes WebP, GIF and AVIF (a HEIF image) by their bytes, whatever the declared name and type', async () => {
    const base = sharp({ create: { width: 1600, height: 400, channels: 3, background: '#456' } });
    for (const [bytes, name] of [
      [await base.clone().webp().toBuffer(), 'a.bin'],
      [await base.clone().gif().toBuffer(), 'b.jpg'],
      [await base.clone().avif().toBuffer(), 'c.heic'],
    ] as const) {
      const res = await upload(t, multipart(imageParts(bytes, { folder: 'attractions' }, name, 'application/octet-stream')), auth);
      expect(res.statusCode, `${name}: ${res.body}`).toBe(200);
      expect(res.json()).toMatchObject({ width: 1024, height: 256, contentType: 'image/webp' });
    }
  });

  it('refuses a text file or a PDF named .jpg, and an SVG: 415 file_is_not_an_image, nothing stored', async () => {
    const before = (await storedFiles('attractions')).length;
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>');
    for (const bytes of [Buffer.from('just some text, not a picture at all'), Buffer.from('%PDF-1.7\n1 0 obj <<>> endobj\n%%EOF\n'), svg]) {
      const res = await upload(t, multipart(imageParts(bytes, { folder: 'attractions' }, 'photo.jpg', 'image/jpeg')), auth);
      expect(res.statusCode).toBe(415);
      expect(res.json()).toEqual({ ServerMassageCode: 'file_is_not_an_image' });
    }
    // A JPEG's first bytes followed by nothing an image decoder can read.
    const broken = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(500, 7)]);
    const res = await upload(t, multipart(imageParts(broken, { folder: 'attractions' })), auth);
    expect(res.json()).toEqual({ ServerMassageCode: 'file_is_not_an_image' });
    expect((await storedFiles('attractions')).length).toBe(before);
  });

  it('refuses HEIC that this server cannot decode with its own code', async () => {
    const heic = Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypheic\0\0\0\0mif1heic'), Buffer.alloc(200, 1)]);
    const res = await upload(t, multipart(imageParts(heic, { folder: 'attractions' }, 'IMG_0001.HEIC', 'image/heic')), auth);
    expect(res.statusCode).toBe(415);
    expect(res.json()).toEqual({ ServerMassageCode: 'image_format_not_supported' });
  });

  it('refuses a file over 15 MB with 413 payload_too_large', async () => {
    const big = Buffer.concat([await phoneJpeg(64, 64), Buffer.alloc(UPLOAD_IMAGE_MAX_BYTES + 1 - 0, 1)]);
    const res = await upload(t, multipart(imageParts(big, { folder: 'attractions' })), auth);
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ ServerMassageCode: 'payload_too_large' });
  });

  it('refuses a 50-megapixel image and a decompression bomb (100 000 x 100 000) before decoding: 413 image_too_many_pixels', async () => {
    const before = (await storedFiles('attractions')).length;
    for (const [w, h] of [[10_000, 5_000], [100_000, 100_000]] as const) {
      const res = await upload(t, multipart(imageParts(await pngClaiming(w, h), { folder: 'attractions' }, 'bomb.png', 'image/png')), auth);
      expect(res.statusCode, `${w}x${h}`).toBe(413);
      expect(res.json()).toEqual({ ServerMassageCode: 'image_too_many_pixels' });
    }
    expect((await storedFiles('attractions')).length).toBe(before);
  });

  it('refuses anybody not signed in (401) before reading the file', async () => {
    const res = await upload(t, multipart(imageParts(await phoneJpeg(64, 64), { folder: 'attractions' })));
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ ServerMassageCode: 'user_is_not_authorized' });
  });

  it('refuses bad fields: no file (file_required), an unknown folder, an accommodation without its trip (400)', async () => {
    const jpeg = await phoneJpeg(64, 64);
    const noFile = await upload(t, multipart([{ name: 'folder', value: 'attractions' }]), auth);
    expect(noFile.statusCode).toBe(400);
    expect(noFile.json<{ ServerMassageCode: string }>().ServerMassageCode).toBe('file_required');
    const folder = await upload(t, multipart(imageParts(jpeg, { folder: '../etc' })), auth);
    expect(folder.statusCode).toBe(400);
    expect(folder.json<{ ServerMassageCode: string }>().ServerMassageCode).toBe('bad_request');
    const ride = await upload(t, multipart(imageParts(jpeg, { folder: 'attractions', rideId: '1/../2' })), auth);
    expect(ride.statusCode).toBe(400);
    const noTrip = await upload(t, multipart(imageParts(jpeg, { folder: 'accommodation' })), auth);
    expect(noTrip.statusCode).toBe(400);
    expect(noTrip.json()).toMatchObject({ ServerMassageCode: 'bad_request', errors: [{ field: 'rideId', code: 'bad_request' }] });
    const twoFiles = await upload(
      t,
      multipart([...imageParts(jpeg, { folder: 'attractions' }), { name: 'file2', value: jpeg, filename: 'b.jpg', type: 'image/jpeg' }]),
      auth,
    );
    expect(twoFiles.statusCode).toBe(413);
  });

  it('refuses an upload cut off halfway (400) and stores nothing', async () => {
    const before = (await storedFiles('attractions')).length;
    const whole = multipart(imageParts(await phoneJpeg(), { folder: 'attractions' }));
    const res = await upload(t, whole.subarray(0, Math.floor(whole.length / 2)), auth);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ ServerMassageCode: 'bad_request' });
    expect((await storedFiles('attractions')).length).toBe(before);
  });

  it('is rate limited per client address (30 a minute): 429 too_many_requests', async () => {
    const ip = nextIp();
    const tiny = multipart([{ name: 'folder', value: 'attractions' }]);
    const codes: number[] = [];
    for (let i = 0; i < 31; i += 1) codes.push((await upload(t, tiny, auth, ip)).statusCode);
    expect(codes.slice(0, 30).every((c) => c === 400)).toBe(true);
    expect(codes[30]).toBe(429);
  });
});

describe('upload_image_api names only a trip its user may edit (the edit policy)', () => {
  let t: TestApp;
  let author: Awaited<ReturnType<typeof newUser>>;
  let other: Awaited<ReturnType<typeof newUser>>;
  let rideId: number;
  beforeAll(async () => {
    t = await createTestApp();
    author = await newUser(t);
    other = await newUser(t);
    rideId = (await makeTrip(t, { authorId: author.id, days: 2 })).rideId;
  });
  afterAll(() => t.dispose());

  const stored = async () => {
    const found: string[] = [];
    for (const folder of ['accommodation', 'attractions']) {
      try {
        found.push(...(await readdir(join(t.dataDir, 'uploads', folder))));
      } catch {
        // no folder yet
      }
    }
    return found;
  };

  it("refuses another user's trip in both folders: 403 uesr_is_not_authorize_to_edit_this_ride, nothing stored", async () => {
    const jpeg = await phoneJpeg(64, 64);
    for (const folder of ['accommodation', 'attractions']) {
      const res = await upload(t, multipart(imageParts(jpeg, { folder, rideId: String(rideId) })), other.headers);
      expect(res.statusCode, res.body).toBe(403);
      expect(res.json()).toEqual({
        ServerMassageCode: 'uesr_is_not_authorize_to_edit_this_ride',
        errors: [{ field: 'rideId', code: 'uesr_is_not_authorize_to_edit_this_ride' }],
      });
    }
    expect(await stored()).toEqual([]);
    expect(await t.db.db.select().from(uploads)).toEqual([]);
  });

  it('refuses a trip that does not exist (404) and a locked trip, its author included (403)', async () => {
    const jpeg = await phoneJpeg(64, 64);
    const unknown = await upload(t, multipart(imageParts(jpeg, { folder: 'accommodation', rideId: '2147483000' })), author.headers);
    expect(unknown.statusCode, unknown.body).toBe(404);
    expect(unknown.json<{ ServerMassageCode: string }>().ServerMassageCode).toBe('not_found');
    const locked = (await makeTrip(t, { authorId: author.id, days: 1, isLocked: true })).rideId;
    const res = await upload(t, multipart(imageParts(jpeg, { folder: 'accommodation', rideId: String(locked) })), author.headers);
    expect(res.statusCode, res.body).toBe(403);
    expect(await stored()).toEqual([]);
  });

  it("stores under the author's own trip, and under none when no trip is named", async () => {
    const jpeg = await phoneJpeg(64, 64);
    const res = await upload(t, multipart(imageParts(jpeg, { folder: 'accommodation', rideId: String(rideId) })), author.headers);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<{ url: string }>().url).toMatch(new RegExp(`^/uploads/accommodation/${rideId}_`));
    const none = await upload(t, multipart(imageParts(jpeg, { folder: 'attractions' })), other.headers);
    expect(none.statusCode, none.body).toBe(200);
    expect(none.json<{ url: string }>().url).toMatch(/^\/uploads\/attractions\/new_/);
  });
});

describe('upload_image_api on an S3-compatible bucket', () => {
  let s3: FakeS3;
  let t: TestApp;
  beforeAll(async () => {
    s3 = await startFakeS3();
    t = await createTestApp({
      S3_ENDPOINT: s3.baseUrl,
      S3_BUCKET: s3.bucket,
      S3_REGION: s3.region,
      S3_ACCESS_KEY_ID: s3.accessKeyId,
      S3_SECRET_ACCESS_KEY: s3.secretAccessKey,
    });
  });
  afterAll(async () => {
    await t.dispose();
    await s3.close();
  });

  it('puts the shrunk image in the bucket and answers its public address; nothing in the data folder', async () => {
    const me = await newUser(t);
    const { rideId } = await makeTrip(t, { authorId: me.id, days: 1 });
    const res = await upload(t, multipart(imageParts(await phoneJpeg(), { folder: 'accommodation', rideId: String(rideId) })), me.headers);
    expect(res.statusCode, res.body).toBe(200);
    const { url } = res.json<{ url: string }>();
    expect(url.startsWith(`${s3.baseUrl}/${s3.bucket}/accommodation/${rideId}_`)).toBe(true);
    const key = url.slice(`${s3.baseUrl}/${s3.bucket}/`.length);
    const object = s3.objects.get(key);
    expect(object?.contentType).toBe('image/webp');
    expect((await sharp(object?.body).metadata()).exif).toBeUndefined();
    expect(s3.log).toEqual([`PUT /${s3.bucket}/${key} 200`]);
    await expect(readdir(join(t.dataDir, 'uploads'))).rejects.toThrow();
    // The data folder is not served when the storage is a bucket.
    expect((await t.app.inject({ method: 'GET', url: `/uploads/${key}` })).statusCode).toBe(404);
  });
});
