import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createAdminRepository } from '../../src/cli/admin.repository.js';
import { users } from '../../src/db/schema/index.js';
import { signSessionToken } from '../../src/lib/tokens.js';
import { createSessionCheck } from '../../src/modules/accounts/session-check.js';
import { createTestApp, mailsTo, postJson, registerUser, type TestApp } from '../helpers/app.js';
import { CHANGES_CHANNEL } from '../../src/db/change-feed.js';
import type { DbHandle } from '../../src/db/client.js';
import { createTestDatabase } from '../helpers/db.js';
import { bearer } from './trips-fixtures.js';
import { expectCode, newUser } from './trip-editing-fixtures.js';

/**
 * Issue 15 point 2 (decision 0024): authorisation uses the user's current role and existence, never the token's role
 * claim; "sign out everywhere" (the token version) revokes every token of the user.
 */
describe('the current role, not the token', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t?.dispose());

  const categories = (headers: Record<string, string>) => t.app.inject({ method: 'GET', url: '/api/categories_api', headers });
  const health = (token: string) => t.app.inject({ method: 'GET', url: '/api/health', headers: { authorization: `Bearer ${token}` } });

  it('a token that says manager for a user who is not one gets no manager call', async () => {
    const plain = await newUser(t, 'user');
    expectCode(await categories(await bearer(t, plain.id, 'manager')), 403, 'forbidden');
    // And the other way: a manager whose token says user is a manager.
    const manager = await newUser(t, 'manager');
    expect((await categories(await bearer(t, manager.id, 'user'))).statusCode).toBe(200);
  });

  it('a token whose version is not the user\'s current one is refused, as is a token without a version', async () => {
    const user = await newUser(t, 'user');
    const stale = await signSessionToken(t.config.jwtSecret, 1, { id: user.id, role: 'user', tokenVersion: 1 });
    expectCode(await health(stale), 401, 'user_is_not_authorized');
    const { SignJWT } = await import('jose');
    const unversioned = await new SignJWT({ user_id: user.id, role: 'user' })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setIssuedAt()
      .setExpirationTime('1h')
      .sign(t.config.jwtSecret);
    expectCode(await health(unversioned), 401, 'user_is_not_authorized');
  });

  it('sign out everywhere: every token of the user, the calling one included, is refused; a new sign-in works', async () => {
    const user = await registerUser(t.app);
    const other = await registerUser(t.app);
    const second = (await postJson(t.app, '/api/app_login', { email: user.email, password: user.password })).json().token as string;
    expect((await health(second)).statusCode).toBe(200);

    const res = await t.app.inject({ method: 'POST', url: '/api/sign_out_everywhere', headers: { authorization: `Bearer ${user.token}` } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ ServerMassageCode: 'signed_out_everywhere' });

    expectCode(await health(user.token), 401, 'user_is_not_authorized');
    expectCode(await health(second), 401, 'user_is_not_authorized');
    expect((await health(other.token)).statusCode).toBe(200);
    const again = await postJson(t.app, '/api/app_login', { email: user.email, password: user.password });
    expect(again.statusCode).toBe(200);
    expect((await health(again.json().token)).statusCode).toBe(200);
  });

  it('sign out everywhere and a password reset tell every process (a user change on the feed)', async () => {
    const heard = await listen(t.db);
    try {
      const user = await registerUser(t.app);
      const [row] = await t.db.db.select({ id: users.id }).from(users).where(eq(users.email, user.email));
      const change = { kind: 'user', userId: row!.id };
      await t.app.inject({ method: 'POST', url: '/api/sign_out_everywhere', headers: { authorization: `Bearer ${user.token}` } });
      await vi.waitFor(() => expect(heard.payloads).toContainEqual(change));
      heard.payloads.length = 0;

      await postJson(t.app, '/api/request_password_reset', { email: user.email });
      await t.app.afterAnswer.settled();
      const [mail] = await mailsTo(t.outboxDir, user.email);
      const token = /token=([\w-]+)/.exec(mail!.text)![1]!;
      expect((await postJson(t.app, '/api/reset_password', { token, newPassword: 'fresh-secret-1' })).statusCode).toBe(200);
      await vi.waitFor(() => expect(heard.payloads).toContainEqual(change));
    } finally {
      await heard.stop();
    }
  });

  it('sign out everywhere needs a session', async () => {
    expectCode(await t.app.inject({ method: 'POST', url: '/api/sign_out_everywhere' }), 401, 'user_is_not_authorized');
  });
});

