import { eq } from 'drizzle-orm';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../src/db/schema/index.js';
import { createTestApp, postJson, registerUser, uniqueEmail, type TestApp } from '../helpers/app.js';
import { GOOGLE_TEST_CLIENT_ID, startFakeGoogle, type FakeGoogle } from '../helpers/fake-google.js';

/**
 * Google sign-in (001 §2 login modal, §7 app_login googleIdToken, §8): the real verifier fetches the keys from a
 * local server speaking Google's JWKS protocol.
 */
describe('app_login with a Google ID token', () => {
  let google: FakeGoogle;
  let t: TestApp;
  let subjects = 0;
  const nextSub = () => `10${String(++subjects).padStart(19, '0')}`;

  beforeAll(async () => {
    google = await startFakeGoogle();
    t = await createTestApp({ GOOGLE_CLIENT_ID: GOOGLE_TEST_CLIENT_ID, GOOGLE_JWKS_URL: google.jwksUrl });
  });
  afterAll(async () => {
    await t?.dispose();
    await google?.close();
  });

  const googleLogin = (googleIdToken: string) => postJson(t.app, '/api/app_login', { googleIdToken });
  const userIdOf = (token: string) => decodeJwt(token).user_id as number;
  const userRow = async (id: number) =>
    (await t.db.db.select().from(users).where(eq(users.id, id)))[0] as Record<string, unknown> | undefined;

  it('a valid token signs in and creates an account without a password', async () => {
    const sub = nextSub();
    const email = uniqueEmail('g');
    const res = await googleLogin(
      await google.signIdToken({ sub, email: email.toUpperCase(), email_verified: true, name: 'Gal Levi' }),
    );

    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      ServerMassageCode: 'success',
      code: 1,
      role: 'user',
      userName: 'Gal Levi',
    });
    const row = await userRow(userIdOf(res.json().token));
    expect(row).toMatchObject({ email, passwordHash: null, googleSub: sub });
  });

  it('signing in again finds the same account', async () => {
    const sub = nextSub();
    const claims = { sub, email: uniqueEmail('g'), email_verified: true, name: 'Same' };
    const first = await googleLogin(await google.signIdToken(claims));
    const second = await googleLogin(await google.signIdToken(claims));
    expect(second.statusCode).toBe(200);
    expect(userIdOf(second.json().token)).toBe(userIdOf(first.json().token));
    expect(await t.db.db.select({ id: users.id }).from(users).where(eq(users.googleSub, sub))).toHaveLength(
      1,
    );
  });

  it('accepts the issuer without the scheme, as Google also issues it', async () => {
    const res = await googleLogin(
      await google.signIdToken({ sub: nextSub(), iss: 'accounts.google.com', email: uniqueEmail('g') }),
    );
    expect(res.statusCode).toBe(200);
  });

  it.each<[string, () => Promise<string>]>([
    [
      'another audience',
      () => google.signIdToken({ sub: nextSub(), aud: 'someone-else.apps.googleusercontent.com' }),
    ],
    ['another issuer', () => google.signIdToken({ sub: nextSub(), iss: 'https://evil.example.com' })],
    [
      'a key that is not published, claiming the published key id',
      () => google.signForgedIdToken({ sub: nextSub() }),
    ],
    [
      'a key that is not published, with its own key id',
      () => google.signForgedIdToken({ sub: nextSub() }, { kid: 'attacker-key' }),
    ],
    [
      'an expired token',
      () =>
        google.signIdToken(
          { sub: nextSub() },
          { iat: Math.floor(Date.now() / 1000) - 7200, exp: Math.floor(Date.now() / 1000) - 3600 },
        ),
    ],
    ['no subject', () => google.signIdToken({ email: uniqueEmail('g') })],
    ['a token that is not a JWT', async () => 'this-is-not-a-google-token'],
  ])('refuses %s with 401 invalid_social_token', async (_what, make) => {
    const res = await googleLogin(await make());
    expect(res.statusCode).toBe(401);
    expect(res.json().ServerMassageCode).toBe('invalid_social_token');
    expect(res.json().token).toBeUndefined();
  });

  it('a verified Google address of an existing password account signs in to that account', async () => {
    const user = await registerUser(t.app);
    const res = await googleLogin(
      await google.signIdToken({ sub: nextSub(), email: user.email, email_verified: true }),
    );
    expect(res.statusCode).toBe(200);
    expect(userIdOf(res.json().token)).toBe(userIdOf(user.token));
    // The password keeps working.
    expect(
      (await postJson(t.app, '/api/app_login', { email: user.email, password: user.password })).statusCode,
    ).toBe(200);
  });

  it('an unverified Google address of an existing account does not take it over: 409', async () => {
    const user = await registerUser(t.app);
    const res = await googleLogin(
      await google.signIdToken({ sub: nextSub(), email: user.email, email_verified: false }),
    );
    expect(res.statusCode).toBe(409);
    expect(res.json().ServerMassageCode).toBe('account_exists_with_different_credential');
  });

  describe('a Google-only account', () => {
    let email: string;
    beforeAll(async () => {
      email = uniqueEmail('gonly');
      const res = await googleLogin(
        await google.signIdToken({ sub: nextSub(), email, email_verified: true }),
      );
      expect(res.statusCode).toBe(200);
    });

    it('password sign-in: 409 google_oauth_user (log in with Google)', async () => {
      const res = await postJson(t.app, '/api/app_login', { email, password: 'any-password' });
      expect(res.statusCode).toBe(409);
      expect(res.json().ServerMassageCode).toBe('google_oauth_user');
    });

    it('password reset request: 409 google_oauth_user', async () => {
      const res = await postJson(t.app, '/api/request_password_reset', { email });
      expect(res.statusCode).toBe(409);
      expect(res.json().ServerMassageCode).toBe('google_oauth_user');
    });

    it('registering the same address with a password: 409 user_already_registered', async () => {
      const res = await postJson(t.app, '/api/register_new_user_api', {
        email,
        password: 'secret-123',
        userName: 'X',
      });
      expect(res.statusCode).toBe(409);
      expect(res.json().ServerMassageCode).toBe('user_already_registered');
    });
  });
});

describe('app_login with Google when it is not configured', () => {
  it('answers 503 social_login_not_configured', async () => {
    const google = await startFakeGoogle();
    const t = await createTestApp({ GOOGLE_CLIENT_ID: undefined, GOOGLE_JWKS_URL: google.jwksUrl });
    try {
      const res = await postJson(t.app, '/api/app_login', {
        googleIdToken: await google.signIdToken({ sub: '1234567890' }),
      });
      expect(res.statusCode).toBe(503);
      expect(res.json().ServerMassageCode).toBe('social_login_not_configured');
      expect(google.jwksRequests).toBe(0);
      const clientConfig = await t.app.inject({ method: 'GET', url: '/api/client_config' });
      expect(clientConfig.json().googleClientId).toBeNull();
    } finally {
      await t.dispose();
      await google.close();
    }
  });
});
