import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../src/db/schema/index.js';
import { createSessionCheck } from '../../src/modules/accounts/session-check.js';
import { createTestDatabase, type TestDatabase } from '../helpers/db.js';

/**
 * The cached session state and the change feed (decisions 0024, 0027): a user's state read while their change
 * arrives (another process demoted them) may be the state before it, so it answers that request but is not kept.
 */
describe('session check cache', () => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await createTestDatabase();
  });
  afterAll(async () => {
    await db?.dispose();
  });

  it('a read overtaken by forget is not kept: the next request reads the new role', async () => {
    const [row] = await db.db.insert(users).values({ email: 'race@example.com', userName: 'Race', role: 'manager' }).returning({ id: users.id });
    const id = (row as { id: number }).id;
    const sessions = createSessionCheck(db.db);
    const inFlight = sessions.check(id, 0); // its read goes first: the manager role
    const demotion = db.db.update(users).set({ role: 'user' }).where(eq(users.id, id));
    sessions.forget(id); // the demotion's change arrives before that read has answered
    await inFlight; // the manager role on PGlite (one session, in order); either on PostgreSQL's pool
    await demotion;
    expect(await sessions.check(id, 0)).toEqual({ id, role: 'user', isAdmin: false });
  });
});
