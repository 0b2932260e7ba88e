/**
 * `npm run test:unit`: the Vitest run (vitest.config.ts), with arguments passed through.
 *
 * With TEST_LTS_NODE set (the path of another Node.js binary; CI sets it to the current long-term release, fetched by
 * scripts/node-release.mjs) and DATABASE_URL set, the server's tests on PostgreSQL (the "postgres" projects) run on that
 * Node, and everything else on this one: every server test runs once on the machine's Node (against PGlite) and once on
 * the long-term release (against PostgreSQL), for no more time than one run of both (docs/decisions/0049).
 */
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

const args = process.argv.slice(2);
const vitest = join(dirname(createRequire(import.meta.url).resolve('vitest/package.json')), 'vitest.mjs');
const ltsNode = process.env.TEST_LTS_NODE;

function run(node, projects) {
  const projectArgs = projects.flatMap((p) => ['--project', p]);
  const version = spawnSync(node, ['--version'], { encoding: 'utf8' }).stdout.trim();
  console.log(`== vitest on Node ${version}${projects.length ? `: ${projects.join(', ')}` : ''}`);
  const started = Date.now();
  const result = spawnSync(node, [vitest, 'run', ...projectArgs, ...args], { stdio: 'inherit' });
  // Each side's own figure, so a CI log shows which one grew (the budget: decision 0060).
  console.log(`== vitest on Node ${version}: ${Math.round((Date.now() - started) / 1000)} s`);
  return result.status ?? 1;
}

if (!ltsNode || !process.env.DATABASE_URL) {
  process.exit(run(process.execPath, []));
}
// A file filter may match only one side's projects: the other side then has nothing to run, which is not a failure.
args.push('--passWithNoTests');
const here = run(process.execPath, ['unit', 'pglite', 'pglite (timing)']);
const there = run(ltsNode, ['postgres', 'postgres (timing)']);
process.exit(here || there);