/** The cache behind it: a Map hit per request, dropped by forget / forgetAll (the change feed) or after its TTL. */
describe('session check cache', () => {
  it('answers the current role and existence once forgotten, or after 30 s without being told', async () => {
    const db = await createTestDatabase();
    try {
      let clock = 1_000_000;
      const sessions = createSessionCheck(db.db, () => clock);
      const [row] = await db.db.insert(users).values({ email: 'cached@example.com', userName: 'Cached', role: 'manager' }).returning({ id: users.id });
      const id = row!.id;
      expect(await sessions.check(id, 0)).toEqual({ id, role: 'manager', isAdmin: false });

      // Made a platform admin by the operator (npm run admin -- set-admin), the same way (decision 0035).
      expect(await createAdminRepository(db.db).setAdmin('cached@example.com', true)).toBe(true);
      expect(await sessions.check(id, 0)).toEqual({ id, role: 'manager', isAdmin: false }); // cached until told
      sessions.forget(id);
      expect(await sessions.check(id, 0)).toEqual({ id, role: 'manager', isAdmin: true });
      await createAdminRepository(db.db).setAdmin('cached@example.com', false);
      sessions.forget(id);
      expect(await sessions.check(id, 0)).toEqual({ id, role: 'manager', isAdmin: false });

      // Demoted by the operator (npm run admin -- set-role publishes the change; the feed calls forget).
      expect(await createAdminRepository(db.db).setRole('cached@example.com', 'user')).toBe(true);
      expect(await sessions.check(id, 0)).toEqual({ id, role: 'manager', isAdmin: false }); // cached until told
      sessions.forget(id);
      expect(await sessions.check(id, 0)).toEqual({ id, role: 'user', isAdmin: false });

      // Promoted again, then the feed reconnects: everything is dropped.
      await createAdminRepository(db.db).setRole('cached@example.com', 'manager');
      sessions.forgetAll();
      expect(await sessions.check(id, 0)).toEqual({ id, role: 'manager', isAdmin: false });

      // Deleted, and the notification never came: refused once the entry is 30 s old.
      await db.db.delete(users).where(eq(users.id, id));
      clock += 30_001;
      expect(await sessions.check(id, 0)).toBeNull();
    } finally {
      await db.dispose();
    }
  });

  it('a cache hit does not query', async () => {
    const db = await createTestDatabase();
    try {
      const sessions = createSessionCheck(db.db);
      const [row] = await db.db.insert(users).values({ email: 'hit@example.com', userName: 'Hit' }).returning({ id: users.id });
      await sessions.check(row!.id, 0);
      const select = vi.spyOn(db.db, 'select');
      expect(await sessions.check(row!.id, 0)).toEqual({ id: row!.id, role: 'user', isAdmin: false });
      expect(select).not.toHaveBeenCalled();
    } finally {
      await db.dispose();
    }
  });
});

/** What the change feed carries, as another process would hear it (LISTEN on PostgreSQL, PGlite's own listen). */
async function listen(handle: DbHandle): Promise<{ payloads: unknown[]; stop(): Promise<void> }> {
  const payloads: unknown[] = [];
  const hear = (payload: string) => void payloads.push(JSON.parse(payload));
  if (handle.kind === 'pglite') {
    const unlisten = await handle.raw.listen(CHANGES_CHANNEL, hear);
    return { payloads, stop: () => unlisten() };
  }
  const client = await handle.raw.connect();
  client.on('notification', (n) => (n.channel === CHANGES_CHANNEL && n.payload ? hear(n.payload) : undefined));
  await client.query(`LISTEN ${CHANGES_CHANNEL}`);
  return {
    payloads,
    async stop() {
      await client.query(`UNLISTEN ${CHANGES_CHANNEL}`);
      client.release();
    },
  };
}
