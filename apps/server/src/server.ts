import { loadConfig } from './config.js';
import { buildApp } from './app.js';
import { openDatabase } from './db/client.js';
import { migrateDatabase } from './db/migrate.js';
import { loadDemoIfEmpty } from './db/seed/index.js';
import { createMailer } from './providers/mail/index.js';
import { armExitWatchdog } from './lib/exit-watchdog.js';
import { createLogOutput } from './lib/log-output.js';

/** A shutdown ends the process by then, whatever a dependency does (decision 0026). */
const SHUTDOWN_DEADLINE_MS = 10_000;

/**
 * Starts the product: opens the database (embedded PGlite unless DATABASE_URL is set), applies the
 * migrations, loads the demo content on a new embedded database, and listens. SIGTERM and SIGINT close
 * the server (in-flight requests finish), then the database, within SHUTDOWN_DEADLINE_MS.
 */
async function main() {
  // A dead or stalled output must neither crash nor hold the server: a stray write's error is ignored (the log
  // output gives up by itself), and opening the streams makes Node set a pipe non-blocking, so a full pipe
  // answers the log output's writes with EAGAIN instead of holding a thread (and process.exit) in write(2).
  for (const stream of [process.stdout, process.stderr]) stream.on('error', () => {});
  const logs = createLogOutput();
  const config = loadConfig();
  const started = performance.now();
  const db = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  await migrateDatabase(db);
  const seeded = await loadDemoIfEmpty(db, { force: config.seedDemo });
  const mailer = createMailer(config.mail);
  const app = await buildApp({ config, db, mailer, logStream: logs });

  let closing = false;
  // The last lines get half a second to reach the output; then the process ends whether they did or not.
  const exit = async (code: number) => {
    await logs.flush(500);
    process.exit(code);
  };
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    // First: from here on nothing can keep the process alive past the deadline, not even a stuck main thread.
    armExitWatchdog(SHUTDOWN_DEADLINE_MS);
    app.log.info({ signal }, 'shutting down');
    const timer = setTimeout(() => {
      app.log.error('shutdown took too long; exiting');
      void exit(1);
    }, SHUTDOWN_DEADLINE_MS - 1_000);
    timer.unref();
    try {
      await app.close();
      await mailer.close();
      await db.close();
      await exit(0);
    } catch (err) {
      app.log.error({ err }, 'error while shutting down');
      await exit(1);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ host: config.host, port: config.port });
  app.log.info(
    {
      database: db.kind,
      demoLoaded: seeded,
      mail: mailer.kind,
      startupMs: Math.round(performance.now() - started),
      url: config.publicUrl ?? `http://localhost:${config.port}`,
    },
    'rides is running',
  );
}

main().catch((err: unknown) => {
  // Configuration and start-up problems: one clear line, no stack for expected ones.
  const message = err instanceof Error ? `${err.name}: ${err.message}` : String(err);
  console.error(`rides could not start. ${message}`);
  if (!(err instanceof Error && err.name === 'ConfigError')) console.error(err);
  process.exit(1);
});
