import { mkdir } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { buildGazetteer, gazetteerFileName, locateGazetteerData } from './gazetteer-build.js';
import { isGazetteerFile, readGazetteer, writeGazetteer, type Gazetteer } from './gazetteer-format.js';

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
export const gazetteerFile = (cacheDir: string): string =>
  join(cacheDir, gazetteerFileName(locateGazetteerData().version));

/**
 * `npm run build` (scripts/build-gazetteer.mjs): makes the file unless an intact one of this version is there
 * (`force` rebuilds anyway). Answers what it did.
 */
export async function buildGazetteerFile(cacheDir: string, opts: { force?: boolean } = {}) {
  const data = locateGazetteerData();
  const file = join(cacheDir, gazetteerFileName(data.version));
  if (!opts.force) {
    const existing = await readGazetteer(file);
    if (existing)
      return { file, built: false, places: existing.header.placeCount, keys: existing.header.keyCount };
  }
  const built = await buildGazetteer(data);
  await mkdir(cacheDir, { recursive: true });
  await writeGazetteer(file, built);
  return { file, built: true, places: built.header.placeCount, keys: built.header.keyCount };
}

/** Builds in progress by file: the background preparation and a first search that comes meanwhile share one. */
const building = new Map<string, Promise<Gazetteer>>();

/** Builds the gazetteer and keeps it in `file` for the next start (a cache folder that cannot be written only costs that). */
function buildOnce(
  file: string,
  data: ReturnType<typeof locateGazetteerData>,
  log: GazetteerLog,
): Promise<Gazetteer> {
  let build = building.get(file);
  if (!build) {
    const started = performance.now();
    build = (async () => {
      const built = await buildGazetteer(data);
      log.info(
        {
          places: built.header.placeCount,
          keys: built.header.keyCount,
          ms: Math.round(performance.now() - started),
        },
        'gazetteer built',
      );
      try {
        await mkdir(dirname(file), { recursive: true });
        await writeGazetteer(file, built);
      } catch (err) {
        log.warn({ err, file }, 'gazetteer not cached');
      }
      return built;
    })().finally(() => building.delete(file));
    building.set(file, build);
  }
  return build;
}

/**
 * What the server does once it listens: makes sure the built file is there (building it now, in the background, when
 * it is not), without keeping the gazetteer in memory. The first place search reads the file (~16 MB, a few tens of
 * ms): a process that never searches places locally (Google configured, the local source only its fallback) never
 * holds it (decision 0029).
 */
export async function prepareGazetteerFile(cacheDir: string, log: GazetteerLog): Promise<void> {
  const data = locateGazetteerData();
  const file = join(cacheDir, gazetteerFileName(data.version));
  if (!(await isGazetteerFile(file))) await buildOnce(file, data, log);
}

export async function loadOrBuildGazetteer(cacheDir: string, log: GazetteerLog): Promise<Gazetteer> {
  const data = locateGazetteerData();
  const file = join(cacheDir, gazetteerFileName(data.version));
  const started = performance.now();
  const cached = await readGazetteer(file);
  if (cached) {
    log.info(
      { file, places: cached.header.placeCount, ms: Math.round(performance.now() - started) },
      'gazetteer loaded',
    );
    return cached;
  }
  return buildOnce(file, data, log);
}
