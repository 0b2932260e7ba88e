import type { Plugin } from 'vite';

/**
 * The app's start in one chunk (issue 17: initial JavaScript). boot.tsx and the modules it imports statically run on
 * every page, but the bundler splits them into some twenty chunks, because lazy pages share pieces of them (Mantine's
 * Box, Text, Loader, the query hooks, the session store...). Each piece is fetched and gzipped on its own, and what
 * gzip could share between them is lost: ~4.5 KB of the first visit of every page.
 *
 * Once the module graph is built, this plugin lists the modules boot.tsx reaches by static imports, and a
 * code-splitting group (vite.config.ts) puts them in one chunk that boot.tsx and the lazy pages import from. A
 * package's index that only re-exports (Mantine's, the icons') is followed name by name: only the modules of the names
 * imported from it, not the whole package. Left out, so the loading order does not change: boot.tsx itself (the
 * entry the server preloads by name), the entry's own modules (main.tsx) and React with React DOM (main.tsx loads
 * them first, in a task of their own; vite.config.ts groups them).
 */
export function bootChunk(): { plugin: Plugin; test: (id: string) => boolean } {
  let inBoot = new Set<string>();
  const plugin: Plugin = {
    name: 'rides:boot-chunk',
    apply: 'build',
    async buildEnd() {
      const ids = [...this.getModuleIds()];
      const find = (suffix: string) => ids.find((id) => id.endsWith(suffix));
      const resolved = new Map<string, string | null>();
      const resolve = async (spec: string, importer: string) => {
        const key = `${importer}\0${spec}`;
        if (!resolved.has(key)) resolved.set(key, (await this.resolve(spec, importer))?.id ?? null);
        return resolved.get(key) ?? null;
      };
      const parsed = new Map<string, Parsed>();
      const parse = (id: string) => {
        if (!parsed.has(id)) parsed.set(id, parseModule(this.getModuleInfo(id)?.code ?? ''));
        return parsed.get(id) as Parsed;
      };

      /** Walks the static imports from `start`, taking from each module only the re-exports of the names asked. */
      const reach = async (start: string | undefined, into = new Set<string>()) => {
        const asked = new Map<string, Set<string> | 'all'>();
        const visit = async (id: string, names: readonly string[] | null): Promise<void> => {
          const module = this.getModuleInfo(id);
          if (!module) return;
          const { reexports, stars, imports, pure } = parse(id);
          const before = asked.get(id);
          if (before === 'all') return;
          if (!into.has(id)) {
            into.add(id);
            // The module's own imports (not its re-exports). Static only: importedIds lists the dynamic ones too.
            const lazy = new Set(module.dynamicallyImportedIds);
            const known = new Set<string>();
            for (const { spec, names: taken } of imports) {
              const target = await resolve(spec, id);
              if (!target || lazy.has(target)) continue;
              known.add(target);
              await visit(target, taken);
            }
            if (!pure) {
              const reexported = new Set<string>();
              for (const spec of [...[...reexports.values()].map((r) => r.spec), ...stars]) {
                const target = await resolve(spec, id);
                if (target) reexported.add(target);
              }
              for (const dep of module.importedIds)
                if (!lazy.has(dep) && !known.has(dep) && !reexported.has(dep)) await visit(dep, null);
            }
          }
          const done = before ?? new Set<string>();
          asked.set(id, names === null ? 'all' : done);
          const wanted = names === null ? [...reexports.keys(), ...stars.map(() => '*')] : names;
          for (const name of wanted) {
            if (name !== '*' && done.has(name)) continue;
            if (names !== null) done.add(name);
            const own = reexports.get(name);
            if (own) {
              const target = await resolve(own.spec, id);
              if (target) await visit(target, own.name === '*' ? null : [own.name]);
            } else if (names === null || !parse(id).declares.has(name)) {
              for (const spec of stars) {
                const target = await resolve(spec, id);
                if (target && (names === null || exportsName(parse(target), name)))
                  await visit(target, names === null ? null : [name]);
              }
            }
          }
        };
        if (start) await visit(start, null);
        return into;
      };
      const boot = await reach(find('/src/boot.tsx'));
      const first = await reach(find('/src/main.tsx'));
      await reach(find('/react-dom/client.js'), first);
      inBoot = new Set(
        [...boot].filter((id) => !first.has(id) && !id.endsWith('/src/boot.tsx') && !parse(id).pure),
      );
    },
  };
  return { plugin, test: (id) => inBoot.has(id) };
}

