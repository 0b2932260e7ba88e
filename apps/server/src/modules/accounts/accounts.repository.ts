import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import { publishChange } from '../../db/change-feed.js';
import type { Database, Transaction } from '../../db/client.js';
import { devices, logins, passwordResetTokens, users } from '../../db/schema/index.js';

/** The only code that queries users, devices, logins and reset tokens. Each query selects only what it needs. */
const userColumns = {
  id: users.id,
  email: users.email,
  userName: users.userName,
  role: users.role,
  isAdmin: users.isAdmin,
  passwordHash: users.passwordHash,
  googleSub: users.googleSub,
  tokenVersion: users.tokenVersion,
};
export type UserRow = {
  id: number;
  email: string | null;
  userName: string;
  role: string;
  isAdmin: boolean;
  passwordHash: string | null;
  googleSub: string | null;
  tokenVersion: number;
};

/**
 * Signs the user out everywhere: the next token version, so every token issued before is refused. Inside the
 * caller's transaction, with the change published there (every process drops its cached session state at commit).
 */
async function bumpTokenVersion(
  tx: Transaction,
  userId: number,
  set: Partial<typeof users.$inferInsert> = {},
): Promise<number | null> {
  const [row] = await tx
    .update(users)
    .set({ ...set, tokenVersion: sql`${users.tokenVersion} + 1` })
    .where(eq(users.id, userId))
    .returning({ tokenVersion: users.tokenVersion });
  if (!row) return null;
  await publishChange(tx, { kind: 'user', userId });
  return row.tokenVersion;
}

/** A mailed token that can still be used: this hash, unused, unexpired. */
const usable = (tokenHash: string) =>
  and(
    eq(passwordResetTokens.tokenHash, tokenHash),
    isNull(passwordResetTokens.usedAt),
    gt(passwordResetTokens.expiresAt, new Date()),
  );

/**
 * Uses a mailed token once, in the caller's transaction: the UPDATE succeeds only for an unused, unexpired token, so
 * two concurrent uses cannot both win. Answers its user's id, or null. The one rule of every mailed link's use.
 */
async function useMailedToken(tx: Transaction, tokenHash: string): Promise<number | null> {
  const [used] = await tx
    .update(passwordResetTokens)
    .set({ usedAt: new Date() })
    .where(usable(tokenHash))
    .returning({ userId: passwordResetTokens.userId });
  return used?.userId ?? null;
}

