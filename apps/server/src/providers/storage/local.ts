import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { assertStorageKey, type Storage } from './storage.js';

/**
 * The default: files under DATA_DIR/uploads, served by the server at `publicPath` (modules/uploads/uploads.files.ts).
 * A file is written beside its final name and renamed into place, so a reader never sees half of it.
 */
export function createLocalStorage(opts: { dir: string; publicPath: string }): Storage {
  const pathOf = (key: string) => {
    assertStorageKey(key);
    return join(opts.dir, ...key.split('/'));
  };
  return {
    kind: 'local',
    async put(key, bytes) {
      const file = pathOf(key);
      await mkdir(dirname(file), { recursive: true });
      const partial = `${file}.partial`;
      await writeFile(partial, bytes, { flag: 'wx' });
      await rename(partial, file);
      return `${opts.publicPath}/${key}`;
    },
    async delete(key) {
      await rm(pathOf(key), { force: true });
    },
  };
}
