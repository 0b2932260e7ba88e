import { availableParallelism } from 'node:os';
import { configDefaults, defineConfig } from 'vitest/config';

/**
 * One Vitest run for the whole repository (`npm run test:unit`). Tests sit beside each package in test/.
 * Forks, not threads: PGlite (WASM) and the native argon2 binding are happiest in separate processes,
 * and a crashed worker cannot take the others down.
 *
 * Every test runs on the embedded database (PGlite). When DATABASE_URL is set (CI sets it to the machine's
 * PostgreSQL) the server's tests run a second time, on PostgreSQL, as the "postgres" project — all but the few
 * files below that open no database at all, or whose SQL another file proves on both, which would only repeat
 * themselves (the rule: decision 0060).
 *
 * Workers: Vitest's default is one less than the CPUs, a single worker on a 2-CPU machine. Much of a test file's
 * time is spent waiting (on the PostgreSQL server, on the timers of the timeout and retry tests), so the files run
 * as many at a time as there are CPUs (VITEST_MAX_WORKERS to change it). The few files that measure time against
 * a tight limit (a fake outside service given 300 ms, the CLI started with tsx, a database reopened from disk) run
 * afterwards, one file at a time, as they always did: the "timing" projects.
 *
 * No project but the timing ones isolates its files: each worker imports the modules once for all its files instead
 * of once a file. The web app's and the contract's tests are pure units (175 s -> 57 s for those files on a busy
 * machine, nearly all of it imports). Every server test file builds its own app on its own database
 * (test/helpers/app.ts) and the server keeps no module-level state a test changes, so the server's files need no
 * isolation either: importing the whole app once a file was 349 s of a 13-minute CI run; without isolation the
 * search folder took half the CPU (175 -> 88 s) and the whole PGlite project imports in 54 s.
 */
const postgresUrl = process.env.DATABASE_URL;
const maxWorkers = Number(process.env.VITEST_MAX_WORKERS ?? availableParallelism());
const common = { testTimeout: 30_000, hookTimeout: 60_000, pool: 'forks' as const };

/** Server test files that use no database (no test app, no test database): run once, in the "pglite" project. */
const withoutDatabase = [
  'apps/server/test/seed-data.test.ts',
  'apps/server/test/lib/sanitize-html.test.ts',
  'apps/server/test/lib/log-output.test.ts',
  'apps/server/test/lib/after-answer.test.ts',
  'apps/server/test/lib/login-throttle.test.ts',
  'apps/server/test/places/gazetteer.test.ts',
  'apps/server/test/places/normalize.test.ts',
  'apps/server/test/places/own-index-cache.test.ts',
  'apps/server/test/places/real-data.test.ts',
  'apps/server/test/places/gazetteer-answers.test.ts',
  'apps/server/test/places/google-opening-hours.test.ts',
  'apps/server/test/providers/storage.test.ts',
  'apps/server/test/pdf/bidi-lines.test.ts',
  'apps/server/test/pdf/render-pool.test.ts',
  'apps/server/test/lib/fair-queue.test.ts',
  'apps/server/test/photos/heic-pool-fair.test.ts',
  'apps/server/test/lib/texts.test.ts',
  'apps/server/test/trip-export/ics-lines.test.ts',
  // The pure access policies (decision 0056).
  'apps/server/test/access/edit-policy.test.ts',
  'apps/server/test/access/policies.test.ts',
  'apps/server/test/access/trip-live-policy.test.ts',
  'apps/server/test/access/edit-clash.test.ts',
  'apps/server/test/access/lineage-policy.test.ts',
  // Living copies' day ids and content (issue 37, decision 0075).
  'apps/server/test/lineage/trip-content.test.ts',
  'apps/server/test/attraction-uniqueness/rules.test.ts',
  // The licence check's SPDX logic (scripts/licences.ts, decision 0057).
  'apps/server/test/lib/licences.test.ts',
  // PGlite's own settings: the same test whichever database the others use.
  'apps/server/test/db/pglite-settings.test.ts',
  // A lost database's error classes, availability and listener, with fakes (decision 0051).
  'apps/server/test/db/database-lost.test.ts',
  // Found running on PostgreSQL too though they open no database (decision 0060): the PDF document, mails, rules.
  'apps/server/test/pdf/trip-document.test.ts',
  'apps/server/test/providers/mail-bidi.test.ts',
  'apps/server/test/attraction-uniqueness/rules.test.ts',
  'apps/server/test/lib/billing-csv.test.ts',
  // A trip's home currency and the bookings offered as expenses (issue 35): pure rules.
  'apps/server/test/money/home-currency.test.ts',
  // The booking readers are pure (issue 34): text in, reservations out.
  'apps/server/test/bookings/schema-org.test.ts',
  'apps/server/test/bookings/ics.test.ts',
  'apps/server/test/bookings/llm.test.ts',
  'apps/server/test/bookings/inbound-smtp.test.ts',
  'apps/server/test/bookings/microdata.test.ts',
  'apps/server/test/bookings/bcbp.test.ts',
  'apps/server/test/bookings/pkpass.test.ts',
  'apps/server/test/bookings/mail.test.ts',
  'apps/server/test/bookings/pdf-text.test.ts',
  'apps/server/test/bookings/templates.test.ts',
  'apps/server/test/bookings/text-corpus.test.ts',
  'apps/server/test/bookings/corpus.test.ts',
  'apps/server/test/access/bookings-money-policy.test.ts',
  // The day's checks (issue 36, decision 0070): zones, opening hours and Israel's closures are pure.
  'apps/server/test/day-checks/time-zone.test.ts',
  'apps/server/test/day-checks/opening-hours.test.ts',
  'apps/server/test/day-checks/holidays.test.ts',
  // The day's warnings (issue 36 point 3, decision 0073): pure rules on a trip and its legs.
  'apps/server/test/day-checks/warnings.test.ts',
  // The reference rates' parsers, exact arithmetic and providers against a local server (issue 35).
  'apps/server/test/money/rates-providers.test.ts',
  // The routing services' protocols against a local server (issue 36).
  'apps/server/test/legs/routing-providers.test.ts',
];

