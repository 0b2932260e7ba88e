import { asc } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { subdomainThemes, type SubdomainTheme } from '../../db/schema/index.js';

/** The only code that reads the themes table. */
export function createThemesRepository(db: Database) {
  return {
    async all(): Promise<SubdomainTheme[]> {
      return db.select().from(subdomainThemes).orderBy(asc(subdomainThemes.id));
    },
  };
}
