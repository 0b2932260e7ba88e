import { loadConfig } from './config.js';
import { buildApp } from './app.js';
import { openDatabase } from './db/client.js';
import { migrateDatabase } from './db/migrate.js';
import { loadDemoIfEmpty } from './db/seed/index.js';
import { createMailer } from './providers/mail/index.js';

/**
 * Starts the product: opens the database (embedded PGlite unless DATABASE_URL is set), applies the
 * migrations, loads the demo content on a new embedded database, and listens. SIGTERM and SIGINT close
 * the server (in-flight requests finish), then the database.
 */
async function main() {
  const config = loadConfig();
  const started = performance.now();
  const db = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  await migrateDatabase(db);
  const seeded = await loadDemoIfEmpty(db, { force: config.seedDemo });
  const mailer = createMailer(config.mail);
  const app = await buildApp({ config, db, mailer });

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const timer = setTimeout(() => {
      app.log.error('shutdown took too long; exiting');
      process.exit(1);
    }, 10_000);
    timer.unref();
    try {
      await app.close();
      await mailer.close();
      await db.close();
      process.exit(0);
    } catch (err) {
      app.log.error({ err }, 'error while shutting down');
      process.exit(1);
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
      url: config.publicUrl,
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
