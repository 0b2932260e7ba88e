import { readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.js';
import { createLocalPlaces, type LocalPlaces } from '../../src/providers/places/local/local-source.js';
import { gazetteerAnswers, noOwnPlaces, silentLog, type RecordedAnswer } from './gazetteer-answers.js';

/**
 * The gazetteer answers exactly what it answered when fixtures/gazetteer-answers.json was recorded (format 1, the
 * whole file copied onto the heap): same places in the same order, same names, lines, coordinates and details.
 * How the file is laid out and read (decision 0029) is free; what a user sees is not.
 */
const recorded = JSON.parse(readFileSync(new URL('./fixtures/gazetteer-answers.json', import.meta.url), 'utf8')) as {
  source: string;
  searches: RecordedAnswer[];
  details: Record<string, string>;
};

describe('gazetteer answers', () => {
  let local: LocalPlaces;
  beforeAll(async () => {
    const config = loadConfig({ NODE_ENV: 'test', JWT_SECRET: 'x'.repeat(40), DATA_DIR: tmpdir() });
    local = createLocalPlaces({ cacheDir: config.places.cacheDir, own: noOwnPlaces, log: silentLog });
    await local.ready();
  }, 120_000);

  it('are those recorded, search by search and place by place', async () => {
    expect((await local.ready()).source).toBe(recorded.source);
    const now = await gazetteerAnswers(local);
    expect(now.searches.length).toBeGreaterThan(800);
    // Ids first: a difference reads as which places moved.
    expect(now.searches.map((s) => [s.query, s.language, s.near, s.ids])).toEqual(recorded.searches.map((s) => [s.query, s.language, s.near, s.ids]));
    expect(now.searches.map((s) => s.digest)).toEqual(recorded.searches.map((s) => s.digest));
    expect(now.details).toEqual(recorded.details);
  });
});
