// `npm run check` (typecheck of every workspace + lint + import circles + licences), `npm run typecheck`, `npm run lint`.
// The jobs run side by side, as many at a time as there are CPUs: one after another they took about four minutes on
// this 2-CPU machine (the web's and the server's programs ~40 s of CPU each, lint ~50 s, most of it the React
// compiler's rules). Each keeps what it learnt in node_modules/.cache (tsc --incremental, eslint --cache), so a second
// check of an unchanged tree takes seconds. A fresh clone (CI) has no cache and checks everything.
import { spawn } from 'node:child_process';
import { availableParallelism } from 'node:os';

const cache = 'node_modules/.cache';
const projects = ['packages/contract', 'apps/server', 'apps/web', 'e2e', 'bench'];
const typecheck = projects.map((p) => ({
  name: `tsc -p ${p}`,
  cmd: 'npx',
  args: [
    'tsc',
    '-p',
    p,
    '--noEmit',
    '--incremental',
    '--tsBuildInfoFile',
    `${cache}/tsc/${p.replace('/', '-')}.tsbuildinfo`,
  ],
}));
const lint = [
  {
    name: 'eslint',
    cmd: 'npx',
    args: ['eslint', '.', '--max-warnings=0', '--cache', '--cache-location', `${cache}/eslint/`],
  },
];

// Every production dependency under a licence that combines with ours, AGPL-3.0-or-later (decision 0057).
const licences = { name: 'licences', cmd: 'npx', args: ['tsx', 'scripts/licences.ts'] };
// No circle in the web app's imports (decision 0054): a few seconds, where ESLint's import/no-cycle took 95.
const cycles = { name: 'import circles', cmd: 'node', args: ['scripts/import-cycles.mjs'] };

const which = process.argv[2] ?? 'all';
const jobs = which === 'typecheck' ? typecheck : which === 'lint' ? [...lint, cycles] : [...lint, ...typecheck, licences, cycles];

function run(job) {
  return new Promise((resolve) => {
    const started = Date.now();
    const child = spawn(job.cmd, job.args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (out += d));
    child.on('close', (code) => {
      const seconds = ((Date.now() - started) / 1000).toFixed(1);
      console.log(`${code === 0 ? 'ok  ' : 'FAIL'} ${job.name} (${seconds} s)`);
      if (code !== 0) console.log(out.trimEnd());
      resolve(code === 0);
    });
  });
}

const queue = [...jobs];
const results = [];
await Promise.all(
  Array.from({ length: Math.min(availableParallelism(), jobs.length) }, async () => {
    while (queue.length > 0) results.push(await run(queue.shift()));
  }),
);
process.exitCode = results.every(Boolean) ? 0 : 1;
