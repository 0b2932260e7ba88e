import { open, readFile, rename, unlink, writeFile } from 'node:fs/promises';

/**
 * The built gazetteer as it sits in memory and on disk. Column arrays, not objects: 135,000 places and half a million
 * search keys as a handful of typed arrays and three runs of UTF-8 bytes. In memory they are all views of the one
 * buffer the file was read into (~16 MB outside the V8 heap, nothing copied, no JS string built): format 1 copied
 * the columns and decoded the texts into JS strings, two bytes a character once any Hebrew is in them, ~22 MB on the
 * heap after a 16 MB read buffer (decision 0029).
 *
 * Places: one row per index i. Names and ids are UTF-8 byte runs (`names`, `ids`) delimited by the offsets arrays
 * (byte offsets): the English name of place i is names[nameStarts[2i] .. nameStarts[2i+1]), its Hebrew name
 * names[nameStarts[2i+1] .. nameStarts[2i+2]) (empty when none); textAt() decodes one. `idOrder` lists the places by
 * id, so details find an id by binary search instead of a map of 135,000 strings.
 *
 * Keys: every searchable spelling of every place, normalised (normalize.ts), as UTF-8 bytes sorted in byte order, so
 * a prefix is a contiguous range found by binary search (key-index.ts). Key k is keys[keyStarts[k] .. keyStarts[k+1]),
 * of place keyPlace[k], with keyFlags[k] saying how it was derived (alternate name, word inside a name).
 *
 * File: "RGAZ", u32 header length, header JSON (with the byte offset and length of every section), then the
 * sections, each at a multiple of 8 bytes (so a typed array can view it in place).
 */
export const GAZETTEER_FORMAT = 2;

export const PLACE_KINDS = ['city', 'country', 'region', 'attraction'] as const;
export type GazetteerKind = (typeof PLACE_KINDS)[number];

/** The key is an alternate name (not the place's main English or Hebrew name). */
export const KEY_ALTERNATE = 1;
/** The key starts at a word inside a name ("aviv" of "tel aviv"), not at its beginning. */
export const KEY_WORD = 2;

export interface GazetteerHeader {
  format: number;
  /** The data package and version the gazetteer was built from. */
  source: string;
  builtAt: string;
  /** ISO country codes; the `country` column holds indexes into it. */
  countries: string[];
  /** First-level administrative codes ("06", "NY"); the `admin` column holds indexes into it. */
  admins: string[];
  placeCount: number;
  keyCount: number;
}

export interface Gazetteer {
  header: GazetteerHeader;
  lat: Float32Array;
  lng: Float32Array;
  /** Ranking weight: log10 of the population plus boosts (capital, known to Hebrew speakers, ...). */
  score: Float32Array;
  population: Uint32Array;
  kind: Uint8Array;
  country: Uint16Array;
  admin: Uint16Array;
  ids: Uint8Array;
  idStarts: Uint32Array;
  /** Place indexes in the byte order of their ids. */
  idOrder: Uint32Array;
  names: Uint8Array;
  nameStarts: Uint32Array;
  keys: Uint8Array;
  keyStarts: Uint32Array;
  keyPlace: Uint32Array;
  keyFlags: Uint8Array;
}

type NumericSection =
  | 'lat'
  | 'lng'
  | 'score'
  | 'population'
  | 'kind'
  | 'country'
  | 'admin'
  | 'idStarts'
  | 'idOrder'
  | 'nameStarts'
  | 'keyStarts'
  | 'keyPlace'
  | 'keyFlags';
type TextSection = 'ids' | 'names' | 'keys';

const NUMERIC: Record<NumericSection, 'f32' | 'u32' | 'u16' | 'u8'> = {
  lat: 'f32',
  lng: 'f32',
  score: 'f32',
  population: 'u32',
  kind: 'u8',
  country: 'u16',
  admin: 'u16',
  idStarts: 'u32',
  idOrder: 'u32',
  nameStarts: 'u32',
  keyStarts: 'u32',
  keyPlace: 'u32',
  keyFlags: 'u8',
};
const TEXT: TextSection[] = ['ids', 'names', 'keys'];

interface SectionEntry {
  name: string;
  offset: number;
  bytes: number;
}

const MAGIC = 'RGAZ';

const utf8 = new TextDecoder();

/** Text i of a byte run delimited by `starts` (a name, an id). */
export const textAt = (bytes: Uint8Array, starts: Uint32Array, i: number): string =>
  utf8.decode(bytes.subarray(starts[i] as number, starts[i + 1] as number));

/** The place whose id is `id`, by binary search over idOrder; undefined when there is none. */
export function findPlaceById(g: Gazetteer, id: string): number | undefined {
  const want = Buffer.from(id, 'utf8');
  let lo = 0;
  let hi = g.idOrder.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    const p = g.idOrder[mid] as number;
    const d = Buffer.compare(g.ids.subarray(g.idStarts[p] as number, g.idStarts[p + 1] as number), want);
    if (d === 0) return p;
    if (d < 0) lo = mid + 1;
    else hi = mid;
  }
  return undefined;
}

