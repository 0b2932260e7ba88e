import type { Database } from '../../db/client.js';
import { uploads, type NewUpload } from '../../db/schema/index.js';

/** The uploads table: what we know of each stored file (001 §3 "Uploaded photo metadata"). */
export function createUploadsRepository(db: Database) {
  return {
    async insert(row: NewUpload): Promise<number> {
      const [inserted] = await db.insert(uploads).values(row).returning({ id: uploads.id });
      if (!inserted) throw new Error('upload row not inserted');
      return inserted.id;
    },
  };
}

export type UploadsRepository = ReturnType<typeof createUploadsRepository>;
