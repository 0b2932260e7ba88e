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
