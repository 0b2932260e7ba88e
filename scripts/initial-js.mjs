#!/usr/bin/env node
/**
 * The initial JavaScript of the pages with a size bar (DESIGN.md §6: trip page ≤ 200 KB gzip; issue 17: home page ≤ 186 KB), read
 * from Vite's build manifest instead of a browser run, so it takes a second and no server: after
 * `npm run build -w apps/web`, `node scripts/initial-js.mjs` prints each page's chunks and their gzip total, and fails
 * when a page is over its bar: `npm run test:e2e` runs it after the build (issue 31: a constant imported from a module
 * with Zod schemas once brought 23 KB of Zod into every page, and nothing failed).
 *
 * A page's initial JavaScript is what its first visit runs before the page shows: the entry (index.html's script),
 * React DOM's client and the app's start (main.tsx imports both lazily, at once), the page's module, each with the chunks it imports
 * statically (transitively, once), and the texts (the core and the page's groups, app/router.tsx) in Hebrew. Chunks
 * a page imports lazily (dialogs, the map, the export menu) are not counted: they load when used or after the page.
 * Gzip at level 9, as bench/lighthouse.bench.ts measures what a browser fetched.
 */
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const dist = join(dirname(fileURLToPath(import.meta.url)), '../apps/web/dist');
const manifest = JSON.parse(readFileSync(join(dist, '.vite/manifest.json'), 'utf8'));

/** Every page's start: the entry and what main.tsx imports on any address (React DOM's client, boot.tsx). */
const START = ['index.html', ...(manifest['index.html'].dynamicImports ?? []), 'locale-part:he:core'];

/** The pages with a bar: their module and their text groups, as app/router.tsx declares them. */
const PAGES = [
  { name: 'trip page', module: 'src/features/trip/view/pages/TripPage.tsx', texts: ['trip'], bar: 200 },
  { name: 'home page', module: 'src/features/home/pages/HomePage.tsx', texts: ['home', 'search'], bar: 186 },
];

const gzipKb = (file) => gzipSync(readFileSync(join(dist, file)), { level: 9 }).length / 1024;

/** The files of these manifest keys and of everything they import statically, each once. */
function filesOf(keys) {
  const files = new Set();
  const seen = new Set();
  const visit = (key) => {
    const chunk = manifest[key];
    if (!chunk)
      throw new Error(`not in the manifest: ${key} (build the web app first, or update this script)`);
    if (seen.has(key)) return;
    seen.add(key);
    files.add(chunk.file);
    for (const dep of chunk.imports ?? []) visit(dep);
  };
  keys.forEach(visit);
  return files;
}

const verbose = process.argv.includes('--verbose');
let failed = false;
for (const page of PAGES) {
  const files = [...filesOf([...START, page.module, ...page.texts.map((t) => `locale-part:he:${t}`)])];
  const sizes = files.map((f) => [f, gzipKb(f)]).sort((a, b) => b[1] - a[1]);
  const total = sizes.reduce((sum, [, kb]) => sum + kb, 0);
  const over = total > page.bar;
  failed ||= over;
  console.log(
    `${page.name}: ${total.toFixed(1)} KB gzip in ${files.length} chunks (bar ${page.bar} KB)${over ? ' OVER' : ''}`,
  );
  if (verbose) for (const [f, kb] of sizes) console.log(`  ${kb.toFixed(1).padStart(6)}  ${f}`);
}
process.exitCode = failed ? 1 : 0;
