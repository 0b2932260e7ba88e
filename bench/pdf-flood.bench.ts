import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { signSessionToken } from '../apps/server/src/lib/tokens.js';
import { median, sleep, startBuiltServer, stopProcess, table, time } from './lib.js';
import { addLongTrips } from './pdf.bench.js';

/**
 * Issue 31 point 1's bar (decision 0050), on the built server as `npm start` runs it with one render worker (as on two
 * cores: PDF_POOL_SIZE is not a setting, so the bench runs where the CPUs give one, or says how many it had):
 *  - a flood of 34 concurrent exports of a public 60-day trip (10 activities a day) from one address; meanwhile the
 *    demo trip's author exports their own 14-day trip (bar < 3 s), and a visitor from another address exports it too;
 *  - the flood's clients hang up; an export sent at that moment: its time less the same export alone on a warm worker
 *    is the time the hung-up work still held the worker (bar: free within 1 s); the worker's start is shown beside it
 *    (a cancelled render ends its worker: the next document starts a fresh one).
 * Baselines in the same run: the 14-day export alone (median of 5), the 60-day export alone. BENCH_SERVER_JS measures
 * another build (an older commit's, for the before figures).
 */
const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const serverJs = process.env.BENCH_SERVER_JS ?? join(root, 'apps/server/dist/server.js');
const FLOOD = 34;
const FLOOD_ADDRESS = '203.0.113.9';
const JWT_SECRET = 'bench-flood-secret-'.padEnd(48, 'x');

export async function pdfFloodBench(): Promise<void> {
  if (!existsSync(serverJs)) {
    console.log('pdf-flood: skipped (run npm run build first: it measures the built server as npm start runs it)');
    return;
  }
  const dataDir = mkdtempSync(join(tmpdir(), 'rides-bench-flood-'));
  const load1 = () =>
    loadavg()
      .map((x) => x.toFixed(1))
      .join(' ');
  try {
    const ids = await addLongTrips(dataDir);
    const token = await signSessionToken(new TextEncoder().encode(JWT_SECRET), 1, { ...ids.author, tokenVersion: 0 });
    console.log(`server: ${serverJs}; load average at the start: ${load1()}`);
    const { proc, base } = await startBuiltServer(serverJs, { DATA_DIR: dataDir, TRUST_PROXY: 'true', JWT_SECRET });
    try {
      let client = 1;
      /** One export; its status (0 when this client hung up). Each from an address of its own unless one is given. */
      const exportPdf = (rideId: number, opts: { address?: string; planner?: boolean; signal?: AbortSignal } = {}) =>
        fetch(`${base}/generate-trip-pdf`, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            'x-forwarded-for': opts.address ?? `10.1.${(client >> 8) & 255}.${client++ & 255}`,
            ...(opts.planner ? { authorization: `Bearer ${token}` } : {}),
          },
          body: JSON.stringify({ rideId }),
          signal: opts.signal,
        }).then(
          async (r) => {
            await r.arrayBuffer();
            return r.status;
          },
          (err: Error) => {
            if (err.name === 'AbortError') return 0;
            throw err;
          },
        );
      const expect200 = async (status: Promise<number>) => {
        const s = await status;
        if (s !== 200) throw new Error(`generate-trip-pdf answered ${s}`);
      };

      const [, firstMs] = await time(() => expect200(exportPdf(ids.demo, { planner: true }))); // starts the worker
      const alone: number[] = [];
      for (let i = 0; i < 5; i++) alone.push((await time(() => expect200(exportPdf(ids.demo, { planner: true }))))[1]);
      const [, longMs] = await time(() => expect200(exportPdf(ids.long)));

      // The flood: 34 at once from one address, each a client that can hang up.
      const clients = Array.from({ length: FLOOD }, () => new AbortController());
      const statuses: number[] = [];
      const flood = clients.map((c) =>
        exportPdf(ids.long, { address: FLOOD_ADDRESS, signal: c.signal }).then((s) => (statuses.push(s), s)),
      );
      await sleep(300); // the flood's requests in the server: its share in the line, the rest refused
      // The planner and a visitor at once: both before the flood's waiting document, the planner first. Their answers
      // are shown, not required (an older build answers 503 here).
      const [[plannerStatus, plannerMs], [visitorStatus, visitorMs]] = await Promise.all([
        time(() => exportPdf(ids.demo, { planner: true })),
        time(() => exportPdf(ids.demo)),
      ]);
      const before = [...statuses];

      // The flood hangs up; an export sent at that moment.
      for (const c of clients) c.abort();
      const [afterStatus, afterAbortMs] = await time(() => exportPdf(ids.demo, { planner: true }));
      await Promise.all(flood);
      const count = (s: number) => before.filter((x) => x === s).length;

      table([
        { what: 'first export of the process (starts the render worker)', ms: firstMs, bar: '' },
        { what: 'baseline: the 14-day export by its planner alone (median of 5)', ms: median(alone), bar: '' },
        { what: 'baseline: the 60-day export alone', ms: longMs, bar: '' },
        {
          what: `the planner's 14-day export during ${FLOOD} 60-day exports from one address (HTTP ${plannerStatus})`,
          ms: plannerMs,
          bar: '< 3000',
        },
        { what: `a visitor's 14-day export (another address) during the flood (HTTP ${visitorStatus})`, ms: visitorMs, bar: '' },
        { what: `an export sent when the flood hangs up (HTTP ${afterStatus})`, ms: afterAbortMs, bar: '' },
        {
          what: 'the hung-up flood held the worker for (that, less the baseline)',
          ms: Math.max(0, afterAbortMs - median(alone)),
          bar: '< 1000',
        },
        { what: 'the flood before it hung up: 200 / 429 / 503 answers', ms: `${count(200)} / ${count(429)} / ${count(503)}`, bar: '' },
      ]);
      console.log(`load average at the end: ${load1()}`);
    } finally {
      await stopProcess(proc);
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}
