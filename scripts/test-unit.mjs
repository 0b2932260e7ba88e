/**
 * `npm run test:unit`: the Vitest run (vitest.config.ts), with arguments passed through.
 *
 * With TEST_LTS_NODE set (the path of another Node.js binary; CI sets it to the current long-term release, fetched by
 * scripts/node-release.mjs) and DATABASE_URL set, the server's tests on PostgreSQL (the "postgres" projects) run on that
 * Node, and everything else on this one: every server test runs once on the machine's Node (against PGlite) and once on
 * the long-term release (against PostgreSQL) (docs/decisions/0049).
 *
 * The two sides' main projects run at the same time: each alone left a core idle on average (the PGlite side used
 * 412 s of CPU in 396 s; decision 0060), and the PostgreSQL side mostly waits on its server. The PostgreSQL side's
 * report is held and printed when it ends, so the two do not interleave. The timing projects (tight time limits, real
 * server processes) then run one side after the other, alone, as before.
 */
import { spawn, spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

const args = process.argv.slice(2);
const vitest = join(dirname(createRequire(import.meta.url).resolve('vitest/package.json')), 'vitest.mjs');
const ltsNode = process.env.TEST_LTS_NODE;

/** One Vitest run of these projects on this Node; `held` keeps its output until it ends. Resolves to its exit status. */
function run(node, projects, { held = false } = {}) {
  const projectArgs = projects.flatMap((p) => ['--project', p]);
  const version = spawnSync(node, ['--version'], { encoding: 'utf8' }).stdout.trim();
  const title = `vitest on Node ${version}${projects.length ? `: ${projects.join(', ')}` : ''}`;
  console.log(`== ${title}${held ? ' (its report follows when it ends)' : ''}`);
  const started = Date.now();
  const child = spawn(node, [vitest, 'run', ...projectArgs, ...args], { stdio: held ? ['ignore', 'pipe', 'pipe'] : 'inherit' });
  const output = [];
  if (held) {
    child.stdout.on('data', (chunk) => output.push(chunk));
    child.stderr.on('data', (chunk) => output.push(chunk));
  }
  return new Promise((resolve) => {
    child.on('close', (code) => {
      if (held) {
        console.log(`== report of ${title}`);
        process.stdout.write(Buffer.concat(output));
      }
      // Each run's own figure, so a CI log shows which one grew (the budget: decision 0060).
      console.log(`== ${title}: ${Math.round((Date.now() - started) / 1000)} s`);
      resolve(code ?? 1);
    });
  });
}

if (!ltsNode || !process.env.DATABASE_URL) {
  process.exit(await run(process.execPath, []));
}
// A file filter may match only one side's projects: the other side then has nothing to run, which is not a failure.
args.push('--passWithNoTests');
const [here, there] = await Promise.all([
  run(process.execPath, ['unit', 'pglite']),
  run(ltsNode, ['postgres'], { held: true }),
]);
const hereTiming = await run(process.execPath, ['pglite (timing)']);
const thereTiming = await run(ltsNode, ['postgres (timing)']);
process.exit(here || there || hereTiming || thereTiming);
