/**
 * The first visit to a page fetches its code in three steps: the HTML, the entry script, then (once the router has
 * run) the page's own chunks and the language file. Naming those chunks in the HTML (`modulepreload`) fetches them
 * alongside the entry instead: on a phone's network that is one round trip and several hundred milliseconds less
 * before the trip shows (issue 3: Lighthouse mobile). Which chunks is read from Vite's build manifest.
 */

import { ADDRESSES, type Address } from '@rides/contract';

/** A chunk of Vite's build manifest (dist/.vite/manifest.json), the fields we read. */
export interface ManifestChunk {
  file: string;
  imports?: string[];
  css?: string[];
  isEntry?: boolean;
}
export type ViteManifest = Record<string, ManifestChunk>;

/**
 * The public pages worth preloading, by their addresses in the contract's table (matchAddress): their module in the
 * web app (apps/web/src/app/router.tsx lists every route; these are the ones people arrive at from outside, by a
 * shared link or a search engine).
 */
export const PAGE_MODULES: readonly { addresses: readonly Address[]; module: string }[] = [
  { addresses: [ADDRESSES.home], module: 'src/features/home/pages/HomePage.tsx' },
  { addresses: [ADDRESSES.forPlanners], module: 'src/app/compose/ForPlannersRoute.tsx' },
  {
    addresses: [ADDRESSES.trip, ADDRESSES.tripAttraction],
    module: 'src/features/trip/view/pages/TripPage.tsx',
  },
  { addresses: [ADDRESSES.fullMap], module: 'src/features/trip/view/pages/FullScreenMapPage.tsx' },
];

/**
 * Needed before anything renders, on every page: the app's start (main.tsx imports it after the first paint, see
 * there) and the default language's texts (Hebrew first).
 */
export const ALWAYS_MODULES = ['src/boot.tsx', 'src/locales/he.json'];

/** The files a module needs: its chunk and, recursively, the chunks it imports statically, without the entry's. */
function filesOf(
  manifest: ViteManifest,
  key: string,
  js: Set<string>,
  css: Set<string>,
  seen: Set<string>,
): void {
  const chunk = manifest[key];
  if (!chunk || seen.has(key) || chunk.isEntry) return;
  seen.add(key);
  js.add(chunk.file);
  for (const c of chunk.css ?? []) css.add(c);
  for (const dep of chunk.imports ?? []) filesOf(manifest, dep, js, css, seen);
}

/**
 * The `<link>` tags to add to the HTML of a page whose code is `modules` (unknown modules are skipped), without the
 * files `present` says the HTML already names (Vite preloads the entry's own chunks). Style sheets are preloaded,
 * not linked: linked, they would hold the first paint back (Vite links them when the chunk runs, from the cache).
 */
export function preloadTags(
  manifest: ViteManifest,
  modules: readonly string[],
  present: (file: string) => boolean = () => false,
  /**
   * The server rendered the page: its style sheets must apply before the first paint (no unstyled flash, no shift),
   * and its scripts are not named at all: they are fetched after the first paint (main.tsx), so on a phone's
   * connection they do not share the bandwidth the HTML and styles need to show the page.
   */
  rendered = false,
): string {
  const js = new Set<string>();
  const css = new Set<string>();
  const seen = new Set<string>();
  for (const m of modules) filesOf(manifest, m, js, css, seen);
  const tags = [
    ...[...css]
      .filter((f) => !present(f))
      .map((f) =>
        rendered
          ? `<link rel="stylesheet" crossorigin href="/${f}">`
          : `<link rel="preload" as="style" crossorigin href="/${f}">`,
      ),
    ...(rendered
      ? []
      : [...js].filter((f) => !present(f)).map((f) => `<link rel="modulepreload" crossorigin href="/${f}">`)),
  ];
  return tags.join('');
}

/** index.html with the tags placed at the end of <head> (after the entry script, which must start first). */
export function withPreloads(indexHtml: string, tags: string): string {
  return tags ? indexHtml.replace('</head>', `${tags}</head>`) : indexHtml;
}
