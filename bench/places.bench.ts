import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { buildApp } from '../apps/server/src/app.js';
import { loadConfig } from '../apps/server/src/config.js';
import { openDatabase } from '../apps/server/src/db/client.js';
import { migrateDatabase } from '../apps/server/src/db/migrate.js';
import { loadDemoIfEmpty } from '../apps/server/src/db/seed/index.js';
import { createLocalPlaces } from '../apps/server/src/providers/places/local/local-source.js';
import { createMailer } from '../apps/server/src/providers/mail/index.js';
import { createPlacesRepository } from '../apps/server/src/modules/places/places.repository.js';
import { printVsBaseline, startBareBaseline, table, type LoadResult } from './lib.js';

/**
 * Issue 4's bar: local place search answers in under 20 ms p99 of server time over the whole gazetteer (≥ 100,000
 * places), Hebrew and English. The queries are what people type: every keystroke of ~50 destinations in each script
 * (one letter, two, ... the whole name), plus typos. Measured three ways in the same run:
 *  - the search alone (the local source, in process);
 *  - server time of GET /api/places_autocomplete (Fastify's elapsed time, request in to answer out), sequential,
 *    beside the same for GET /api/client_config (our plugins, no work: the baseline of our own stack);
 *  - throughput and latency under load (autocannon, 10 connections, the queries in rotation) beside a bare Fastify route.
 */
const HEBREW = [
  'רומא', 'ים המלח', 'תל אביב', 'ירושלים', 'חיפה', 'אילת', 'פריז', 'לונדון', 'ברלין', 'אמסטרדם', 'ברצלונה', 'פראג',
  'בודפשט', 'וינה', 'ניו יורק', 'טוסקנה', 'הכנרת', 'באר שבע', 'נתניה', 'טבריה', 'מצדה', 'אתונה', 'ליסבון', 'מדריד',
  'מילאנו', 'ונציה', 'פירנצה', 'נאפולי', 'סיציליה', 'כרתים', 'קפריסין', 'איטליה', 'יוון', 'תאילנד', 'יפן', 'צפת',
  'עכו', 'נהריה', 'הרצליה', 'רמת גן', 'ראשון לציון', 'פתח תקווה', 'מודיעין', 'בית שמש', 'קיסריה', 'זכרון יעקב',
  'ירושלמ', 'תל אבוב', 'אמסטרדמ', 'ברצלונא',
];
const ENGLISH = [
  'Rome', 'Dead Sea', 'Tel Aviv', 'Jerusalem', 'Haifa', 'Eilat', 'Paris', 'London', 'Berlin', 'Amsterdam', 'Barcelona',
  'Prague', 'Budapest', 'Vienna', 'New York', 'Tuscany', 'Sea of Galilee', 'Beersheba', 'Netanya', 'Tiberias', 'Masada',
  'Athens', 'Lisbon', 'Madrid', 'Milan', 'Venice', 'Florence', 'Naples', 'Sicily', 'Crete', 'Cyprus', 'Italy', 'Greece',
  'Thailand', 'Japan', 'San Francisco', 'Santiago', 'Saint Petersburg', 'Salzburg', 'Munich', 'Zurich', 'Dubrovnik',
  'Jerusalm', 'Amsterdm', 'Barcelna', 'new yorx', 'Rome, Italy', 'Tel-Aviv', 'dead see', 'Lisbn',
];

/** Every keystroke of every name: "ר", "רו", "רומ", "רומא", ... */
const keystrokes = (names: string[]): string[] => names.flatMap((n) => Array.from({ length: [...n].length }, (_, i) => [...n].slice(0, i + 1).join('')));

const percentile = (xs: number[], p: number): number => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))] ?? 0;
};
const ms = (x: number) => Math.round(x * 100) / 100;
const summary = (name: string, xs: number[]) => ({ measure: name, n: xs.length, 'p50 ms': ms(percentile(xs, 50)), 'p99 ms': ms(percentile(xs, 99)), 'max ms': ms(Math.max(...xs)) });

async function rotate(name: string, base: string, paths: string[]): Promise<LoadResult> {
  const result = await autocannon({
    url: base,
    connections: 10,
    duration: 5,
    requests: paths.map((path) => ({ method: 'GET' as const, path })),
  });
  return { name, requestsPerSec: Math.round(result.requests.average), p50: result.latency.p50, p99: result.latency.p99, errors: result.errors + result.non2xx };
}

