import { readFileSync } from 'node:fs';
import type { Plugin } from 'vite';
import { LAZY_LOCALE_GROUPS, SERVER_LOCALE_GROUPS, SHARED_LOCALE_PARTS } from './src/locales/groups';

/**
 * Splits each language file at build time (docs/decisions/0021-locale-groups.md): `virtual:locale-groups` exports,
 * per language, a loader of the core (every top-level key but the lazy groups and the server's own) and one loader per
 * lazy group, each its own small chunk. The source stays one file per language, edited by hand.
 */
const ID = 'virtual:locale-groups';
const RESOLVED = `\0${ID}`;
const PART = /^\0locale-part:(he|en):(.+)$/;

export function localeGroups(localesDir: string): Plugin {
  const file = (lng: string) => `${localesDir}/${lng}.json`;
  const lazy = new Set<string>(LAZY_LOCALE_GROUPS);
  const serverOnly = new Set<string>(SERVER_LOCALE_GROUPS);
  const shared: Record<string, string | undefined> = SHARED_LOCALE_PARTS;
  /** The chunk a group's texts are in: its own, or the part it shares (SHARED_LOCALE_PARTS). */
  const partOf = (group: string) => shared[group] ?? group;
  return {
    name: 'rides:locale-groups',
    resolveId(id) {
      if (id === ID) return RESOLVED;
      if (id.startsWith('\0locale-part:') || id.startsWith('locale-part:'))
        return id.startsWith('\0') ? id : `\0${id}`;
      return null;
    },
    load(id) {
      if (id === RESOLVED) {
        const loaders = (lng: string) =>
          ['core', ...LAZY_LOCALE_GROUPS]
            .map(
              (part) =>
                `${JSON.stringify(part)}: () => import(${JSON.stringify(`locale-part:${lng}:${partOf(part)}`)})`,
            )
            .join(',\n    ');
        return `export const localeLoaders = {\n  he: {\n    ${loaders('he')}\n  },\n  en: {\n    ${loaders('en')}\n  },\n};\n`;
      }
      const match = PART.exec(id);
      if (!match) return null;
      const [, lng, part] = match as unknown as [string, string, string];
      this.addWatchFile(file(lng));
      const all = JSON.parse(readFileSync(file(lng), 'utf8')) as Record<string, unknown>;
      const picked =
        part === 'core'
          ? Object.fromEntries(Object.entries(all).filter(([key]) => !lazy.has(key) && !serverOnly.has(key)))
          : Object.fromEntries(
              LAZY_LOCALE_GROUPS.filter((group) => partOf(group) === part).map((group) => [
                group,
                all[group] ?? {},
              ]),
            );
      return `export default JSON.parse(${JSON.stringify(JSON.stringify(picked))});\n`;
    },
  };
}
