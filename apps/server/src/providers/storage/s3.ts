import { assertStorageKey, type Storage } from './storage.js';
import { sha256Hex, signRequest, uriEncode, type SigningKey } from './sigv4.js';

export interface S3Options extends SigningKey {
  /** The service's address without the bucket (path-style requests: {endpoint}/{bucket}/{key}). */
  endpoint: string;
  bucket: string;
  /** Where the objects are read publicly ({publicUrl}/{key}). */
  publicUrl: string;
  /** Give up on a request after this long. */
  timeoutMs?: number;
}

/**
 * An S3-compatible bucket (AWS S3, MinIO, Cloudflare R2, ...): PutObject and DeleteObject signed with SigV4 by our own
 * small client (sigv4.ts), no SDK. The objects must be publicly readable (a bucket policy or a CDN before it).
 */
export function createS3Storage(opts: S3Options): Storage {
  const objectUrl = (key: string) => {
    assertStorageKey(key);
    return new URL(`${opts.endpoint}/${uriEncode(opts.bucket, false)}/${uriEncode(key, true)}`);
  };
  const send = async (method: 'PUT' | 'DELETE', key: string, body?: Buffer, contentType?: string) => {
    const url = objectUrl(key);
    const headers = signRequest(
      {
        method,
        url,
        headers: body
          ? {
              'content-type': contentType ?? 'application/octet-stream',
              'content-length': String(body.length),
            }
          : {},
        payloadHash: sha256Hex(body ?? ''),
        date: new Date(),
      },
      opts,
    );
    // fetch sets host and content-length itself.
    delete headers.host;
    delete headers['content-length'];
    const res = await fetch(url, {
      method,
      headers,
      ...(body ? { body: new Uint8Array(body) } : {}),
      signal: AbortSignal.timeout(opts.timeoutMs ?? 30_000),
    });
    if (!res.ok && !(method === 'DELETE' && res.status === 404)) {
      const text = (await res.text()).slice(0, 300);
      throw new Error(`S3 ${method} ${key} failed: ${res.status} ${text}`);
    }
    await res.body?.cancel();
  };
  return {
    kind: 's3',
    async put(key, bytes, contentType) {
      await send('PUT', key, bytes, contentType);
      return `${opts.publicUrl}/${uriEncode(key, true)}`;
    },
    async delete(key) {
      await send('DELETE', key);
    },
  };
}
