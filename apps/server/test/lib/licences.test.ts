import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { declaredLicence, isCompatible, productionPackages } from '../../../../scripts/licences.js';

/** The licence check of `npm run check` (scripts/licences.ts, decision 0057): its SPDX logic and its walk. */
describe('isCompatible: an SPDX expression against AGPL-3.0-or-later', () => {
  it.each<[string, boolean]>([
    ['MIT', true],
    ['Apache-2.0', true],
    ['BlueOak-1.0.0', true],
    ['LGPL-3.0-or-later', true],
    ['GPL-2.0+', true],
    ['GPL-2.0', false],
    ['GPL-2.0-or-later', true],
    ['GPL-2.0-only', false],
    ['LGPL-2.1+', true],
    ['(MIT OR Apache-2.0)', true],
    ['MIT OR Commercial', true],
    ['Commercial OR MIT', true],
    ['(MIT AND Zlib)', true],
    ['MIT AND Commercial', false],
    ['(MIT OR CC0-1.0) AND BSD-3-Clause', true],
    ['(MIT OR Commercial) AND (Proprietary OR SSPL-1.0)', false],
    ['MIT OR Commercial AND Proprietary', true],
    ['Commercial OR MIT AND Proprietary', false],
    ['Apache-2.0 WITH LLVM-exception', true],
    ['SSPL-1.0', false],
    ['BUSL-1.1', false],
    ['CC-BY-NC-4.0', false],
    ['UNLICENSED', false],
    ['SEE LICENSE IN LICENSE.md', false],
    ['', false],
    ['(MIT', false],
    ['MIT)', false],
    ['MIT OR', false],
    ['MIT WITH', false],
    ['mit', false],
  ])('%j -> %s', (expression, expected) => {
    expect(isCompatible(expression)).toBe(expected);
  });
});

describe('declaredLicence: what a package.json says', () => {
  it.each<[object, string]>([
    [{ license: 'MIT' }, 'MIT'],
    [{ license: { type: 'ISC' } }, 'ISC'],
    [{ licenses: [{ type: 'MIT' }, { type: 'Apache-2.0' }] }, '(MIT OR Apache-2.0)'],
    [{ licenses: [{ type: 'BSD-3-Clause' }] }, 'BSD-3-Clause'],
    [{}, ''],
  ])('%j -> %j', (manifest, expected) => {
    expect(declaredLicence(manifest)).toBe(expected);
  });
});

describe('productionPackages: the installed tree, as Node resolves it', () => {
  it('follows dependencies transitively, nested copies first, skips absent optional ones and the workspaces', () => {
    const root = mkdtempSync(join(tmpdir(), 'licences-'));
    const pkg = (dir: string, manifest: object) => {
      mkdirSync(dir, { recursive: true });
      writeFileSync(join(dir, 'package.json'), JSON.stringify(manifest));
    };
    pkg(join(root, 'app'), { dependencies: { a: '1', shared: '1' }, optionalDependencies: { 'other-platform': '1' }, devDependencies: { dev: '1' } });
    pkg(join(root, 'node_modules', 'a'), { name: 'a', version: '1.0.0', license: 'MIT', dependencies: { b: '1' } });
    // a's own b (nested) is found before the hoisted one.
    pkg(join(root, 'node_modules', 'a', 'node_modules', 'b'), { name: 'b', version: '2.0.0', license: 'SSPL-1.0' });
    pkg(join(root, 'node_modules', 'b'), { name: 'b', version: '1.0.0', license: 'MIT' });
    pkg(join(root, 'node_modules', 'shared'), { name: 'shared', version: '1.0.0', licenses: [{ type: 'ISC' }] });
    pkg(join(root, 'node_modules', 'dev'), { name: 'dev', version: '1.0.0', license: 'Proprietary' });
    expect(productionPackages(root, ['app'])).toEqual([
      { name: 'a', version: '1.0.0', licence: 'MIT', requiredBy: 'app' },
      { name: 'b', version: '2.0.0', licence: 'SSPL-1.0', requiredBy: 'a' },
      { name: 'shared', version: '1.0.0', licence: 'ISC', requiredBy: 'app' },
    ]);
    pkg(join(root, 'app2'), { dependencies: { missing: '1' } });
    expect(() => productionPackages(root, ['app2'])).toThrow(/missing \(required by app2\) is not installed/);
  });
});
