/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** Hosts with more dots than this are white-label sub-domains (000 §9). Default 2. */
  readonly VITE_SUBDOMAIN_DOT_COUNT?: string;
  /** Map tile URL template (Leaflet), e.g. a commercial tile provider in production. Default OpenStreetMap. */
  readonly VITE_MAP_TILE_URL?: string;
  /** Attribution HTML for those tiles. Default the OpenStreetMap credit. */
  readonly VITE_MAP_ATTRIBUTION?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}

/** Built by vite.locales.ts: per language, the core texts and each lazy group, as loaders of their own chunks. */
declare module 'virtual:locale-groups' {
  type Loader = () => Promise<{ default: Record<string, unknown> }>;
  // An ambient module cannot import a relative module, so the group names come in as an import type.
  // eslint-disable-next-line @typescript-eslint/consistent-type-imports
  type Group = import('./locales/groups').LocaleGroup;
  export const localeLoaders: Record<'he' | 'en', Record<'core' | Group, Loader>>;
}
