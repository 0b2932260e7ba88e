import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { buildGazetteer, gazetteerFileName, locateGazetteerData } from './gazetteer-build.js';
import { readGazetteer, writeGazetteer, type Gazetteer } from './gazetteer-format.js';

export interface GazetteerLog {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
}

/**
 * The built gazetteer file of this data version in `cacheDir`, read if it is there (`npm run build` makes it), else
 * built now and kept there for the next start (tests and `npm run dev` need no build step). A cache folder that
 * cannot be written only costs the next start another build.
 */
/** The built file for the installed data package, in `cacheDir`. */
export const gazetteerFile = (cacheDir: string): string => join(cacheDir, gazetteerFileName(locateGazetteerData().version));

/**
 * `npm run build` (scripts/build-gazetteer.mjs): makes the file unless an intact one of this version is there
 * (`force` rebuilds anyway). Answers what it did.
 */
export async function buildGazetteerFile(cacheDir: string, opts: { force?: boolean } = {}) {
  const data = locateGazetteerData();
  const file = join(cacheDir, gazetteerFileName(data.version));
  if (!opts.force) {
    const existing = await readGazetteer(file);
    if (existing) return { file, built: false, places: existing.header.placeCount, keys: existing.header.keyCount };
  }
  const built = await buildGazetteer(data);
  await mkdir(cacheDir, { recursive: true });
  await writeGazetteer(file, built);
  return { file, built: true, places: built.header.placeCount, keys: built.header.keyCount };
}

export async function loadOrBuildGazetteer(cacheDir: string, log: GazetteerLog): Promise<Gazetteer> {
  const data = locateGazetteerData();
  const file = join(cacheDir, gazetteerFileName(data.version));
  const started = performance.now();
  const cached = await readGazetteer(file);
  if (cached) {
    log.info({ file, places: cached.header.placeCount, ms: Math.round(performance.now() - started) }, 'gazetteer loaded');
    return cached;
  }
  const built = await buildGazetteer(data);
  log.info({ places: built.header.placeCount, keys: built.header.keyCount, ms: Math.round(performance.now() - started) }, 'gazetteer built');
  try {
    await mkdir(cacheDir, { recursive: true });
    await writeGazetteer(file, built);
  } catch (err) {
    log.warn({ err, file }, 'gazetteer not cached');
  }
  return built;
}