export async function placesBench(): Promise<void> {
  const he = keystrokes(HEBREW);
  const en = keystrokes(ENGLISH);
  const dataDir = mkdtempSync(join(tmpdir(), 'rides-bench-places-'));
  const config = loadConfig({ NODE_ENV: 'production', PUBLIC_URL: 'http://127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'silent', JWT_SECRET: 'b'.repeat(40) });
  const db = await openDatabase({ inMemory: true });
  await migrateDatabase(db);
  await loadDemoIfEmpty(db);

  // 1. The search alone.
  const local = createLocalPlaces({
    cacheDir: config.places.cacheDir,
    own: createPlacesRepository(db.db),
    log: { info: () => undefined, warn: console.warn, error: console.error },
  });
  const loadStart = performance.now();
  const info = await local.ready();
  const loadMs = Math.round(performance.now() - loadStart);
  const searchOnly = { hebrew: [] as number[], english: [] as number[] };
  for (let round = 0; round < 4; round += 1) {
    for (const [language, queries] of [['hebrew', he], ['english', en]] as const) {
      for (const q of queries) {
        const t = performance.now();
        await local.autocomplete(q, { language, limit: 6 });
        if (round > 0) searchOnly[language].push(performance.now() - t); // round 0 warms the JIT
      }
    }
  }

  // 2. Server time through the whole stack, sequential.
  const app = await buildApp({ config, db, mailer: createMailer(config.mail), logLevel: 'silent' });
  const serverTime = new Map<string, number[]>();
  let recording = false;
  app.addHook('onResponse', async (request, reply) => {
    if (!recording) return;
    const key = request.url.startsWith('/api/places_autocomplete') ? `autocomplete:${new URL(request.url, 'http://x').searchParams.get('language')}` : request.url;
    let list = serverTime.get(key);
    if (!list) serverTime.set(key, (list = []));
    list.push(reply.elapsedTime);
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
  const path = (q: string, language: string) => `/api/places_autocomplete?q=${encodeURIComponent(q)}&language=${language}`;
  for (let round = 0; round < 4; round += 1) {
    recording = round > 0; // round 0 loads the app's own gazetteer and warms the JIT
    for (const q of he) await (await fetch(base + path(q, 'hebrew'))).arrayBuffer();
    for (const q of en) await (await fetch(base + path(q, 'english'))).arrayBuffer();
    for (let i = 0; i < 200; i += 1) await (await fetch(`${base}/api/client_config`)).arrayBuffer();
  }
  recording = false;
  const sample = await (await fetch(base + path('רומא', 'hebrew'))).json() as { suggestions: { name: string; secondary: string }[] };

  console.log(`gazetteer: ${info.places} places, ${info.keys} search keys (${info.source}); loaded from its built file in ${loadMs} ms`);
  console.log(`"רומא" → ${sample.suggestions.slice(0, 3).map((s) => `${s.name} (${s.secondary})`).join(', ')}`);
  console.log(`queries: ${he.length} Hebrew and ${en.length} English keystrokes (prefixes of ${HEBREW.length} + ${ENGLISH.length} names, typos included)`);
  const heServer = serverTime.get('autocomplete:hebrew') ?? [];
  const enServer = serverTime.get('autocomplete:english') ?? [];
  table([
    summary('search alone, Hebrew', searchOnly.hebrew),
    summary('search alone, English', searchOnly.english),
    summary('server time GET /api/client_config (baseline)', serverTime.get('/api/client_config') ?? []),
    summary('server time GET /api/places_autocomplete, Hebrew', heServer),
    summary('server time GET /api/places_autocomplete, English', enServer),
  ]);

  // 3. Under load, beside a bare Fastify route.
  const bare = await startBareBaseline();
  const results: LoadResult[] = [];
  results.push(await rotate('bare fastify GET / (baseline)', bare.url, ['/']));
  results.push(await rotate('GET /api/places_autocomplete, Hebrew keystrokes', base, he.map((q) => path(q, 'hebrew'))));
  results.push(await rotate('GET /api/places_autocomplete, English keystrokes', base, en.map((q) => path(q, 'english'))));
  printVsBaseline(results);

  const p99 = Math.max(percentile(heServer, 99), percentile(enServer, 99));
  console.log(`bar (server time p99 < 20 ms, Hebrew and English, whole gazetteer): ${p99 < 20 && info.places >= 100_000 ? 'MET' : 'NOT MET'} (p99 ${ms(p99)} ms)`);
  await app.close();
  await bare.close();
  await db.close();
  rmSync(dataDir, { recursive: true, force: true });
}
