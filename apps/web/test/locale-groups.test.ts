import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import en from '../src/locales/en.json';
import he from '../src/locales/he.json';
import { LAZY_LOCALE_GROUPS, SERVER_LOCALE_GROUPS } from '../src/locales/groups';

/**
 * The lazy translation groups (docs/decisions/0021-locale-groups.md) load where code is loaded lazily: a route
 * (`page(() => import(...), ['trip'])`) or a lazy part (`withTexts(() => import(...), ['auth'])`). A module that
 * reads a group's keys must only be reachable through such a door that loaded the group (or a door before it),
 * or it could render raw keys. These tests walk the import graph from the entry to prove it.
 */
const src = join(import.meta.dirname, '../src');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'locales' || entry.name === 'ssr' ? [] : sourceFiles(path);
    return /\.(ts|tsx)$/.test(entry.name) && !entry.name.endsWith('.d.ts') ? [path] : [];
  });
}

function resolveImport(from: string, spec: string): string | null {
  if (!spec.startsWith('.')) return null;
  const base = resolve(dirname(from), spec);
  for (const candidate of [
    base,
    `${base}.ts`,
    `${base}.tsx`,
    join(base, 'index.ts'),
    join(base, 'index.tsx'),
  ])
    if (existsSync(candidate) && /\.tsx?$/.test(candidate)) return candidate;
  return null;
}

const groupList = (text: string | undefined) => [...(text ?? '').matchAll(/'(\w+)'/g)].map((m) => m[1]!);

interface Module {
  reads: string[];
  imports: string[];
  doors: { target: string; groups: string[] }[];
}

function readModule(file: string): Module {
  const text = readFileSync(file, 'utf8');
  const imports = [...text.matchAll(/^\s*(?:import|export)\s[^;]*?from\s+'([^']+)'|^\s*import\s+'([^']+)'/gm)]
    .map((m) => resolveImport(file, (m[1] ?? m[2])!))
    .filter((p): p is string => p !== null);
  const doors = [
    ...text.matchAll(/import\('([^']+)'\)(?:\s*\.then\((?:[^()]|\([^()]*\))*\))?(\s*,\s*\[([^\]]*)\])?/g),
  ].flatMap((m) => {
    const target = resolveImport(file, m[1]!);
    return target ? [{ target, groups: groupList(m[3]) }] : [];
  });
  // Strings that start with "group." (t('trip.title')), or a key prefix naming a group. A bare 'trip' is not a
  // read: group names are also ordinary words of the code (a tab called 'accommodations').
  const reads = LAZY_LOCALE_GROUPS.filter((group) =>
    new RegExp(`['"\`]${group}\\.|keyPrefix:\\s*['"\`]${group}['"\`]`).test(text),
  );
  return { reads, imports, doors };
}

describe('lazy translation groups', () => {
  it('are top-level groups of both language files', () => {
    for (const group of LAZY_LOCALE_GROUPS) {
      expect(typeof (he as Record<string, unknown>)[group], `he.json ${group}`).toBe('object');
      expect(typeof (en as Record<string, unknown>)[group], `en.json ${group}`).toBe('object');
    }
  });

  it('are loaded before any module that reads them can render', () => {
    const modules = new Map(sourceFiles(src).map((file) => [file, readModule(file)]));
    const problems = new Set<string>();
    const seen = new Set<string>();
    // Each walk: a door's module and everything it imports statically, with the groups loaded by then.
    const walk = (entry: string, loaded: Set<string>) => {
      const stack = [entry];
      const inWalk = new Set<string>();
      while (stack.length > 0) {
        const file = stack.pop()!;
        if (inWalk.has(file)) continue;
        inWalk.add(file);
        const module = modules.get(file);
        if (!module) continue;
        for (const group of module.reads)
          if (!loaded.has(group))
            problems.add(`${relative(src, file)} reads "${group}", not loaded on every way to it`);
        stack.push(...module.imports);
        for (const door of module.doors) {
          const next = new Set([...loaded, ...door.groups]);
          const key = `${door.target}|${[...next].sort().join(',')}`;
          if (!seen.has(key)) {
            seen.add(key);
            walk(door.target, next);
          }
        }
      }
    };
    walk(join(src, 'main.tsx'), new Set());
    expect([...problems].sort()).toEqual([]);
  });
});

describe("the server's translation groups", () => {
  it('are top-level groups of both language files that no module of the web reads (its build leaves them out)', () => {
    for (const group of SERVER_LOCALE_GROUPS) {
      expect(typeof (he as Record<string, unknown>)[group], `he.json ${group}`).toBe('object');
      expect(typeof (en as Record<string, unknown>)[group], `en.json ${group}`).toBe('object');
    }
    const readers = sourceFiles(src).flatMap((file) => {
      const text = readFileSync(file, 'utf8');
      return SERVER_LOCALE_GROUPS.filter((group) =>
        new RegExp(`\\bt\\(\\s*['"\`]${group}\\.|keyPrefix:\\s*['"\`]${group}['"\`]`).test(text),
      ).map((group) => `${relative(src, file)} reads "${group}"`);
    });
    expect(readers).toEqual([]);
  });
});
