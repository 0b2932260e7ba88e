// `npx tsx scripts/licences.ts` (a step of `npm run check`): every package the product ships is under a licence that
// may be combined with ours, AGPL-3.0-or-later (LICENSE; decision 0057). It walks the production dependencies of the
// server, the web app and the contract, transitively, through the installed packages' package.json (the same tree
// `npm ci` makes: a dependency is looked up in node_modules from the package's folder upwards, as Node resolves it),
// and reads each one's SPDX expression. A package whose licence is not on the allow-list, or not an SPDX expression,
// fails the check unless it is in REVIEWED with the reason it is fine.
import { existsSync, readFileSync, realpathSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * Licences whose code may be part of an AGPL-3.0-or-later work (the FSF's list of GPLv3-compatible licences; the GPL
 * family through "or later" or section 13 of the AGPL). An exception (`WITH`) only adds permissions.
 */
export const COMPATIBLE = new Set([
  '0BSD',
  'AGPL-3.0',
  'AGPL-3.0-only',
  'AGPL-3.0-or-later',
  'Apache-2.0',
  'BlueOak-1.0.0',
  'BSD-2-Clause',
  'BSD-3-Clause',
  'CC-BY-4.0',
  'CC0-1.0',
  'GPL-2.0-or-later',
  'GPL-3.0',
  'GPL-3.0-only',
  'GPL-3.0-or-later',
  'ISC',
  'LGPL-2.1',
  'LGPL-2.1-only',
  'LGPL-2.1-or-later',
  'LGPL-3.0',
  'LGPL-3.0-only',
  'LGPL-3.0-or-later',
  'MIT',
  'MIT-0',
  'MPL-2.0',
  'Python-2.0',
  'Unlicense',
  'WTFPL',
  'Zlib',
]);

/**
 * Packages whose package.json says no SPDX expression on the list, read by hand: name -> why they are fine. Each entry
 * is a decision (0057), not a way to silence the check.
 */
export const REVIEWED: Readonly<Record<string, string>> = {
  // Fonts drawn into the trip's PDF. The SIL Open Font License lets a font be bundled and embedded with any software;
  // the fonts stay under it (a separate work in the document), and the program's licence is untouched.
  '@embedpdf/fonts-hebrew': 'OFL-1.1 fonts, embedded in documents (bundling allowed by the OFL)',
  '@embedpdf/fonts-latin': 'OFL-1.1 fonts, embedded in documents (bundling allowed by the OFL)',
  // pdfkit's PNG decoder: its package.json names no licence; its LICENSE file is the MIT licence (Devon Govett, 2017).
  'png-js': 'MIT, by its LICENSE file',
  // The airports of booking confirmations (issue 34): its package.json writes "CC BY 4.0", not the SPDX id; CC-BY-4.0 is
  // among COMPATIBLE (data, credited in the README's Credits).
  'airport-data-js': 'CC-BY-4.0 airport data (written "CC BY 4.0"), credited in the README',
  // opening_hours' sunrise/sunset times (issue 36, decision 0070): its package.json (2.0.2) names no licence; its
  // LICENSE file is the BSD 2-Clause licence (Volodymyr Agafonkin).
  suncalc: 'BSD-2-Clause, by its LICENSE file',
};

/**
 * Whether an SPDX licence expression allows combining with AGPL-3.0-or-later: `A OR B` when either does, `A AND B`
 * when both do, `A WITH exception` when A does; parentheses group. Anything else (no licence, "SEE LICENSE IN ...",
 * "UNLICENSED", an unknown identifier) does not.
 */
export function isCompatible(expression: string): boolean {
  const tokens = expression.match(/\(|\)|[^\s()]+/g) ?? [];
  let at = 0;
  const peek = (): string | undefined => tokens[at];
  // or := and ("OR" and)* ; and := with ("AND" with)* ; with := atom ("WITH" id)? ; atom := id | "(" or ")"
  function or(): boolean {
    let ok = and();
    while (peek()?.toUpperCase() === 'OR') {
      at++;
      const right = and();
      ok = ok || right;
    }
    return ok;
  }
  function and(): boolean {
    let ok = withException();
    while (peek()?.toUpperCase() === 'AND') {
      at++;
      const right = withException();
      ok = ok && right;
    }
    return ok;
  }
  function withException(): boolean {
    const ok = atom();
    if (peek()?.toUpperCase() === 'WITH') {
      at++;
      if (peek() === undefined || peek() === '(' || peek() === ')') throw new SyntaxError(expression);
      at++;
    }
    return ok;
  }
  function atom(): boolean {
    const token = tokens[at++];
    if (token === undefined || token === ')') throw new SyntaxError(expression);
    if (token === '(') {
      const ok = or();
      if (tokens[at++] !== ')') throw new SyntaxError(expression);
      return ok;
    }
    // "GPL-2.0+" is the older SPDX spelling of "GPL-2.0-or-later": compatible when that version or a later one is.
    const base = token.replace(/\+$/, '');
    return COMPATIBLE.has(token) || (base !== token && (COMPATIBLE.has(base) || COMPATIBLE.has(`${base}-or-later`)));
  }
  try {
    const ok = or();
    return at === tokens.length && ok;
  } catch {
    return false;
  }
}

interface Manifest {
  name?: string;
  version?: string;
  license?: string | { type?: string };
  licenses?: { type?: string }[];
  dependencies?: Record<string, string>;
  optionalDependencies?: Record<string, string>;
}

/** The licence a package.json declares, as one SPDX expression (the old `licenses` array: any of them). */
export function declaredLicence(manifest: Manifest): string {
  if (typeof manifest.license === 'string') return manifest.license;
  if (manifest.license?.type) return manifest.license.type;
  const types = (manifest.licenses ?? []).map((l) => l.type).filter((t): t is string => typeof t === 'string');
  return types.length > 1 ? `(${types.join(' OR ')})` : (types[0] ?? '');
}

const readManifest = (dir: string): Manifest => JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as Manifest;

/** Where Node finds `name` from `fromDir`: its node_modules, then each parent's. */
function locate(name: string, fromDir: string, root: string): string | undefined {
  for (let dir = fromDir; ; dir = dirname(dir)) {
    const candidate = join(dir, 'node_modules', name);
    if (existsSync(join(candidate, 'package.json'))) return realpathSync(candidate);
    if (dir === root || dir === dirname(dir)) return undefined;
  }
}

export interface Finding {
  name: string;
  version: string;
  licence: string;
  requiredBy: string;
}

/** Every installed production dependency of the workspaces, once each (by folder), with its declared licence. */
export function productionPackages(root: string, workspaces: readonly string[]): Finding[] {
  const own = new Set(workspaces.map((w) => realpathSync(join(root, w))));
  const seen = new Set<string>();
  const found: Finding[] = [];
  const queue = workspaces.map((w) => ({ dir: realpathSync(join(root, w)), by: w }));
  while (queue.length > 0) {
    const { dir, by } = queue.shift() as { dir: string; by: string };
    const manifest = readManifest(dir);
    const required = Object.keys(manifest.dependencies ?? {});
    const optional = Object.keys(manifest.optionalDependencies ?? {});
    for (const name of [...required, ...optional]) {
      const at = locate(name, dir, root);
      // An optional dependency for another platform is not installed, and not shipped.
      if (at === undefined) {
        if (optional.includes(name)) continue;
        throw new Error(`${name} (required by ${by}) is not installed: run npm ci`);
      }
      if (seen.has(at) || own.has(at)) continue;
      seen.add(at);
      const dep = readManifest(at);
      found.push({ name: dep.name ?? name, version: dep.version ?? '?', licence: declaredLicence(dep), requiredBy: by });
      queue.push({ dir: at, by: dep.name ?? name });
    }
  }
  return found.sort((a, b) => a.name.localeCompare(b.name));
}

const WORKSPACES = ['apps/server', 'apps/web', 'packages/contract'];

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
  const packages = productionPackages(root, WORKSPACES);
  const refused = packages.filter((p) => !isCompatible(p.licence) && REVIEWED[p.name] === undefined);
  for (const p of refused)
    console.log(`${p.name}@${p.version}: "${p.licence || 'no licence'}" (required by ${p.requiredBy}) is not known to combine with AGPL-3.0-or-later`);
  console.log(`${packages.length} production packages, ${refused.length} refused`);
  process.exitCode = refused.length === 0 ? 0 : 1;
}
