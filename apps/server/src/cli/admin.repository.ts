import { asc, eq } from 'drizzle-orm';
import type { Role } from '@rides/contract';
import { publishChange } from '../db/change-feed.js';
import type { Database } from '../db/client.js';
import { subdomainThemes, users } from '../db/schema/index.js';

/**
 * Queries of the operator CLI. A change a running server caches (a role, a theme) is published on the change feed in
 * its transaction, so every server process on the same PostgreSQL drops it at commit (decision 0027).
 */
export function createAdminRepository(db: Database) {
  return {
    listUsers: () =>
      db
        .select({
          id: users.id,
          email: users.email,
          name: users.userName,
          role: users.role,
          admin: users.isAdmin,
        })
        .from(users)
        .orderBy(asc(users.id)),

    async createUser(u: {
      email: string;
      passwordHash: string;
      userName: string;
      role: Role;
    }): Promise<number | undefined> {
      const [row] = await db.insert(users).values(u).onConflictDoNothing().returning({ id: users.id });
      return row?.id;
    },

    setRole: (email: string, role: Role): Promise<boolean> =>
      db.transaction(async (tx) => {
        const [row] = await tx
          .update(users)
          .set({ role })
          .where(eq(users.email, email))
          .returning({ id: users.id });
        if (row) await publishChange(tx, { kind: 'user', userId: row.id });
        return row !== undefined;
      }),

    /** The platform admin flag (decision 0035); published like a role, so every process drops the cached session. */
    setAdmin: (email: string, isAdmin: boolean): Promise<boolean> =>
      db.transaction(async (tx) => {
        const [row] = await tx
          .update(users)
          .set({ isAdmin })
          .where(eq(users.email, email))
          .returning({ id: users.id });
        if (row) await publishChange(tx, { kind: 'user', userId: row.id });
        return row !== undefined;
      }),

    async setThemeManager(subdomain: string, email: string): Promise<'ok' | 'no-user' | 'no-theme'> {
      const [user] = await db.select({ id: users.id }).from(users).where(eq(users.email, email)).limit(1);
      if (!user) return 'no-user';
      return db.transaction(async (tx) => {
        const rows = await tx
          .update(subdomainThemes)
          .set({ userId: user.id })
          .where(eq(subdomainThemes.subdomain, subdomain))
          .returning({ id: subdomainThemes.id });
        if (!rows.length) return 'no-theme';
        await publishChange(tx, { kind: 'themes' });
        return 'ok';
      });
    },

    listThemes: () =>
      db
        .select({ name: subdomainThemes.name, subdomain: subdomainThemes.subdomain, manager: users.email })
        .from(subdomainThemes)
        .leftJoin(users, eq(users.id, subdomainThemes.userId))
        .orderBy(asc(subdomainThemes.id)),
  };
}
