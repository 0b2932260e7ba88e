import { rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig, devices } from '@playwright/test';
import { CHROMIUM_PATH } from './support/browser-path.js';

/**
 * Browser tests against the built product and the real server (npm run test:e2e builds first).
 * Three product servers, each on its own copy of a fresh embedded demo database: "outbox" uses the default mail outbox (as `npm start` does),
 * "smtp" sends its mail to a real local SMTP server, and "editing" is for the specs that make and change trips
 * (trip-editing, trip-calendar-add-activity): a copy of a public trip is itself public and searchable, so on the
 * outbox server it would change what the search, home and global-map specs read, depending on which ran first.
 * They all start together once the demo database is made (support/servers.ts). Debian's Chromium is used; Playwright downloads nothing.
 *
 * Tests run in parallel (two workers by default, E2E_WORKERS to change it): every test makes its own accounts and trips
 * and reads only the seeded data, which no test on its server changes.
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

/** E2E_PORT_BASE moves every port (e.g. 4100: 4100 to 4103, 3525 to 3527), so two checkouts can run side by side. */
const shift = Number(process.env.E2E_PORT_BASE ?? 3100) - 3100;
/** support/servers.ts answers here once every server is up. */
const READY_PORT = 3100 + shift;
export const OUTBOX_PORT = 3101 + shift;
export const SMTP_APP_PORT = 3102 + shift;
export const EDITING_PORT = 3103 + shift;
export const SMTP_PORT = 2525 + shift;
export const SMTP_HTTP_PORT = 2526 + shift;
/** The editing server's own SMTP receiver: bookings forwarded to a trip's address (issue 34). */
export const INBOUND_SMTP_PORT = 2527 + shift;
export const INBOUND_MAIL_DOMAIN = 'in.rides.test';
export const outboxDataDir = join(runDir, 'outbox-data');

const serverJs = join(root, 'apps/server/dist/server.js');
const serverEnv = (port: number, dataDir: string, extra: Record<string, string> = {}) => {
  // The product under test always runs embedded, even when the unit tests use PostgreSQL. Playwright merges this
  // over process.env, so DATABASE_URL must be overridden (an empty value means "not set"), not just left out.
  return { DATABASE_URL: '', NODE_ENV: 'production', PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn', PUBLIC_URL: `http://127.0.0.1:${port}`, ...extra } as Record<string, string>;
};

export default defineConfig({
  testDir: join(here, 'tests'),
  outputDir: join(tmp, 'results'),
  // Two workers share two CPUs with the servers: a test's time is its own work and its share of the machine's. An axe
  // scan of a trip page alone takes 20 s or more on a busy machine; 30 s failed such tests (and their retry) there, and
  // 60 s the longer journeys (signing out with trips kept offline, a planner's delivery) on a machine at load 15.
  timeout: 90_000,
  expect: { timeout: 10_000 },
  fullyParallel: true,
  workers: Number(process.env.E2E_WORKERS ?? 2),
  retries: process.env.CI ? 1 : 0,
  reporter: [['list']],
  use: {
    baseURL: `http://127.0.0.1:${OUTBOX_PORT}`,
    // Recording a trace costs every test about a quarter of its CPU (screencast frames, snapshots); a failure is run
    // again (retries: 1 in CI) and that run records one.
    trace: 'on-first-retry',
    // No animations to paint: a test checks what is shown, not how it moves (about 8 % of a test's CPU).
    reducedMotion: 'reduce',
    // No service worker unless a spec asks for one (offline, trip-lists): the app registers /sw.js after every first
    // load and it precaches about 400 files, in every test's new context. Blocked, two of the dearest specs took 22 %
    // less time and 26 % less CPU (decision 0059, addendum). The specs about offline allow it and prove the worker.
    serviceWorkers: 'block',
    launchOptions: {
      executablePath: CHROMIUM_PATH,
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
    },
  },
  // A scenario tagged @phone runs on a phone too. One written for both languages (a describe titled "... (he)" and
  // "... (en)") runs in Hebrew on a desktop and in English on a phone: both languages and both widths, half the runs.
  // Scenarios not tagged @phone run on a desktop in every language they are written for.
  projects: [
    { name: 'desktop', use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 } }, grepInvert: /\(en\).*@phone/ },
    { name: 'phone', use: { ...devices['Pixel 7'], viewport: { width: 390, height: 844 } }, grep: /@phone/, grepInvert: /\(he\)/ },
  ],
  webServer: {
    command: `node --import tsx ${join(here, 'support/servers.ts')} ${READY_PORT}`,
    url: `http://127.0.0.1:${READY_PORT}/`,
    env: {
      E2E_SERVERS: JSON.stringify([
        { name: 'smtp sink', args: ['--import', 'tsx', join(here, 'support/smtp-sink.ts'), String(SMTP_PORT), String(SMTP_HTTP_PORT)], env: {}, url: `http://127.0.0.1:${SMTP_HTTP_PORT}/messages` },
        { name: 'outbox', args: [serverJs], env: serverEnv(OUTBOX_PORT, outboxDataDir), url: `http://127.0.0.1:${OUTBOX_PORT}/api/health`, seeded: true },
        {
          name: 'smtp',
          args: [serverJs],
          env: serverEnv(SMTP_APP_PORT, join(runDir, 'smtp-data'), {
            SMTP_URL: `smtp://127.0.0.1:${SMTP_PORT}`,
            OWNER_EMAIL: 'owner@rides.test',
            // trip-details.spec: a trip whose page hides its summary area (000 §2).
            SUMMARY_HIDDEN_RIDE_IDS: '183',
          }),
          url: `http://127.0.0.1:${SMTP_APP_PORT}/api/health`,
          seeded: true,
        },
        {
          name: 'editing',
          args: [serverJs],
          // Behind a "proxy": the specs' API set-up calls each come from their own X-Forwarded-For address
          // (support/session.ts), so the per-address limits on registering and signing in are not reached by a run.
          env: serverEnv(EDITING_PORT, join(runDir, 'editing-data'), {
            TRUST_PROXY: 'true',
            INBOUND_SMTP_PORT: String(INBOUND_SMTP_PORT),
            INBOUND_SMTP_HOST: '127.0.0.1',
            INBOUND_MAIL_DOMAIN,
          }),
          url: `http://127.0.0.1:${EDITING_PORT}/api/health`,
          seeded: true,
        },
      ]),
    },
    reuseExistingServer: false,
    // The demo database is made once and copied to each server (support/servers.ts): 15 s on a quiet machine, over
    // 120 s on one busy with other work (runs failed before the first test). The wait ends as soon as all answer.
    timeout: 300_000,
    cwd: root,
  },
});
