import { createHash, createHmac } from 'node:crypto';
import { createServer, type IncomingMessage } from 'node:http';
import { listenLocally } from './fake-server.js';

/**
 * A local server that speaks the two S3 calls our storage uses, path-style: PUT and DELETE /{bucket}/{key}, and GET to
 * read an object back. It checks every request's SigV4 signature on its own (the canonical request rebuilt from what
 * arrived, not from what the client meant to send) and answers 403 SignatureDoesNotMatch like S3 when it is wrong.
 */
export interface FakeS3 {
  baseUrl: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  region: string;
  objects: Map<string, { body: Buffer; contentType: string }>;
  /** Every request as "METHOD /path status". */
  log: string[];
  close(): Promise<void>;
}

const hmac = (key: string | Buffer, data: string) => createHmac('sha256', key).update(data).digest();
const sha256 = (data: string | Buffer) => createHash('sha256').update(data).digest('hex');
const encode = (s: string) => encodeURIComponent(s).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

function expectedSignature(req: IncomingMessage, body: Buffer, secret: string, region: string): { ok: boolean; why?: string } {
  const auth = req.headers.authorization ?? '';
  const m = /^AWS4-HMAC-SHA256 Credential=([^/]+)\/(\d{8})\/([^/]+)\/s3\/aws4_request, SignedHeaders=([a-z0-9;-]+), Signature=([0-9a-f]{64})$/.exec(auth);
  if (!m) return { ok: false, why: 'malformed authorization' };
  const [, , day, scopeRegion, signedHeaders, signature] = m as unknown as [string, string, string, string, string, string];
  if (scopeRegion !== region) return { ok: false, why: 'region' };
  const amzDate = String(req.headers['x-amz-date'] ?? '');
  if (!amzDate.startsWith(day)) return { ok: false, why: 'date' };
  const payloadHash = String(req.headers['x-amz-content-sha256'] ?? '');
  if (payloadHash !== sha256(body)) return { ok: false, why: 'payload hash' };
  const url = new URL(req.url ?? '/', 'http://fake');
  const path = url.pathname
    .split('/')
    .map((s) => encode(decodeURIComponent(s)))
    .join('/');
  const headerLines = signedHeaders
    .split(';')
    .map((h) => `${h}:${String(req.headers[h] ?? '').trim()}\n`)
    .join('');
  const canonical = [req.method, path, '', headerLines, signedHeaders, payloadHash].join('\n');
  const toSign = ['AWS4-HMAC-SHA256', amzDate, `${day}/${region}/s3/aws4_request`, sha256(canonical)].join('\n');
  const key = hmac(hmac(hmac(hmac(`AWS4${secret}`, day), region), 's3'), 'aws4_request');
  const ok = createHmac('sha256', key).update(toSign).digest('hex') === signature;
  return ok ? { ok } : { ok, why: 'signature' };
}

export async function startFakeS3(opts: { bucket?: string; accessKeyId?: string; secretAccessKey?: string; region?: string } = {}): Promise<FakeS3> {
  const bucket = opts.bucket ?? 'rides-test';
  const accessKeyId = opts.accessKeyId ?? 'FAKEACCESSKEY';
  const secretAccessKey = opts.secretAccessKey ?? 'fake-secret-key-for-tests';
  const region = opts.region ?? 'eu-test-1';
  const objects = new Map<string, { body: Buffer; contentType: string }>();
  const log: string[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      const url = new URL(req.url ?? '/', 'http://fake');
      const prefix = `/${bucket}/`;
      const answer = (status: number, xml = '', type = 'application/xml') => {
        log.push(`${req.method} ${url.pathname} ${status}`);
        res.writeHead(status, { 'content-type': type }).end(xml);
      };
      if (!url.pathname.startsWith(prefix)) return answer(404, '<Error><Code>NoSuchBucket</Code></Error>');
      const key = decodeURIComponent(url.pathname.slice(prefix.length));
      if (req.method === 'GET') {
        const o = objects.get(key);
        if (!o) return answer(404, '<Error><Code>NoSuchKey</Code></Error>');
        log.push(`GET ${url.pathname} 200`);
        return res.writeHead(200, { 'content-type': o.contentType }).end(o.body);
      }
      const check = expectedSignature(req, body, secretAccessKey, region);
      if (!check.ok || !String(req.headers.authorization).includes(`Credential=${accessKeyId}/`)) {
        return answer(403, `<Error><Code>SignatureDoesNotMatch</Code><Message>${check.why ?? 'access key'}</Message></Error>`);
      }
      if (req.method === 'PUT') {
        objects.set(key, { body, contentType: String(req.headers['content-type'] ?? 'application/octet-stream') });
        return answer(200);
      }
      if (req.method === 'DELETE') {
        objects.delete(key);
        return answer(204);
      }
      return answer(405, '<Error><Code>MethodNotAllowed</Code></Error>');
    });
  });
  const { baseUrl, close } = await listenLocally(server);
  return { baseUrl, bucket, accessKeyId, secretAccessKey, region, objects, log, close };
}
