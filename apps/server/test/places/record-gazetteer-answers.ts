import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { loadConfig } from '../../src/config.js';
import { createLocalPlaces } from '../../src/providers/places/local/local-source.js';
import { gazetteerAnswers, noOwnPlaces, silentLog } from './gazetteer-answers.js';

/**
 * `node --import tsx apps/server/test/places/record-gazetteer-answers.ts`: records what the gazetteer answers today
 * into fixtures/gazetteer-answers.json. Run it only when a change of the answers is intended (new data, new ranking),
 * never to make a format change pass.
 */
const config = loadConfig({ NODE_ENV: 'test', JWT_SECRET: 'x'.repeat(40), DATA_DIR: tmpdir() });
const local = createLocalPlaces({ cacheDir: config.places.cacheDir, own: noOwnPlaces, log: silentLog });
const info = await local.ready();
const answers = await gazetteerAnswers(local);
const file = new URL('./fixtures/gazetteer-answers.json', import.meta.url);
writeFileSync(file, `${JSON.stringify({ source: info.source, ...answers })}\n`);
console.warn(`recorded ${answers.searches.length} searches and ${Object.keys(answers.details).length} places`);