/**
 * Server test files whose database is only the stage, not the subject (decision 0060): every statement they reach is
 * also run and checked by a file that runs on both databases (named beside each). Run once, in the "pglite" project.
 */
const databaseIncidental = [
  // The render pool's fairness through the API (decision 0050): 34 exports of a 60-day trip. The export's SQL (reading
  // the trip, recording the export or not) is api/pdf.test.ts's.
  'apps/server/test/api/pdf-fair.test.ts',
];

/** Server test files with tight time limits, which fail when other test files share the CPUs: run alone. */
const timing = [
  'apps/server/test/api/places-osm.test.ts',
  'apps/server/test/api/places-google.test.ts',
  'apps/server/test/cli/admin.test.ts',
  'apps/server/test/db/persistence.test.ts',
  // The started server exits (issue 15 point 9): a real server started and stopped eight times.
  'apps/server/test/server-exit.test.ts',
  // Real server processes (two on one PostgreSQL; one killed with SIGKILL): each starts in seconds, not beside others.
  'apps/server/test/processes/two-processes.test.ts',
  'apps/server/test/processes/kill-embedded.test.ts',
];

const units = ['apps/web/test/**/*.test.ts', 'apps/web/test/**/*.test.tsx', 'packages/*/test/**/*.test.ts'];
const server = ['apps/server/test/**/*.test.ts'];
const pglite = { ...common, env: { DATABASE_URL: '' } };
const postgres = { ...common, env: { DATABASE_URL: postgresUrl ?? '' } };
const alone = (groupOrder: number) => ({ maxWorkers: 1, sequence: { groupOrder } });

export default defineConfig({
  test: {
    maxWorkers,
    projects: [
      { test: { ...pglite, name: 'unit', include: units, isolate: false, sequence: { groupOrder: 0 } } },
      {
        test: {
          ...pglite,
          name: 'pglite',
          include: server,
          exclude: [...configDefaults.exclude, ...timing],
          isolate: false,
          sequence: { groupOrder: 0 },
        },
      },
      { test: { ...pglite, name: 'pglite (timing)', include: timing, ...alone(1) } },
      ...(postgresUrl
        ? [
            {
              test: {
                ...postgres,
                name: 'postgres',
                include: server,
                exclude: [...configDefaults.exclude, ...withoutDatabase, ...databaseIncidental, ...timing],
                isolate: false,
                sequence: { groupOrder: 0 },
              },
            },
            { test: { ...postgres, name: 'postgres (timing)', include: timing, ...alone(2) } },
          ]
        : []),
    ],
  },
});
