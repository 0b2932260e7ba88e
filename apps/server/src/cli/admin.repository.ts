import { asc, eq } from 'drizzle-orm';
import type { Role } from '@rides/contract';
import type { Database } from '../db/client.js';
import { subdomainThemes, users } from '../db/schema/index.js';

/** Queries of the operator CLI. */
export function createAdminRepository(db: Database) {
  return {
    listUsers: () =>
      db.select({ id: users.id, email: users.email, name: users.userName, role: users.role }).from(users).orderBy(asc(users.id)),

    async createUser(u: { email: string; passwordHash: string; userName: string; role: Role }): Promise<number | undefined> {
      const [row] = await db.insert(users).values(u).onConflictDoNothing().returning({ id: users.id });
      return row?.id;
    },

    async setRole(email: string, role: Role): Promise<boolean> {
      const rows = await db.update(users).set({ role }).where(eq(users.email, email)).returning({ id: users.id });
      return rows.length > 0;
    },

    async setThemeManager(subdomain: string, email: string): Promise<'ok' | 'no-user' | 'no-theme'> {
      const [user] = await db.select({ id: users.id }).from(users).where(eq(users.email, email)).limit(1);
      if (!user) return 'no-user';
      const rows = await db
        .update(subdomainThemes)
        .set({ userId: user.id })
        .where(eq(subdomainThemes.subdomain, subdomain))
        .returning({ id: subdomainThemes.id });
      return rows.length ? 'ok' : 'no-theme';
    },

    listThemes: () =>
      db
        .select({ name: subdomainThemes.name, subdomain: subdomainThemes.subdomain, manager: users.email })
        .from(subdomainThemes)
        .leftJoin(users, eq(users.id, subdomainThemes.userId))
        .orderBy(asc(subdomainThemes.id)),
  };
}
