import { mkdtemp, readFile, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.js';
import { createStorage } from '../../src/providers/storage/index.js';
import { createLocalStorage } from '../../src/providers/storage/local.js';
import { createS3Storage } from '../../src/providers/storage/s3.js';
import { sha256Hex, signRequest } from '../../src/providers/storage/sigv4.js';
import { startFakeS3, type FakeS3 } from '../helpers/fake-s3.js';

describe('SigV4 signing (the aws4 library, decision 0057)', () => {
  // AWS's examples of "Signature Calculations for the Authorization Header" (S3), with their published signatures.
  const key = { accessKeyId: 'AKIAIOSFODNN7EXAMPLE', secretAccessKey: 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY', region: 'us-east-1' };
  const date = new Date('2013-05-24T00:00:00Z');
  const credential = 'AWS4-HMAC-SHA256 Credential=AKIAIOSFODNN7EXAMPLE/20130524/us-east-1/s3/aws4_request, ';
  it.each<{ example: string; method: string; url: string; headers: Record<string, string>; body: string; signed: string }>([
    {
      example: 'PutObject (a key with $, a signed header of our own)',
      method: 'PUT',
      url: 'https://examplebucket.s3.amazonaws.com/test%24file.text',
      headers: { date: 'Fri, 24 May 2013 00:00:00 GMT', 'x-amz-storage-class': 'REDUCED_REDUNDANCY' },
      body: 'Welcome to Amazon S3.',
      signed: 'SignedHeaders=date;host;x-amz-content-sha256;x-amz-date;x-amz-storage-class, Signature=98ad721746da40c64f1a55b78f14c238d841ea1380cd77a1b5971af0ece108bd',
    },
    {
      example: 'GET Bucket Lifecycle (a query parameter without a value)',
      method: 'GET',
      url: 'https://examplebucket.s3.amazonaws.com/?lifecycle',
      headers: {},
      body: '',
      signed: 'SignedHeaders=host;x-amz-content-sha256;x-amz-date, Signature=fea454ca298b7da1c68078a5d1bdbfbbe0d65c699e0f91ac7a200a0136783543',
    },
    {
      example: 'GET Bucket, list objects (query parameters sorted)',
      method: 'GET',
      url: 'https://examplebucket.s3.amazonaws.com/?max-keys=2&prefix=J',
      headers: {},
      body: '',
      signed: 'SignedHeaders=host;x-amz-content-sha256;x-amz-date, Signature=34b48302e7b5fa45bde8084f4b7868a86f0a534bc59db6670ed5711ef69dc6f7',
    },
  ])("matches AWS's $example example", ({ method, url, headers, body, signed }) => {
    const out = signRequest({ method, url: new URL(url), headers, payloadHash: sha256Hex(body), date }, key);
    expect(out.authorization).toBe(credential + signed);
    expect(out).toMatchObject({ host: 'examplebucket.s3.amazonaws.com', 'x-amz-date': '20130524T000000Z', 'x-amz-content-sha256': sha256Hex(body) });
  });
});

describe('local storage (the data folder)', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'rides-storage-'));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('writes the bytes under the key, answers the public path, deletes', async () => {
    const storage = createLocalStorage({ dir, publicPath: '/uploads' });
    const url = await storage.put('accommodation/7_2026-01-01T00-00-00-000Z_ab.webp', Buffer.from('abc'), 'image/webp');
    expect(url).toBe('/uploads/accommodation/7_2026-01-01T00-00-00-000Z_ab.webp');
    expect(await readFile(join(dir, 'accommodation', '7_2026-01-01T00-00-00-000Z_ab.webp'), 'utf8')).toBe('abc');
    expect(await readdir(join(dir, 'accommodation'))).toEqual(['7_2026-01-01T00-00-00-000Z_ab.webp']);
    await storage.delete('accommodation/7_2026-01-01T00-00-00-000Z_ab.webp');
    expect(await readdir(join(dir, 'accommodation'))).toEqual([]);
    // Deleting what is not there is no error.
    await storage.delete('accommodation/none.webp');
  });

  it('refuses keys that leave the folder or name nothing', async () => {
    const storage = createLocalStorage({ dir, publicPath: '/uploads' });
    for (const key of ['../x.webp', 'a/../../x', '/abs.webp', 'a//b', '', 'a/.hidden/..', 'a b.webp']) {
      await expect(storage.put(key, Buffer.from('x'), 'image/webp'), key).rejects.toThrow(/invalid storage key/);
    }
  });

  it('is the default of the configuration', () => {
    const config = loadConfig({ DATA_DIR: dir, JWT_SECRET: 'x'.repeat(40) });
    expect(config.storage).toEqual({ provider: 'local', dir: join(dir, 'uploads'), publicPath: '/uploads' });
    expect(createStorage(config.storage).kind).toBe('local');
  });
});

