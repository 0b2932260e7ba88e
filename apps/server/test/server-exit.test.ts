import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

/**
 * The started server always exits (issue 15 point 9, decision 0026). Started as `npm start` is, its output piped
 * to a parent that goes away at the moment of SIGTERM (a test harness, a log shipper, a supervisor), the server
 * used to loop for ever in the logger's synchronous retry of write(1) -> EPIPE, about one run in two. Each run
 * here starts the real server (tsx, embedded database, one data folder for all runs), waits for it to listen,
 * sends it requests, SIGTERM, and closes the reading end of its output at once, then waits for the exit: a clean
 * one (code 0, the shutdown finished) within the shutdown deadline.
 */
const serverDir = join(import.meta.dirname, '..');
const dataDir = mkdtempSync(join(tmpdir(), 'rides-exit-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

/** The server's shutdown deadline (server.ts) and a margin for a loaded machine. */
const EXIT_WITHIN_MS = 10_000 + 5_000;
const RUNS = 8;

function startServer(): ChildProcess {
  return spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
    cwd: serverDir,
    env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', HOST: '127.0.0.1', PORT: '0', LOG_LEVEL: 'info' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}

/** Resolves with the output read so far once the server says it runs (after "Server listening at <url>"). */
function listening(child: ChildProcess): Promise<string> {
  return new Promise((resolve, reject) => {
    let out = '';
    let err = '';
    child.stderr!.on('data', (chunk: Buffer) => (err += chunk.toString()));
    const onData = (chunk: Buffer) => {
      out += chunk.toString();
      if (out.includes('rides is running')) {
        child.stdout!.off('data', onData);
        resolve(out);
      }
    };
    child.stdout!.on('data', onData);
    child.once('exit', (code) => reject(new Error(`the server ended before listening (code ${code}): ${err}`)));
  });
}

/** The address the server listens at, from Fastify's "Server listening at" line (PORT=0 picks a free port). */
function serverUrl(output: string): string {
  const url = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(output)?.[1];
  if (!url) throw new Error(`no listening address in: ${output}`);
  return url;
}

/** Resolves with the exit code (or signal), or 'still running' after `ms`. */
function exited(child: ChildProcess, ms: number): Promise<string> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve(String(child.exitCode ?? child.signalCode));
    const timer = setTimeout(() => resolve('still running'), ms);
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      resolve(String(code ?? signal));
    });
  });
}

// The server runs on the embedded database here; the postgres project would only repeat the same runs.
describe.skipIf(Boolean(process.env.DATABASE_URL))('the started server exits', () => {
  it(
    'within its deadline when its output is gone at the moment of SIGTERM, run after run',
    async () => {
      for (let run = 1; run <= RUNS; run++) {
        const child = startServer();
        try {
          const url = serverUrl(await listening(child));
          // Requests in flight when the signal comes: their log lines queue behind the shutdown's.
          for (let i = 0; i < 20; i++) fetch(`${url}/api/health`).catch(() => undefined);
          child.kill('SIGTERM');
          child.stdout!.destroy();
          expect({ run, exit: await exited(child, EXIT_WITHIN_MS) }).toEqual({ run, exit: '0' });
        } finally {
          child.kill('SIGKILL');
        }
      }
    },
    RUNS * (EXIT_WITHIN_MS + 60_000),
  );

  it(
    'and keeps its log lines when the output is read to the end',
    async () => {
      const child = startServer();
      try {
        const started = await listening(child);
        expect(started).toMatch(/"msg":"rides is running"/);
        let rest = '';
        child.stdout!.on('data', (chunk: Buffer) => (rest += chunk.toString()));
        child.kill('SIGTERM');
        expect(await exited(child, EXIT_WITHIN_MS)).toBe('0');
        // Every line is whole JSON, and the shutdown's own line made it out before the exit.
        const lines = (started + rest).trim().split('\n');
        expect(lines.map((line) => JSON.parse(line) as { msg: string }).map((l) => l.msg)).toContain('shutting down');
      } finally {
        child.kill('SIGKILL');
      }
    },
    EXIT_WITHIN_MS + 60_000,
  );

  it(
    'with its PDF workers running: the export being made is answered, then it exits',
    async () => {
      const child = startServer();
      try {
        let out = await listening(child);
        child.stdout!.on('data', (chunk: Buffer) => (out += chunk.toString()));
        const url = serverUrl(out);
        const exportPdf = () =>
          fetch(`${url}/api/generate-trip-pdf`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ rideId: 1 }),
          });
        // The first export starts the render worker.
        expect((await exportPdf()).status).toBe(200);
        const second = exportPdf().then(async (r) => [r.status, Buffer.from(await r.arrayBuffer()).subarray(0, 5).toString()]);
        // SIGTERM once the server has the second request (its log line), while the worker makes the document. The
        // client keeps its connection alive (fetch does): the answer must close it, or the shutdown waits on it.
        await expect
          .poll(() => out.split('\n').filter((l) => l.includes('"url":"/api/generate-trip-pdf"')).length, { timeout: 30_000 })
          .toBe(2);
        child.kill('SIGTERM');
        expect(await second).toEqual([200, '%PDF-']);
        expect(await exited(child, EXIT_WITHIN_MS)).toBe('0');
      } finally {
        child.kill('SIGKILL');
      }
    },
    EXIT_WITHIN_MS + 120_000,
  );

  it('even when its main thread is stuck: the watchdog kills it', async () => {
    // A process that arms the watchdog, then never gives its event loop back (as the logger's loop did).
    const script = `import { armExitWatchdog } from './src/lib/exit-watchdog.ts'; armExitWatchdog(300); for (;;) {}`;
    const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { cwd: serverDir, stdio: 'ignore' });
    try {
      expect(await exited(child, EXIT_WITHIN_MS)).toBe('SIGKILL');
    } finally {
      child.kill('SIGKILL');
    }
  });
});
