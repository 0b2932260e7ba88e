/**
 * Prints the path of a Node.js binary of the given major release, fetched once from the npm registry (the registry ships
 * Node itself as the package node-<platform>-<arch>) into node_modules/.cache/node-release/<major>/.
 *
 * usage: node scripts/node-release.mjs 24
 *
 * CI runs the server's tests on a current long-term release beside the machine's own Node (scripts/test-unit.mjs,
 * decision 0042... see docs/decisions/0049-node-releases.md). Nothing else in the product uses it.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

const major = process.argv[2];
if (!/^\d+$/.test(major ?? '')) {
  console.error('usage: node scripts/node-release.mjs <major>');
  process.exit(2);
}
const dir = join(process.cwd(), 'node_modules', '.cache', 'node-release', major);
const binary = join(dir, 'package', 'bin', 'node');
if (!existsSync(binary)) {
  mkdirSync(dir, { recursive: true });
  const pkg = `node-${process.platform}-${process.arch}@${major}`;
  execFileSync('npm', ['pack', pkg, '--pack-destination', dir, '--silent'], { stdio: ['ignore', 'ignore', 'inherit'] });
  const tarball = readdirSync(dir).find((f) => f.endsWith('.tgz'));
  if (!tarball) throw new Error(`npm pack ${pkg} left no tarball in ${dir}`);
  execFileSync('tar', ['-xzf', join(dir, tarball), '-C', dir]);
}
console.log(binary);