/** What the walk needs of a module's code. */
interface Parsed {
  /** Exported name -> where it comes from (`export { a as b } from`, or an import exported as it is). */
  reexports: Map<string, { spec: string; name: string }>;
  /** Sources of `export * from`. */
  stars: string[];
  /** The module's imports that are not re-exported: each source and the names taken (null: all of it). */
  imports: { spec: string; names: string[] | null }[];
  /** Names the module declares itself (`export const a`, `export function a`...). */
  declares: Set<string>;
  /** Nothing but imports and re-exports (a package's index). */
  pure: boolean;
}

const IMPORT = /import\s*(?:(\w+)\s*,?\s*)?(?:\*\s*as\s+(\w+)|\{([^}]*)\})?\s*from\s*['"]([^'"]+)['"];?/g;
const EXPORT_FROM = /export\s*(?:\*(?:\s*as\s+(\w+))?|\{([^}]*)\})\s*from\s*['"]([^'"]+)['"];?/g;
const EXPORT_LIST = /export\s*\{([^}]*)\}(?!\s*from)\s*;?/g;
const DECLARATION = /export\s+(?:default\s+)?(?:async\s+)?(?:const|let|var|function\*?|class)\s+(\w+)/g;

/** `a as b, c` as [[a, b], [c, c]]. */
const pairs = (list: string) =>
  list
    .split(',')
    .map((part) => part.trim().replace(/^type\s+/, ''))
    .filter(Boolean)
    .map((part) => {
      const [from = '', to] = part.split(/\s+as\s+/);
      return [from.trim(), (to ?? from).trim()] as const;
    });

function parseModule(code: string): Parsed {
  const imported = new Map<string, { spec: string; name: string }>();
  const imports: Parsed['imports'] = [];
  for (const m of code.matchAll(IMPORT)) {
    const spec = m[4] ?? '';
    const taken: string[] = [];
    if (m[1]) {
      imported.set(m[1], { spec, name: 'default' });
      taken.push('default');
    }
    if (m[2]) imported.set(m[2], { spec, name: '*' });
    for (const [from, to] of pairs(m[3] ?? '')) {
      imported.set(to, { spec, name: from });
      taken.push(from);
    }
    imports.push({ spec, names: m[2] ? null : taken });
  }
  const reexports = new Map<string, { spec: string; name: string }>();
  const stars: string[] = [];
  for (const m of code.matchAll(EXPORT_FROM)) {
    const spec = m[3] ?? '';
    if (m[2] !== undefined)
      for (const [from, to] of pairs(m[2])) reexports.set(to, { spec, name: from });
    else if (m[1]) reexports.set(m[1], { spec, name: '*' });
    else stars.push(spec);
  }
  const declares = new Set([...code.matchAll(DECLARATION)].map((m) => m[1] ?? ''));
  for (const m of code.matchAll(EXPORT_LIST))
    for (const [from, to] of pairs(m[1] ?? '')) {
      const source = imported.get(from);
      if (source) reexports.set(to, source);
      else declares.add(to);
    }
  const rest = code
    .replace(/\/\*[\s\S]*?\*\/|\/\/[^\n]*/g, '')
    .replace(IMPORT, '')
    .replace(EXPORT_FROM, '')
    .replace(EXPORT_LIST, '')
    .replace(/['"]use client['"];?/g, '');
  const pure = rest.trim() === '' && /export/.test(code);
  // A pure index's imports are only there to be re-exported: they are followed by name.
  return { reexports, stars, imports: pure ? [] : imports, declares, pure };
}

const exportsName = (module: Parsed, name: string) =>
  module.declares.has(name) || module.reexports.has(name) || module.stars.length > 0;
