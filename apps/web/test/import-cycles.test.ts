import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
// @ts-expect-error: a plain script (scripts/import-cycles.mjs), no types of its own
import { cyclesOf, folderCycles, importsOf } from '../../../scripts/import-cycles.mjs';

/** `npm run check`'s circle finder (decision 0054): what counts as an import, and circles found, direct or long. */
const folder = mkdtempSync(join(tmpdir(), 'import-cycles-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));
const write = (files: Record<string, string>) => {
  const dir = mkdtempSync(join(folder, 'case-'));
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(join(dir, name, '..'), { recursive: true });
    writeFileSync(join(dir, name), text);
  }
  return dir;
};

describe('import circles', () => {
  it('reads static imports, re-exports and import(); not type-only imports nor packages', () => {
    const text = [
      "import { a } from './a';",
      "import type { B } from './b';",
      "import { type C } from './c';",
      "import { type D, d } from './d';",
      "export { e } from './e.js';",
      "export type { F } from './f';",
      "import React from 'react';",
      "import './side-effect';",
      "const Page = lazy(() => import('./page'));",
    ].join('\n');
    expect(importsOf('x.tsx', text)).toEqual(['./a', './d', './e.js', './side-effect', './page']);
  });

  it('finds a circle of two, a longer one, and a file importing itself', () => {
    const graph = new Map([
      ['a', ['b']],
      ['b', ['a']],
      ['c', ['d']],
      ['d', ['e']],
      ['e', ['c']],
      ['f', ['f']],
      ['g', ['a']],
    ]);
    expect(cyclesOf(graph)).toEqual([['a', 'b'], ['c', 'd', 'e'], ['f']]);
  });

  it('in files: through an index and a lazy page; a type-only way back is no circle', () => {
    const circle = write({
      'lib/index.ts': "export { x } from './x';",
      'lib/x.ts': "export const x = () => import('../page');",
      'page.tsx': "import { x } from './lib';\nexport default x;",
    });
    expect(folderCycles(circle)).toEqual([['lib/index.ts', 'lib/x.ts', 'page.tsx']]);
    const none = write({
      'a.ts': "import { b } from './b';\nexport type A = number;\nexport const a = b;",
      'b.ts': "import type { A } from './a';\nexport const b: A = 1;",
    });
    expect(folderCycles(none)).toEqual([]);
  });
});
