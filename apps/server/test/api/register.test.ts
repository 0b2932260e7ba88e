import { eq } from 'drizzle-orm';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../src/db/schema/index.js';
import { createTestApp, postJson, uniqueEmail, type TestApp } from '../helpers/app.js';

/** POST /api/register_new_user_api (001 §2 sign-up modal, §5, §7, §8 code 5). */
describe('register_new_user_api', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t?.dispose();
  });

  const register = (body: Record<string, unknown>) => postJson(t.app, '/api/register_new_user_api', body);

  it('creates the account and signs the user in: code 1, a session token, role and name', async () => {
    const before = Math.floor(Date.now() / 1000);
    const res = await register({
      email: 'Noa@Example.com',
      password: 'secret-123',
      rePassword: 'secret-123',
      userName: 'Noa',
      terms: 'on',
    });

    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ ServerMassageCode: 'success', code: 1, role: 'user', userName: 'Noa' });
    const claims = decodeJwt(body.token);
    expect(claims).toMatchObject({ role: 'user' });
    expect(typeof claims.user_id).toBe('number');
    expect(claims.exp).toBeGreaterThan(before);
    // Nothing secret comes back.
    expect(res.body).not.toMatch(/argon2|secret-123/);
  });

  it('stores the address trimmed and lowercased and never the password itself', async () => {
    const email = uniqueEmail('Stored');
    const res = await register({
      email: `  ${email.toUpperCase()} `,
      password: 'secret-123',
      userName: '  Omer  ',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().userName).toBe('Omer');

    const rows = await t.db.db.select().from(users).where(eq(users.email, email.toLowerCase()));
    expect(rows).toHaveLength(1);
    const row = rows[0] as Record<string, unknown>;
    expect(row.passwordHash).toMatch(/^\$argon2id\$/);
    expect(JSON.stringify(row)).not.toContain('secret-123');
  });

  it('answers 409 user_already_registered (code 5) for the same address in another case and with spaces', async () => {
    const email = uniqueEmail('twice');
    expect((await register({ email, password: 'secret-123', userName: 'First' })).statusCode).toBe(200);

    const again = await register({
      email: `  ${email.toUpperCase()}  `,
      password: 'other-pass',
      userName: 'Second',
    });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ ServerMassageCode: 'user_already_registered', code: 5 });
    expect(again.json().token).toBeUndefined();
  });

  it.each([
    ['an email with an inner space', { email: 'no a@example.com' }, 'invalid_email_spaces', 'email'],
    ['an email without a domain', { email: 'abc@' }, 'invalid_email_format', 'email'],
    ['an email without a dot in the domain', { email: 'abc@example' }, 'invalid_email_format', 'email'],
    ['a missing email', { email: undefined }, 'invalid_email_format', 'email'],
    ['a five-character password', { password: '12345' }, 'password_too_short', 'password'],
    ['a missing user name', { userName: undefined }, 'user_name_required', 'userName'],
    ['a blank user name', { userName: '   ' }, 'user_name_required', 'userName'],
    ['a different confirmation', { rePassword: 'secret-124' }, 'passwords_dont_match', 'rePassword'],
  ])('refuses %s with 400 %s', async (_what, change, code, field) => {
    const body = { email: uniqueEmail(), password: 'secret-123', userName: 'Dana', ...change };
    const res = await register(body);
    expect(res.statusCode).toBe(400);
    expect(res.json().ServerMassageCode).toBe(code);
    expect(res.json().errors).toContainEqual({ field, code });
  });

  it('refuses an unknown field with 400 and names it', async () => {
    const res = await register({
      email: uniqueEmail(),
      password: 'secret-123',
      userName: 'Dana',
      isAdmin: true,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().ServerMassageCode).toBe('bad_request');
    expect(res.json().errors).toContainEqual({ field: 'isAdmin', code: 'unknown_field' });
  });

  it('cannot be used to make oneself a manager', async () => {
    const res = await register({
      email: uniqueEmail(),
      password: 'secret-123',
      userName: 'Dana',
      role: 'manager',
    });
    expect(res.statusCode).toBe(400);
  });

  it('does not create the account when the input is refused', async () => {
    const email = uniqueEmail('refused');
    await register({ email, password: '12345', userName: 'Dana' });
    const rows = await t.db.db.select({ id: users.id }).from(users).where(eq(users.email, email));
    expect(rows).toHaveLength(0);
  });
});
