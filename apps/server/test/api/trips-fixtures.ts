import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import type { Role } from '@rides/contract';
import { DEMO_ACCOUNTS, seedDemo } from '../../src/db/seed/index.js';
import { users } from '../../src/db/schema/index.js';
import { signSessionToken } from '../../src/lib/tokens.js';
import { createTestApp, type TestApp } from '../helpers/app.js';

/** A test app with the demo content (password hash skipped: these tests sign tokens directly). */
export async function createTripsTestApp(env: Parameters<typeof createTestApp>[0] = {}): Promise<TestApp> {
  const t = await createTestApp(env);
  try {
    await seedDemo(t.db.db, { passwordHash: 'not-a-hash' });
  } catch (err) {
    await t.dispose();
    throw err;
  }
  return t;
}

export async function userIdOf(t: TestApp, email: string): Promise<number> {
  const [row] = await t.db.db.select({ id: users.id }).from(users).where(eq(users.email, email));
  if (!row) throw new Error(`no user ${email}`);
  return row.id;
}

/** A Bearer header for a user id (signed with the app's secret). */
export async function bearer(t: TestApp, id: number, role: Role = 'user'): Promise<Record<string, string>> {
  return { authorization: `Bearer ${await signSessionToken(t.config.jwtSecret, 1, { id, role, tokenVersion: 0 })}` };
}

export async function demoBearer(t: TestApp, who: keyof typeof DEMO_ACCOUNTS): Promise<Record<string, string>> {
  const account = DEMO_ACCOUNTS[who];
  return bearer(t, await userIdOf(t, account.email), account.role ?? 'user');
}

/** A new signed-in user with no relation to any trip. */
export async function strangerBearer(t: TestApp): Promise<Record<string, string>> {
  const [row] = await t.db.db
    .insert(users)
    .values({ email: `stranger.${Date.now()}.${Math.random().toString(36).slice(2)}@example.com`, userName: 'Stranger' })
    .returning({ id: users.id });
  return bearer(t, (row as { id: number }).id);
}

export const get = (t: TestApp, url: string, headers: Record<string, string> = {}): Promise<LightMyRequestResponse> =>
  t.app.inject({ method: 'GET', url, headers });
