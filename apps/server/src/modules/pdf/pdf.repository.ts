import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { pdfExports, rides } from '../../db/schema/index.js';

/**
 * The only SQL of the PDF export (issue 19 point 1, 002 §2.4): each export is a row of pdf_exports, the trip's title
 * and dates copied as they were at export time (the billing report shows them even after the trip changes) and who
 * exported it (null for a visitor). The planner billed is the trip's ride manager, else its author (decision 0038).
 */
export function createPdfRepository(db: Database) {
  return {
    /** Records one export, the trip's title and dates read in the same statement. */
    async recordExport(rideId: number, userId: number | null): Promise<void> {
      await db.execute(sql`
        insert into ${pdfExports} (ride_id, user_id, ride_title, ride_start_date, ride_end_date)
        select ${rides.id}, ${userId}::integer, ${rides.title}, ${rides.startDate}, ${rides.endDate}
        from ${rides} where ${rides.id} = ${rideId}`);
    },
  };
}

export type PdfRepository = ReturnType<typeof createPdfRepository>;
