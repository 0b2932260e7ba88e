import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp } from '../apps/server/src/app.js';
import { loadConfig } from '../apps/server/src/config.js';
import { openDatabase } from '../apps/server/src/db/client.js';
import { migrateDatabase } from '../apps/server/src/db/migrate.js';
import { loadDemoIfEmpty } from '../apps/server/src/db/seed/index.js';
import { createMailer } from '../apps/server/src/providers/mail/index.js';
import { load, median, printVsBaseline, startBareBaseline, time, type LoadResult } from './lib.js';

/**
 * HTTP throughput of our stack against a bare Fastify route on the same machine, in the same run
 * (DESIGN.md §6 states its bars as such ratios). Loopback only, bounded in time.
 */
export async function httpBench(): Promise<void> {
  const bare = await startBareBaseline();
  const bareUrl = bare.url;

  const dataDir = mkdtempSync(join(tmpdir(), 'rides-bench-'));
  const config = loadConfig({ NODE_ENV: 'production', PUBLIC_URL: 'http://127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'silent', JWT_SECRET: 'b'.repeat(40) });
  const db = await openDatabase({ dataDir });
  await migrateDatabase(db);
  await loadDemoIfEmpty(db);
  const app = await buildApp({ config, db, mailer: createMailer(config.mail), logLevel: 'silent' });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;

  const results: LoadResult[] = [];
  results.push(await load('bare fastify GET / (baseline)', bareUrl));
  results.push(await load('GET /api/client_config (our plugins, no db)', `${base}/api/client_config`));
  results.push(await load('GET /api/health (one db round trip, PGlite)', `${base}/api/health`));
  results.push(await load('GET / (the web app shell)', `${base}/`));
  printVsBaseline(results);
  // Sign-in is bound by argon2id on purpose, and rate limited per client (30 a minute): time a few in a row.
  const loginMs: number[] = [];
  for (let i = 0; i < 10; i++) {
    const [res, ms] = await time(() =>
      fetch(`${base}/api/app_login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'traveller@demo.rides.local', password: 'demo1234' }),
      }),
    );
    if (res.status !== 200) throw new Error(`login answered ${res.status}`);
    loginMs.push(ms);
  }
  console.log(`POST /api/app_login (argon2id verify + device record + token): median ${median(loginMs)} ms over 10 sequential sign-ins`);
  await app.close();
  await bare.close();
  await db.close();
  rmSync(dataDir, { recursive: true, force: true });
}
