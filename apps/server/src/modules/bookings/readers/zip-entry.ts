import { Inflate } from 'fflate';
import { BookingReadError } from './errors.js';

/**
 * One file out of a zip (a Wallet pass is a zip), bounded against zip bombs: only the entry asked for is inflated, and
 * its inflated size is counted as it streams out (the sizes a zip declares are not trusted), so a small file that
 * inflates to gigabytes is refused after about `maxBytes`, never held whole. The central directory is the zip's own
 * list of entries (APPNOTE 4.3.12), read from the end record; a zip64 or encrypted entry is refused (a pass is neither).
 */

export interface ZipLimits {
  /** The entry's inflated size at most. */
  maxBytes: number;
  /** Entries in the zip at most. */
  maxEntries: number;
}

const EOCD = 0x06054b50;
const CENTRAL = 0x02014b50;
const LOCAL = 0x04034b50;
/** Compressed bytes pushed at a time: DEFLATE inflates at most ~1032 times, so one push yields ~1 MB at most. */
const CHUNK = 1024;

const unreadable = (why: string) => new BookingReadError('unreadable_file', `not a readable zip: ${why}`);
const tooLarge = (why: string) => new BookingReadError('file_too_large', why);

/** The bytes of the entry named `name`, or null when the zip has no such entry. Throws BookingReadError. */
export function readZipEntry(bytes: Uint8Array, name: string, limits: ZipLimits): Uint8Array | null {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const u16 = (at: number) => view.getUint16(at, true);
  const u32 = (at: number) => view.getUint32(at, true);
  // The end record is the last 22 bytes, or further back by a comment of at most 65535 bytes.
  let end = -1;
  for (let at = bytes.length - 22; at >= Math.max(0, bytes.length - 22 - 0xffff); at--) {
    if (u32(at) === EOCD) {
      end = at;
      break;
    }
  }
  if (end < 0) throw unreadable('no end record');
  const entries = u16(end + 10);
  const directoryAt = u32(end + 16);
  if (entries === 0xffff || directoryAt === 0xffffffff) throw unreadable('zip64');
  if (entries > limits.maxEntries) throw tooLarge(`${entries} entries in the zip`);
  const wanted = new TextEncoder().encode(name);
  let at = directoryAt;
  for (let i = 0; i < entries; i++) {
    if (at + 46 > bytes.length || u32(at) !== CENTRAL) throw unreadable('broken central directory');
    const nameLength = u16(at + 28);
    const next = at + 46 + nameLength + u16(at + 30) + u16(at + 32);
    const entryName = bytes.subarray(at + 46, at + 46 + nameLength);
    if (entryName.length === wanted.length && entryName.every((b, k) => b === wanted[k])) {
      if (u16(at + 8) & 1) throw unreadable('encrypted entry');
      return inflateEntry(bytes, u16(at + 10), u32(at + 20), u32(at + 24), u32(at + 42), limits.maxBytes);
    }
    at = next;
  }
  return null;
}

function inflateEntry(
  bytes: Uint8Array,
  method: number,
  compressedSize: number,
  declaredSize: number,
  localAt: number,
  maxBytes: number,
): Uint8Array {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (localAt + 30 > bytes.length || view.getUint32(localAt, true) !== LOCAL) throw unreadable('broken local header');
  const dataAt = localAt + 30 + view.getUint16(localAt + 26, true) + view.getUint16(localAt + 28, true);
  if (dataAt + compressedSize > bytes.length) throw unreadable('entry past the end');
  // A declared size over the cap is refused at once; a smaller one is checked against what really comes out.
  if (declaredSize > maxBytes) throw tooLarge(`entry of ${declaredSize} bytes`);
  const data = bytes.subarray(dataAt, dataAt + compressedSize);
  if (method === 0) {
    if (data.length > maxBytes) throw tooLarge(`entry of ${data.length} bytes`);
    return data;
  }
  if (method !== 8) throw unreadable(`compression method ${method}`);
  const parts: Uint8Array[] = [];
  let total = 0;
  const inflate = new Inflate((chunk) => {
    total += chunk.length;
    if (total <= maxBytes) parts.push(chunk);
  });
  try {
    for (let i = 0; i < data.length || i === 0; i += CHUNK) {
      inflate.push(data.subarray(i, i + CHUNK), i + CHUNK >= data.length);
      if (total > maxBytes) throw tooLarge(`entry inflates past ${maxBytes} bytes`);
    }
  } catch (e) {
    if (e instanceof BookingReadError) throw e;
    throw unreadable('broken compressed data');
  }
  const out = new Uint8Array(total);
  let k = 0;
  for (const p of parts) {
    out.set(p, k);
    k += p.length;
  }
  return out;
}
