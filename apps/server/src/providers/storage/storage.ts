/**
 * Where uploaded files are kept (decision 0018). A key is a relative path of safe segments
 * ("accommodation/719_2026-11-21T22-30-00-000Z_ab12cd.webp"); put answers the file's public address.
 */
export interface Storage {
  readonly kind: 'local' | 's3';
  put(key: string, bytes: Buffer, contentType: string): Promise<string>;
  /** Removes the file; a key that is not there is not an error. */
  delete(key: string): Promise<void>;
}

/** Letters, digits, dot, dash and underscore per segment; no empty, "." or ".." segment. */
const SEGMENT = /^[A-Za-z0-9_][A-Za-z0-9._-]*$/;

export function assertStorageKey(key: string): void {
  const segments = key.split('/');
  if (key.length > 300 || segments.some((s) => !SEGMENT.test(s) || s === '..' || s === '.')) {
    throw new Error(`invalid storage key: ${JSON.stringify(key)}`);
  }
}