export function createAccountsRepository(db: Database) {
  return {
    async findByEmail(email: string): Promise<UserRow | undefined> {
      const [row] = await db.select(userColumns).from(users).where(eq(users.email, email)).limit(1);
      return row;
    },

    async findBySocial(provider: 'google' | 'facebook', subject: string): Promise<UserRow | undefined> {
      const column = provider === 'google' ? users.googleSub : users.facebookId;
      const [row] = await db.select(userColumns).from(users).where(eq(column, subject)).limit(1);
      return row;
    },

    async linkSocial(userId: number, provider: 'google' | 'facebook', subject: string): Promise<UserRow> {
      const set = provider === 'google' ? { googleSub: subject } : { facebookId: subject };
      const [row] = await db.update(users).set(set).where(eq(users.id, userId)).returning(userColumns);
      if (!row) throw new Error(`user ${userId} vanished while linking`);
      return row;
    },

    /** Creates a user; answers undefined when the address was taken meanwhile (unique constraint). */
    async createUser(u: {
      email: string | null;
      passwordHash: string | null;
      userName: string;
      google: string | null;
      facebook: string | null;
    }): Promise<UserRow | undefined> {
      const [row] = await db
        .insert(users)
        .values({
          email: u.email,
          passwordHash: u.passwordHash,
          userName: u.userName,
          googleSub: u.google,
          facebookId: u.facebook,
          role: 'user',
        })
        .onConflictDoNothing()
        .returning(userColumns);
      return row;
    },

    /**
     * Records a sign-in and its device (decision 0035). The device is found by its cookie key first (so a browser
     * update, which changes the fingerprint, stays the same device), then by fingerprint (a browser that showed no
     * cookie: the device takes the cookie it was just given), else it is new.
     */
    async recordLogin(
      userId: number,
      d: {
        cookieKey: string;
        fingerprint: string;
        name: string;
        userAgent: string;
        screenInfo: string;
        timezone: string;
        languages: string;
        ip: string;
      },
    ): Promise<void> {
      await db.transaction(async (tx) => {
        // One sign-in of a user at a time: the database reranks the user's devices after each write (migration 0018),
        // and two sign-ins reranking each other's devices at once would deadlock.
        await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
        const now = new Date();
        const seen = {
          lastLogin: now,
          loginCount: sql`${devices.loginCount} + 1`,
          deviceName: d.name,
          userAgent: d.userAgent,
          timezone: d.timezone,
        };
        const [byCookie] = await tx
          .update(devices)
          .set(seen)
          .where(and(eq(devices.userId, userId), eq(devices.cookieKey, d.cookieKey)))
          .returning({ id: devices.id });
        const [device] = byCookie
          ? [byCookie]
          : await tx
              .insert(devices)
              .values({
                userId,
                cookieKey: d.cookieKey,
                fingerprint: d.fingerprint,
                deviceName: d.name,
                userAgent: d.userAgent,
                screenInfo: d.screenInfo,
                timezone: d.timezone,
                languages: d.languages,
                firstLogin: now,
                lastLogin: now,
                loginCount: 1,
              })
              .onConflictDoUpdate({
                target: [devices.userId, devices.fingerprint],
                // The browser that just signed in holds the newest cookie: it names the device from now on.
                set: { ...seen, cookieKey: sql`excluded.cookie_key` },
              })
              .returning({ id: devices.id });
        await tx.insert(logins).values({ userId, deviceId: device?.id ?? null, at: now, ip: d.ip });
      });
    },

    /** What a session token of this user is checked against (current role and token version); undefined when gone. */
    async sessionState(
      userId: number,
    ): Promise<{ role: string; isAdmin: boolean; tokenVersion: number } | undefined> {
      const [row] = await db
        .select({ role: users.role, isAdmin: users.isAdmin, tokenVersion: users.tokenVersion })
        .from(users)
        .where(eq(users.id, userId))
        .limit(1);
      return row;
    },

    /** Sign out everywhere; answers the new token version, null when the user is gone. */
    async signOutEverywhere(userId: number): Promise<number | null> {
      return db.transaction((tx) => bumpTokenVersion(tx, userId));
    },

    /**
     * A new mailed link (reset or sign-in, decision 0052) replaces every earlier unused one of the user: the newest
     * mail is the one that works.
     */
    async replaceMailedToken(userId: number, tokenHash: string, expiresAt: Date): Promise<void> {
      await db.transaction(async (tx) => {
        await tx
          .delete(passwordResetTokens)
          .where(and(eq(passwordResetTokens.userId, userId), isNull(passwordResetTokens.usedAt)));
        await tx.insert(passwordResetTokens).values({ userId, tokenHash, expiresAt });
      });
    },

    /** Whether a mailed token is unused and unexpired (the reset page's first read; nothing changes). */
    async isMailedTokenUsable(tokenHash: string): Promise<boolean> {
      const [row] = await db
        .select({ userId: passwordResetTokens.userId })
        .from(passwordResetTokens)
        .where(usable(tokenHash))
        .limit(1);
      return row !== undefined;
    },

    /**
     * Uses a reset token once and sets the new password in the same transaction (which signs out every earlier
     * session). Answers the user's id, or null.
     */
    async consumeResetToken(tokenHash: string, passwordHash: string): Promise<number | null> {
      return db.transaction(async (tx) => {
        const userId = await useMailedToken(tx, tokenHash);
        if (userId === null) return null;
        // A new password signs out every earlier session (the tokens they hold are refused from now on).
        await bumpTokenVersion(tx, userId, { passwordHash });
        return userId;
      });
    },

    /** Uses a sign-in link once: the user it signs in, or undefined (unknown, used or expired). */
    async consumeSignInToken(tokenHash: string): Promise<UserRow | undefined> {
      return db.transaction(async (tx) => {
        const userId = await useMailedToken(tx, tokenHash);
        if (userId === null) return undefined;
        const [user] = await tx.select(userColumns).from(users).where(eq(users.id, userId)).limit(1);
        return user;
      });
    },
  };
}