describe('S3 storage against an S3-speaking server', () => {
  let s3: FakeS3;
  beforeAll(async () => {
    s3 = await startFakeS3();
  });
  afterAll(() => s3.close());
  afterEach(() => {
    s3.log.length = 0;
  });

  const options = () => ({
    endpoint: s3.baseUrl,
    bucket: s3.bucket,
    region: s3.region,
    accessKeyId: s3.accessKeyId,
    secretAccessKey: s3.secretAccessKey,
    publicUrl: `${s3.baseUrl}/${s3.bucket}`,
  });

  it('puts a signed object, which reads back at the public address, and deletes it', async () => {
    const storage = createS3Storage(options());
    const bytes = Buffer.from([1, 2, 3, 4, 255]);
    const url = await storage.put('attractions/12_2026-01-01T00-00-00-000Z_ab.webp', bytes, 'image/webp');
    expect(url).toBe(`${s3.baseUrl}/${s3.bucket}/attractions/12_2026-01-01T00-00-00-000Z_ab.webp`);
    expect(s3.objects.get('attractions/12_2026-01-01T00-00-00-000Z_ab.webp')).toEqual({ body: bytes, contentType: 'image/webp' });
    const read = await fetch(url);
    expect(Buffer.from(await read.arrayBuffer())).toEqual(bytes);
    await storage.delete('attractions/12_2026-01-01T00-00-00-000Z_ab.webp');
    expect(s3.objects.size).toBe(0);
    expect(s3.log).toEqual([
      `PUT /${s3.bucket}/attractions/12_2026-01-01T00-00-00-000Z_ab.webp 200`,
      `GET /${s3.bucket}/attractions/12_2026-01-01T00-00-00-000Z_ab.webp 200`,
      `DELETE /${s3.bucket}/attractions/12_2026-01-01T00-00-00-000Z_ab.webp 204`,
    ]);
  });

  it('fails when the service refuses the signature (a wrong secret), storing nothing', async () => {
    const storage = createS3Storage({ ...options(), secretAccessKey: 'not-the-secret' });
    await expect(storage.put('accommodation/1_x.webp', Buffer.from('x'), 'image/webp')).rejects.toThrow(/403.*SignatureDoesNotMatch/);
    expect(s3.objects.size).toBe(0);
  });

  it('is chosen by the configuration when a bucket is set, and needs its keys', () => {
    const base = { DATA_DIR: tmpdir(), JWT_SECRET: 'x'.repeat(40), S3_BUCKET: 'b', S3_ENDPOINT: 'https://s3.example.com/' };
    expect(() => loadConfig(base)).toThrow(/S3_ACCESS_KEY_ID/);
    const config = loadConfig({ ...base, S3_ACCESS_KEY_ID: 'k', S3_SECRET_ACCESS_KEY: 's', S3_PUBLIC_URL: 'https://cdn.example.com/' });
    expect(config.storage).toMatchObject({ provider: 's3', endpoint: 'https://s3.example.com', bucket: 'b', region: 'us-east-1', publicUrl: 'https://cdn.example.com' });
    expect(createStorage(config.storage).kind).toBe('s3');
  });
});
