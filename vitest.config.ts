import { defineConfig } from 'vitest/config';

/**
 * One Vitest run for the whole repository (`npm run test:unit`). Tests sit beside each package in test/.
 * Forks, not threads: PGlite (WASM) and the native argon2 binding are happiest in separate processes,
 * and a crashed worker cannot take the others down.
 */
export default defineConfig({
  test: {
    include: ['apps/*/test/**/*.test.ts', 'apps/*/test/**/*.test.tsx', 'packages/*/test/**/*.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
  },
});
