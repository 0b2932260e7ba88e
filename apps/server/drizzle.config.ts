import { defineConfig } from 'drizzle-kit';

/**
 * drizzle-kit reads the schema and writes SQL migrations: `npm run db:generate` from the repository root
 * (or `npx drizzle-kit generate` here). Paths are relative to the working directory, so they are
 * resolved from this file's folder to work from both places. The generated files are committed and
 * applied at start-up by src/db/migrate.ts; edit the schema, never the generated SQL.
 */
const here = (p: string) => `${__dirname}/${p}`;

export default defineConfig({
  dialect: 'postgresql',
  schema: here('src/db/schema/index.ts'),
  out: here('src/db/migrations'),
  strict: true,
  verbose: true,
});
