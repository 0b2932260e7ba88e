// Bundles the server into dist/ with esbuild: our TypeScript (and the workspace contract) inline,
// npm packages left external and loaded from node_modules. The SQL migrations are copied beside it.
// The PDF render worker (decision 0032) is an entry of its own: a worker thread loads its module from a file, and the
// render pool looks for it beside server.js. So is the HEIC decoder's thread (decision 0037).
import { build } from 'esbuild';
import { execFileSync } from 'node:child_process';
import { cpSync, readFileSync, rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8'));
const external = Object.keys({ ...pkg.dependencies, ...pkg.devDependencies }).filter((d) => !d.startsWith('@rides/'));

rmSync(new URL('./dist', import.meta.url), { recursive: true, force: true });
await build({
  entryPoints: { server: 'src/server.ts', admin: 'src/cli/admin.ts', 'pdf-render-worker': 'src/modules/pdf/render-worker.ts', 'heic-worker': 'src/modules/photos/heic-worker.mjs' },
  outdir: 'dist',
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  sourcemap: true,
  external,
  logLevel: 'warning',
  banner: { js: "import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);" },
});
cpSync(new URL('./src/db/migrations', import.meta.url), new URL('./dist/migrations', import.meta.url), { recursive: true });
console.log('server built to apps/server/dist');
// The places gazetteer (decision 0012), so a started server's first place search does not have to build it.
execFileSync(process.execPath, [fileURLToPath(new URL('../../scripts/build-gazetteer.mjs', import.meta.url))], { stdio: 'inherit' });
