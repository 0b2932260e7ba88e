import { readFile, rename, unlink, writeFile } from 'node:fs/promises';

/**
 * The built gazetteer as it sits in memory and on disk. Column arrays, not objects: 135,000 places and a million
 * search keys as a handful of typed arrays and four long strings load in tens of milliseconds and cost a few tens of
 * MB, where the same as JS objects would cost several times that and seconds of JSON parsing.
 *
 * Places: one row per index i. Names and ids are slices of one long string each (`names`, `ids`), delimited by
 * the offsets arrays (char offsets into the JS string): the English name of place i is
 * names[nameStarts[2i] .. nameStarts[2i+1]), its Hebrew name names[nameStarts[2i+1] .. nameStarts[2i+2]) ('' when none).
 *
 * Keys: every searchable spelling of every place, normalised (normalize.ts) and sorted by UTF-16 code unit, so a
 * prefix is a contiguous range found by binary search. Key k is keys[keyStarts[k] .. keyStarts[k+1]), of place
 * keyPlace[k], with keyFlags[k] saying how it was derived (alternate name, word inside a name).
 *
 * File: "RGAZ", u32 header length, header JSON (with the byte offset and length of every section), then the
 * sections, each at a multiple of 8 bytes.
 */
export const GAZETTEER_FORMAT = 1;

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
  ids: string;
  idStarts: Uint32Array;
  names: string;
  nameStarts: Uint32Array;
  keys: string;
  keyStarts: Uint32Array;
  keyPlace: Uint32Array;
  keyFlags: Uint8Array;
}

type NumericSection = 'lat' | 'lng' | 'score' | 'population' | 'kind' | 'country' | 'admin' | 'idStarts' | 'nameStarts' | 'keyStarts' | 'keyPlace' | 'keyFlags';
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
  for (const name of TEXT) add(name, Buffer.from(g[name], 'utf8'));
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

/** Reads a gazetteer file; undefined when it is missing, of another format version, or damaged. */
export async function readGazetteer(file: string): Promise<Gazetteer | undefined> {
  let buf: Buffer;
  try {
    buf = await readFile(file);
  } catch {
    return undefined;
  }
  try {
    if (buf.length < 8 || buf.toString('latin1', 0, 4) !== MAGIC) return undefined;
    const headerLength = buf.readUInt32LE(4);
    const parsed = JSON.parse(buf.toString('utf8', 8, 8 + headerLength)) as GazetteerHeader & { sections: SectionEntry[] };
    if (parsed.format !== GAZETTEER_FORMAT) return undefined;
    const dataStart = 8 + headerLength + ((8 - (headerLength % 8)) % 8);
    const byName = new Map(parsed.sections.map((s) => [s.name, s]));
    const slice = (name: string): Buffer => {
      const s = byName.get(name);
      if (!s || dataStart + s.offset + s.bytes > buf.length) throw new Error(`gazetteer section ${name} missing`);
      return buf.subarray(dataStart + s.offset, dataStart + s.offset + s.bytes);
    };
    // Copied into their own buffers: typed arrays need aligned offsets, and the file buffer can then be dropped.
    const numeric = (name: NumericSection) => {
      const b = slice(name);
      const copy = new Uint8Array(b.length);
      copy.set(b);
      const Ctor = { f32: Float32Array, u32: Uint32Array, u16: Uint16Array, u8: Uint8Array }[NUMERIC[name]];
      return new Ctor(copy.buffer, 0, b.length / Ctor.BYTES_PER_ELEMENT);
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
      nameStarts: numeric('nameStarts') as Uint32Array,
      keyStarts: numeric('keyStarts') as Uint32Array,
      keyPlace: numeric('keyPlace') as Uint32Array,
      keyFlags: numeric('keyFlags') as Uint8Array,
      ids: slice('ids').toString('utf8'),
      names: slice('names').toString('utf8'),
      keys: slice('keys').toString('utf8'),
    };
    const n = header.placeCount;
    const k = header.keyCount;
    const consistent =
      g.lat.length === n && g.idStarts.length === n + 1 && g.nameStarts.length === 2 * n + 1 &&
      g.keyStarts.length === k + 1 && g.keyPlace.length === k && g.keyFlags.length === k &&
      g.keyStarts[k] === g.keys.length && g.nameStarts[2 * n] === g.names.length;
    return consistent ? g : undefined;
  } catch {
    return undefined;
  }
}
