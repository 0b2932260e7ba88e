import { relative } from 'node:path';
import { defineConfig } from 'drizzle-kit';

/**
 * drizzle-kit reads the schema and writes SQL migrations: `npm run db:generate` from the repository root
 * (or `npx drizzle-kit generate` here). The paths are computed from this file's folder so both work;
 * they must be relative to the working directory, because drizzle-kit prefixes './' when it reads the
 * snapshots back. The generated files are committed and applied at start-up by src/db/migrate.ts: edit
 * the schema, never the generated SQL.
 */
const fromHere = (path: string) => relative(process.cwd(), `${__dirname}/${path}`) || '.';

export default defineConfig({
  dialect: 'postgresql',
  schema: fromHere('src/db/schema/index.ts'),
  out: fromHere('src/db/migrations'),
  strict: true,
  verbose: true,
});
