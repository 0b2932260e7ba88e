import { spawn, type ChildProcess } from 'node:child_process';
import { request as httpRequest } from 'node:http';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { PLACES_CACHE_DIR } from '../../src/config.js';
import { buildGazetteerFile } from '../../src/providers/places/local/gazetteer-store.js';

/**
 * The real server as its own process (`node --import tsx src/server.ts`, what `npm run dev` runs), for the tests that
 * need several processes or a kill: started on a free port of 127.0.0.1, ready once /api/health answers, its output
 * kept for the failure message.
 */
export interface ServerProcess {
  readonly base: string;
  readonly child: ChildProcess;
  /** What it printed so far (stdout and stderr). */
  output(): string;
  /** SIGTERM (or the given signal), then waits for the exit. */
  stop(signal?: NodeJS.Signals): Promise<void>;
}

const serverDir = join(import.meta.dirname, '../..');

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

/**
 * The gazetteer file every server loads after it listens: made once here if missing (or of an older format), so
 * servers started together do not each build it, their event loops busy for many seconds.
 */
let gazetteer: Promise<unknown> | undefined;

export async function startServer(env: Record<string, string>, opts: { readyWithinMs?: number } = {}): Promise<ServerProcess> {
  await (gazetteer ??= buildGazetteerFile(PLACES_CACHE_DIR));
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
    cwd: serverDir,
    env: { ...process.env, NODE_ENV: 'test', LOG_LEVEL: 'warn', HOST: '127.0.0.1', PORT: String(port), PUBLIC_URL: base, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout?.on('data', (chunk: Buffer) => (out += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (out += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const server: ServerProcess = {
    base,
    child,
    output: () => out,
    async stop(signal = 'SIGTERM') {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      await exited;
    },
  };
  const deadline = Date.now() + (opts.readyWithinMs ?? 40_000);
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) throw new Error(`the server exited before it was ready:\n${out}`);
    if (Date.now() > deadline) {
      await server.stop('SIGKILL');
      throw new Error(`the server was not ready in time:\n${out}`);
    }
    const health = await send(base, 'GET', '/api/health').catch(() => null);
    if (health?.status === 200) return server;
    await new Promise((r) => setTimeout(r, 100));
  }
}

export interface Answer {
  status: number;
  body: unknown;
  text: string;
}

/** One HTTP request (node:http, so the Host header can be chosen); a JSON body when `json` is given. */
export function send(
  base: string,
  method: 'GET' | 'POST' | 'DELETE',
  path: string,
  opts: { headers?: Record<string, string>; json?: unknown; raw?: { type: string; body: string } } = {},
): Promise<Answer> {
  const headers: Record<string, string> = { ...opts.headers };
  let body: string | undefined;
  if (opts.json !== undefined) {
    body = JSON.stringify(opts.json);
    headers['content-type'] = 'application/json';
  } else if (opts.raw) {
    body = opts.raw.body;
    headers['content-type'] = opts.raw.type;
  }
  if (body !== undefined) headers['content-length'] = String(Buffer.byteLength(body));
  return new Promise((resolve, reject) => {
    const req = httpRequest(`${base}${path}`, { method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        let parsed: unknown = null;
        try {
          parsed = JSON.parse(text);
        } catch {
          parsed = null;
        }
        resolve({ status: res.statusCode ?? 0, body: parsed, text });
      });
      res.on('error', reject);
    });
    req.on('error', reject);
    req.setTimeout(15_000, () => req.destroy(new Error(`${method} ${path}: no answer in 15 s`)));
    if (body !== undefined) req.write(body);
    req.end();
  });
}
