/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** Hosts with more dots than this are white-label sub-domains (000 §9). Default 2. */
  readonly VITE_SUBDOMAIN_DOT_COUNT?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
