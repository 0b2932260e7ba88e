import { defineConfig } from 'vitest/config';

/**
 * One Vitest run for the whole repository (`npm run test:unit`). Tests sit beside each package in test/.
 * Forks, not threads: PGlite (WASM) and the native argon2 binding are happiest in separate processes,
 * and a crashed worker cannot take the others down.
 *
 * Every test runs on the embedded database (PGlite). When DATABASE_URL is set (CI sets it to the machine's
 * PostgreSQL) the server's tests run a second time, on PostgreSQL, as the "postgres" project.
 */
const postgresUrl = process.env.DATABASE_URL;
const common = { testTimeout: 30_000, hookTimeout: 60_000, pool: 'forks' as const };

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          ...common,
          name: 'pglite',
          include: ['apps/*/test/**/*.test.ts', 'apps/*/test/**/*.test.tsx', 'packages/*/test/**/*.test.ts'],
          env: { DATABASE_URL: '' },
        },
      },
      ...(postgresUrl
        ? [{ test: { ...common, name: 'postgres', include: ['apps/server/test/**/*.test.ts'], env: { DATABASE_URL: postgresUrl } } }]
        : []),
    ],
  },
});
