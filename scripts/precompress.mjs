// Writes .br and .gz beside every text asset of a built folder, so the server sends compressed files with no
// work per request (@fastify/static preCompressed). usage: node scripts/precompress.mjs apps/web/dist
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const dir = process.argv[2];
if (!dir) throw new Error('usage: precompress.mjs <dir>');
const TEXT = /\.(js|mjs|css|html|svg|json|webmanifest|txt|xml)$/;
let files = 0;
let before = 0;
let after = 0;
const walk = (d) => {
  for (const name of readdirSync(d)) {
    const path = join(d, name);
    if (statSync(path).isDirectory()) walk(path);
    else if (TEXT.test(name)) {
      const data = readFileSync(path);
      if (data.length < 512) continue;
      const br = brotliCompressSync(data, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } });
      writeFileSync(`${path}.br`, br);
      writeFileSync(`${path}.gz`, gzipSync(data, { level: 9 }));
      files += 1;
      before += data.length;
      after += br.length;
    }
  }
};
walk(dir);
console.log(`precompressed ${files} files: ${Math.round(before / 1024)} KB -> ${Math.round(after / 1024)} KB brotli`);
