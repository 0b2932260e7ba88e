import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { buildApp } from '../../src/app.js';
import { loadConfig, type Config, type Env } from '../../src/config.js';
import type { DbHandle } from '../../src/db/client.js';
import type { RenderPoolOptions } from '../../src/modules/pdf/render-pool.js';
import { createMailer, type Mailer } from '../../src/providers/mail/index.js';
import { createTestDatabase, type TestDatabase } from './db.js';

export const TEST_JWT_SECRET = 'test-secret-'.padEnd(48, 'x');
export const TEST_PUBLIC_URL = 'https://rides.test';

export interface TestApp {
  app: FastifyInstance;
  db: DbHandle;
  config: Config;
  mailer: Mailer;
  dataDir: string;
  outboxDir: string;
  dispose(): Promise<void>;
}

/**
 * The real application on a fresh, migrated, empty database (PGlite in memory, or a throwaway PostgreSQL
 * database when DATABASE_URL is set) with its own temporary DATA_DIR. Mail goes to DATA_DIR/outbox unless
 * SMTP_URL is given. `env` is layered over the test defaults; pass `undefined` to unset a default.
 */
export async function createTestApp(
  env: Partial<Record<keyof Env, string | undefined>> = {},
  opts: {
    logStream?: NodeJS.WritableStream;
    pdfPool?: RenderPoolOptions;
    /** The database to run on instead of a new one (e.g. one reached through a proxy a test cuts); disposed with the app. */
    database?: () => Promise<TestDatabase>;
  } = {},
): Promise<TestApp> {
  const dataDir = await mkdtemp(join(tmpdir(), 'rides-api-test-'));
  let config: Config;
  try {
    config = loadConfig({
      NODE_ENV: 'test',
      DATA_DIR: dataDir,
      JWT_SECRET: TEST_JWT_SECRET,
      LOG_LEVEL: 'silent',
      PUBLIC_URL: TEST_PUBLIC_URL,
      // The API tests do not depend on whether the web app was built, unless a test says so.
      WEB_DIST: join(dataDir, 'no-web-dist'),
      // No test reaches the real rates sources: a test of rates names its local server (RATES_PROVIDER, RATES_URL).
      RATES_PROVIDER: 'none',
      ...env,
    });
  } catch (err) {
    await rm(dataDir, { recursive: true, force: true });
    throw err;
  }
  const parts: { db?: TestDatabase; mailer?: Mailer; app?: FastifyInstance } = {};
  const dispose = async () => {
    await parts.app?.close();
    await parts.mailer?.close();
    await parts.db?.dispose();
    await rm(dataDir, { recursive: true, force: true });
  };
  try {
    const db = (parts.db = await (opts.database ?? createTestDatabase)());
    const mailer = (parts.mailer = createMailer(config.mail));
    const app = (parts.app = await buildApp({
      config,
      db,
      mailer,
      ...(opts.logStream ? { logStream: opts.logStream } : { logLevel: 'silent' }),
      ...(opts.pdfPool ? { pdfPool: opts.pdfPool } : {}),
    }));
    await app.ready();
    return { app, db, config, mailer, dataDir, outboxDir: config.mail.outboxDir, dispose };
  } catch (err) {
    // Leave nothing behind when the app cannot be built.
    await dispose().catch(() => undefined);
    throw err;
  }
}

/** One mail written by the outbox mailer. */
export interface OutboxMail {
  date: string;
  from: string;
  to: string;
  subject: string;
  text: string;
  html?: string;
  replyTo?: string;
}

/** Every mail in the outbox folder, oldest first (file names start with the ISO date). */
export async function readOutbox(outboxDir: string): Promise<OutboxMail[]> {
  let names: string[];
  try {
    names = (await readdir(outboxDir)).filter((n) => n.endsWith('.json')).sort();
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw err;
  }
  return Promise.all(
    names.map(async (n) => JSON.parse(await readFile(join(outboxDir, n), 'utf8')) as OutboxMail),
  );
}

/** The mails of the outbox addressed to one recipient. */
export const mailsTo = async (outboxDir: string, to: string) =>
  (await readOutbox(outboxDir)).filter((m) => m.to === to);

/**
 * A different client address for every call. Sign-in, registration, reset and contact are rate limited per
 * address (and sign-in locks per address), so tests that are not about those limits use a fresh address each.
 */
let ipCounter = 0;
export function nextIp(): string {
  ipCounter += 1;
  return `10.${(ipCounter >> 16) & 255}.${(ipCounter >> 8) & 255}.${ipCounter & 255}`;
}

/** POSTs JSON from a fresh client address (or the one given). */
export function postJson(
  app: FastifyInstance,
  url: string,
  payload: unknown,
  opts: { ip?: string; headers?: Record<string, string> } = {},
): Promise<LightMyRequestResponse> {
  const request: InjectOptions = {
    method: 'POST',
    url,
    payload: payload as InjectOptions['payload'],
    remoteAddress: opts.ip ?? nextIp(),
    headers: { 'content-type': 'application/json', ...opts.headers },
  };
  return app.inject(request);
}

let userCounter = 0;
/** A unique address for this test run. */
export function uniqueEmail(prefix = 'user'): string {
  userCounter += 1;
  return `${prefix}.${userCounter}.${process.pid}@example.com`;
}

/** Registers a user and answers the login response body (asserting it worked). */
export async function registerUser(
  app: FastifyInstance,
  user: { email?: string; password?: string; userName?: string } = {},
): Promise<{ email: string; password: string; userName: string; token: string }> {
  const email = user.email ?? uniqueEmail();
  const password = user.password ?? 'secret-123';
  const userName = user.userName ?? 'Dana';
  const res = await postJson(app, '/api/register_new_user_api', { email, password, userName });
  if (res.statusCode !== 200) throw new Error(`register failed: ${res.statusCode} ${res.body}`);
  return {
    email: email.trim().toLowerCase(),
    password,
    userName,
    token: res.json<{ token: string }>().token,
  };
}