export async function writeGazetteer(file: string, g: Gazetteer): Promise<void> {
  const parts: Buffer[] = [];
  const sections: SectionEntry[] = [];
  let offset = 0;
  const add = (name: string, data: Buffer) => {
    sections.push({ name, offset, bytes: data.length });
    parts.push(data);
    offset += data.length;
    const pad = (8 - (data.length % 8)) % 8;
    if (pad) {
      parts.push(Buffer.alloc(pad));
      offset += pad;
    }
  };
  for (const name of Object.keys(NUMERIC) as NumericSection[]) {
    const arr = g[name];
    add(name, Buffer.from(arr.buffer, arr.byteOffset, arr.byteLength));
  }
  for (const name of TEXT) add(name, Buffer.from(g[name].buffer, g[name].byteOffset, g[name].byteLength));
  const header = Buffer.from(JSON.stringify({ ...g.header, sections }), 'utf8');
  const lead = Buffer.alloc(8);
  lead.write(MAGIC, 0, 'latin1');
  lead.writeUInt32LE(header.length, 4);
  const headerPad = Buffer.alloc((8 - (header.length % 8)) % 8);
  // Written beside the target and renamed over it: a reader (another test process, a second server) never sees
  // half a file, and two processes building at once both end with a whole one.
  const tmp = `${file}.${process.pid}.${Date.now()}.tmp`;
  try {
    await writeFile(tmp, Buffer.concat([lead, header, headerPad, ...parts]));
    await rename(tmp, file);
  } catch (err) {
    await unlink(tmp).catch(() => undefined);
    throw err;
  }
}

/** Whether the file is a whole gazetteer of this format, by its header and size alone (nothing else is read). */
export async function isGazetteerFile(file: string): Promise<boolean> {
  let handle;
  try {
    handle = await open(file, 'r');
    const lead = Buffer.alloc(8);
    const { size } = await handle.stat();
    if ((await handle.read(lead, 0, 8, 0)).bytesRead < 8 || lead.toString('latin1', 0, 4) !== MAGIC)
      return false;
    const headerLength = lead.readUInt32LE(4);
    const header = Buffer.alloc(headerLength);
    if ((await handle.read(header, 0, headerLength, 8)).bytesRead < headerLength) return false;
    const parsed = JSON.parse(header.toString('utf8')) as GazetteerHeader & { sections: SectionEntry[] };
    const dataStart = 8 + headerLength + ((8 - (headerLength % 8)) % 8);
    return (
      parsed.format === GAZETTEER_FORMAT &&
      parsed.sections.every((s) => dataStart + s.offset + s.bytes <= size)
    );
  } catch {
    return false;
  } finally {
    await handle?.close();
  }
}

/**
 * Reads a gazetteer file; undefined when it is missing, of another format version, or damaged. One read into one
 * buffer; every column is a view of it.
 */
export async function readGazetteer(file: string): Promise<Gazetteer | undefined> {
  let buf: Buffer;
  try {
    buf = await readFile(file);
  } catch {
    return undefined;
  }
  try {
    if (buf.length < 8 || buf.toString('latin1', 0, 4) !== MAGIC) return undefined;
    // A file this size gets a buffer of its own at offset 0; should it not, one copy makes the views aligned.
    if (buf.byteOffset % 8 !== 0) {
      const copy = new Uint8Array(buf.length);
      copy.set(buf);
      buf = Buffer.from(copy.buffer);
    }
    const headerLength = buf.readUInt32LE(4);
    const parsed = JSON.parse(buf.toString('utf8', 8, 8 + headerLength)) as GazetteerHeader & {
      sections: SectionEntry[];
    };
    if (parsed.format !== GAZETTEER_FORMAT) return undefined;
    const dataStart = 8 + headerLength + ((8 - (headerLength % 8)) % 8);
    const byName = new Map(parsed.sections.map((s) => [s.name, s]));
    const at = (name: string): SectionEntry => {
      const s = byName.get(name);
      if (!s || dataStart + s.offset + s.bytes > buf.length)
        throw new Error(`gazetteer section ${name} missing`);
      return s;
    };
    const numeric = (name: NumericSection) => {
      const s = at(name);
      const Ctor = { f32: Float32Array, u32: Uint32Array, u16: Uint16Array, u8: Uint8Array }[NUMERIC[name]];
      if (s.bytes % Ctor.BYTES_PER_ELEMENT !== 0) throw new Error(`gazetteer section ${name} damaged`);
      // A read buffer is never shared memory.
      return new Ctor(
        buf.buffer as ArrayBuffer,
        buf.byteOffset + dataStart + s.offset,
        s.bytes / Ctor.BYTES_PER_ELEMENT,
      );
    };
    const text = (name: TextSection) => {
      const s = at(name);
      return new Uint8Array(buf.buffer, buf.byteOffset + dataStart + s.offset, s.bytes);
    };
    const { sections: _sections, ...header } = parsed;
    const g: Gazetteer = {
      header,
      lat: numeric('lat') as Float32Array,
      lng: numeric('lng') as Float32Array,
      score: numeric('score') as Float32Array,
      population: numeric('population') as Uint32Array,
      kind: numeric('kind') as Uint8Array,
      country: numeric('country') as Uint16Array,
      admin: numeric('admin') as Uint16Array,
      idStarts: numeric('idStarts') as Uint32Array,
      idOrder: numeric('idOrder') as Uint32Array,
      nameStarts: numeric('nameStarts') as Uint32Array,
      keyStarts: numeric('keyStarts') as Uint32Array,
      keyPlace: numeric('keyPlace') as Uint32Array,
      keyFlags: numeric('keyFlags') as Uint8Array,
      ids: text('ids'),
      names: text('names'),
      keys: text('keys'),
    };
    const n = header.placeCount;
    const k = header.keyCount;
    const consistent =
      g.lat.length === n &&
      g.idStarts.length === n + 1 &&
      g.idOrder.length === n &&
      g.nameStarts.length === 2 * n + 1 &&
      g.keyStarts.length === k + 1 &&
      g.keyPlace.length === k &&
      g.keyFlags.length === k &&
      g.keyStarts[k] === g.keys.length &&
      g.nameStarts[2 * n] === g.names.length &&
      g.idStarts[n] === g.ids.length;
    return consistent ? g : undefined;
  } catch {
    return undefined;
  }
}
