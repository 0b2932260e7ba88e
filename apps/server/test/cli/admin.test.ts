import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAdminRepository } from '../../src/cli/admin.repository.js';
import { seedDemo } from '../../src/db/seed/index.js';
import { createTestDatabase, type TestDatabase } from '../helpers/db.js';

const run = promisify(execFile);

describe('admin repository (npm run admin)', () => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await createTestDatabase();
    await seedDemo(db.db, { rides: [] });
  });
  afterAll(() => db.dispose());

  it('creates a user once, lists it, and makes it a manager', async () => {
    const repo = createAdminRepository(db.db);
    const id = await repo.createUser({ email: 'ops@example.com', passwordHash: 'x', userName: 'Ops', role: 'user' });
    expect(id).toBeTypeOf('number');
    expect(await repo.createUser({ email: 'ops@example.com', passwordHash: 'x', userName: 'Ops', role: 'user' })).toBeUndefined();
    expect(await repo.setRole('ops@example.com', 'manager')).toBe(true);
    expect(await repo.setRole('nobody@example.com', 'manager')).toBe(false);
    expect(await repo.listUsers()).toContainEqual({ id, email: 'ops@example.com', name: 'Ops', role: 'manager', admin: false });
  });

  it('makes a user a platform admin and takes it back (set-admin [--off])', async () => {
    const repo = createAdminRepository(db.db);
    const id = await repo.createUser({ email: 'root@example.com', passwordHash: 'x', userName: 'Root', role: 'user' });
    expect(await repo.setAdmin('root@example.com', true)).toBe(true);
    // Admin is a flag beside the role, not a role: the role stays what it was.
    expect(await repo.listUsers()).toContainEqual({ id, email: 'root@example.com', name: 'Root', role: 'user', admin: true });
    expect(await repo.setAdmin('root@example.com', false)).toBe(true);
    expect(await repo.listUsers()).toContainEqual({ id, email: 'root@example.com', name: 'Root', role: 'user', admin: false });
    expect(await repo.setAdmin('ghost@example.com', true)).toBe(false);
  });

  it('makes a user the manager of a sub-domain theme, and says what is missing', async () => {
    const repo = createAdminRepository(db.db);
    await repo.createUser({ email: 'brand@example.com', passwordHash: 'x', userName: 'Brand', role: 'manager' });
    expect(await repo.setThemeManager('galilee', 'brand@example.com')).toBe('ok');
    expect(await repo.setThemeManager('galilee', 'ghost@example.com')).toBe('no-user');
    expect(await repo.setThemeManager('atlantis', 'brand@example.com')).toBe('no-theme');
    expect(await repo.listThemes()).toContainEqual({ name: 'Galilee', subdomain: 'galilee', manager: 'brand@example.com' });
  });
});

describe('admin command line', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'rides-admin-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));
  const cli = (...args: string[]) =>
    run(process.execPath, ['--import', 'tsx', 'src/cli/admin.ts', ...args], {
      cwd: join(import.meta.dirname, '../..'),
      env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' },
    });

  it('prints usage and fails on an unknown command', async () => {
    await expect(cli('frobnicate')).rejects.toMatchObject({ code: 1, stderr: expect.stringContaining('usage: npm run admin') });
  });

  it('refuses a bad address with its rule key', async () => {
    await expect(cli('create-user', 'bad mail', 'secret12', 'Name')).rejects.toMatchObject({
      stderr: expect.stringContaining('invalid_email_spaces'),
    });
  });
});
