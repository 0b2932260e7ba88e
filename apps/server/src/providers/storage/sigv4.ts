import { createHash } from 'node:crypto';
import aws4 from 'aws4';

/**
 * AWS Signature Version 4 for S3 requests (header form, signed payload), enough for PutObject and DeleteObject on any
 * S3-compatible service. The signature is the kept `aws4` library's (decision 0057); this file only shapes our request
 * for it. Checked against AWS's own examples (test/providers/storage.test.ts) and by the fake S3, which checks every
 * request's signature on its own.
 */
export interface SigningKey {
  accessKeyId: string;
  secretAccessKey: string;
  region: string;
  service?: string;
}

export interface SignInput {
  method: string;
  url: URL;
  /** Lower-case names; host, x-amz-date and x-amz-content-sha256 are added. */
  headers: Record<string, string>;
  payloadHash: string;
  date: Date;
}

export const sha256Hex = (data: string | Buffer): string => createHash('sha256').update(data).digest('hex');

/** RFC 3986 encoding of the object's address (its bucket and key), as SigV4 reads it; '/' kept in paths. */
export function uriEncode(value: string, keepSlash: boolean): string {
  return Array.from(new TextEncoder().encode(value), (byte) => {
    const c = String.fromCharCode(byte);
    if (/[A-Za-z0-9\-._~]/.test(c) || (keepSlash && c === '/')) return c;
    return `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
  }).join('');
}

/** The request's headers (lower-case names) with Authorization, for `fetch`. */
export function signRequest(input: SignInput, key: SigningKey): Record<string, string> {
  const signed = aws4.sign(
    {
      method: input.method,
      host: input.url.host,
      path: `${input.url.pathname}${input.url.search}`,
      service: key.service ?? 's3',
      region: key.region,
      headers: {
        ...input.headers,
        'x-amz-date': input.date.toISOString().replace(/[:-]|\.\d{3}/g, ''),
        'x-amz-content-sha256': input.payloadHash,
      },
    },
    { accessKeyId: key.accessKeyId, secretAccessKey: key.secretAccessKey },
  );
  return Object.fromEntries(
    Object.entries(signed.headers ?? {}).map(([name, value]) => [name.toLowerCase(), String(value)]),
  );
}
