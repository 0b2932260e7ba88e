/**
 * Map tiles. OpenStreetMap's own servers by default (their usage policy suits light traffic only: a production
 * deployment should set VITE_MAP_TILE_URL to a tile provider it has an agreement with). The CSP allows images
 * from any https: origin, so any https tile server works without a server change.
 */
/** OSM asks clients to use tile.openstreetmap.org without the old a./b./c. sub-domains (HTTP/2 serves it). */
const OSM_TILE_URL = 'https://tile.openstreetmap.org/{z}/{x}/{y}.png';
const OSM_ATTRIBUTION =
  '&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a> contributors';

/** VITE_MAP_TILE_URL: a Leaflet URL template ({s}, {z}, {x}, {y}, {r}). */
export const DEFAULT_TILE_URL =
  import.meta.env.VITE_MAP_TILE_URL?.trim() || OSM_TILE_URL;
/** VITE_MAP_ATTRIBUTION: the credit line for those tiles (HTML, from configuration only). */
export const DEFAULT_ATTRIBUTION =
  import.meta.env.VITE_MAP_ATTRIBUTION?.trim() || OSM_ATTRIBUTION;
