import { rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig, devices } from '@playwright/test';

/**
 * Browser tests against the built product and the real server (npm run test:e2e builds first).
 * Two servers, each on a fresh embedded database: "outbox" uses the default mail outbox (as `npm start` does),
 * "smtp" sends its mail to a real local SMTP server. Debian's Chromium is used; Playwright downloads nothing.
 */
const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, '..');
const tmp = join(here, '.tmp');
// One folder per run. The config is evaluated again in every worker (and possibly other helper processes),
// which inherit this variable, so they all agree on the folder; only the first evaluation clears old runs.
if (!process.env.E2E_RUN_DIR) {
  rmSync(tmp, { recursive: true, force: true });
  process.env.E2E_RUN_DIR = join(tmp, `run-${Date.now()}`);
}
const runDir = process.env.E2E_RUN_DIR;

/** E2E_PORT_BASE moves every port (e.g. 4100: 4101, 4102, 4525, 4526), so two checkouts can run side by side. */
const shift = Number(process.env.E2E_PORT_BASE ?? 3100) - 3100;
export const OUTBOX_PORT = 3101 + shift;
export const SMTP_APP_PORT = 3102 + shift;
export const SMTP_PORT = 2525 + shift;
export const SMTP_HTTP_PORT = 2526 + shift;
export const outboxDataDir = join(runDir, 'outbox-data');

const serverEnv = (port: number, dataDir: string, extra: Record<string, string> = {}) => {
  // The product under test always runs embedded, even when the unit tests use PostgreSQL. Playwright merges this
  // over process.env, so DATABASE_URL must be overridden (an empty value means "not set"), not just left out.
  return { DATABASE_URL: '', NODE_ENV: 'production', PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn', PUBLIC_URL: `http://127.0.0.1:${port}`, ...extra } as Record<string, string>;
};

export default defineConfig({
  testDir: join(here, 'tests'),
  outputDir: join(tmp, 'results'),
  timeout: 30_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  reporter: [['list']],
  use: {
    baseURL: `http://127.0.0.1:${OUTBOX_PORT}`,
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
    },
  },
  projects: [
    { name: 'desktop', use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 } } },
    { name: 'phone', use: { ...devices['Pixel 7'], viewport: { width: 390, height: 844 } }, grep: /@phone/ },
  ],
  webServer: [
    {
      command: `node --import tsx ${join(here, 'support/smtp-sink.ts')} ${SMTP_PORT} ${SMTP_HTTP_PORT}`,
      url: `http://127.0.0.1:${SMTP_HTTP_PORT}/messages`,
      reuseExistingServer: false,
      cwd: root,
    },
    {
      command: `node ${join(root, 'apps/server/dist/server.js')}`,
      url: `http://127.0.0.1:${OUTBOX_PORT}/api/health`,
      env: serverEnv(OUTBOX_PORT, outboxDataDir),
      reuseExistingServer: false,
      timeout: 60_000,
      cwd: root,
    },
    {
      command: `node ${join(root, 'apps/server/dist/server.js')}`,
      url: `http://127.0.0.1:${SMTP_APP_PORT}/api/health`,
      env: serverEnv(SMTP_APP_PORT, join(runDir, 'smtp-data'), {
        SMTP_URL: `smtp://127.0.0.1:${SMTP_PORT}`,
        OWNER_EMAIL: 'owner@rides.test',
      }),
      reuseExistingServer: false,
      timeout: 60_000,
      cwd: root,
    },
  ],
});
