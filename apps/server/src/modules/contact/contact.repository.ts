import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { contactMessages } from '../../db/schema/index.js';

/** The only code that queries contact messages. */
export function createContactRepository(db: Database) {
  return {
    async insert(m: {
      name: string;
      email: string;
      phone?: string | undefined;
      message: string;
      ip: string;
    }): Promise<number> {
      const [row] = await db
        .insert(contactMessages)
        .values({ name: m.name, email: m.email, phone: m.phone ?? null, message: m.message })
        .returning({ id: contactMessages.id });
      if (!row) throw new Error('contact message insert returned nothing');
      return row.id;
    },
    async markMailed(id: number): Promise<void> {
      await db.update(contactMessages).set({ mailedAt: new Date() }).where(eq(contactMessages.id, id));
    },
  };
}
