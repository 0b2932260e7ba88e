import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';

/** The only SQL of the platform routes: the health check's round trip to the database. */
export async function pingDatabase(db: Database): Promise<void> {
  await db.execute(sql`select 1`);
}
