import { fuzzCall, seedOf } from '../apps/server/test/helpers/fuzz.js';
import { createFuzzTarget } from '../apps/server/test/helpers/fuzz-app.js';
import { table } from './lib.js';

/**
 * The long fuzz of the whole contract, for before a release (decision 0026): the generator and the checks of
 * apps/server/test/api/fuzz.test.ts, with FUZZ_RUNS requests per call and client (default 500: about 100,000
 * requests, minutes) as a visitor, the demo planner and the demo traveller, on a new seed each time (FUZZ_SEED to
 * replay one). On the embedded database, or on PostgreSQL when DATABASE_URL is set (a throwaway database).
 * Prints the answers by status class per call and every failure found; the exit code is 1 when there is one.
 */
export async function fuzzBench(): Promise<void> {
  const runs = Number(process.env.FUZZ_RUNS ?? 500);
  const seed = Number(process.env.FUZZ_SEED ?? Math.floor(Math.random() * 2 ** 31));
  console.log(`seed ${seed} (FUZZ_SEED=${seed} replays this run), ${runs} requests per call and client`);
  const target = await createFuzzTarget({ traveller: true });
  const rows: Record<string, string | number>[] = [];
  const failures: string[] = [];
  const started = performance.now();
  let requests = 0;
  try {
    for (const call of target.calls) {
      const byClass: Record<string, number> = { '2xx': 0, '3xx': 0, '4xx': 0, '5xx': 0 };
      const callStarted = performance.now();
      for (const client of target.clients) {
        const found = await fuzzCall(target.t.app, call, {
          ctx: target.ctx,
          authorization: await client.authorization(),
          seed: seedOf(`${client.who} ${call.name}`, seed),
          numRuns: runs,
          maxFailures: 5,
          onAnswer: (res) => {
            requests += 1;
            const key = `${Math.floor(res.statusCode / 100)}xx`;
            byClass[key] = (byClass[key] ?? 0) + 1;
          },
        });
        failures.push(...found.map((f) => `${call.name} as ${client.who}: ${f}`));
      }
      rows.push({ call: call.name, ...byClass, ms: Math.round(performance.now() - callStarted) });
    }
    const health = await target.t.app.inject({ method: 'GET', url: '/api/health' });
    if (health.statusCode !== 200) failures.push(`/api/health answered ${health.statusCode} after the fuzz`);
  } finally {
    await target.t.dispose();
  }
  table(rows);
  const seconds = (performance.now() - started) / 1000;
  console.log(`${requests} requests in ${seconds.toFixed(0)} s (${Math.round(requests / seconds)} per second), ${failures.length} failures`);
  for (const failure of failures) console.log(`FAIL ${failure}`);
  if (failures.length) process.exitCode = 1;
}
