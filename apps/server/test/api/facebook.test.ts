import { eq } from 'drizzle-orm';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../src/db/schema/index.js';
import { createTestApp, postJson, registerUser, uniqueEmail, type TestApp } from '../helpers/app.js';
import {
  FACEBOOK_TEST_APP_ID,
  FACEBOOK_TEST_APP_SECRET,
  startFakeFacebook,
  type FakeFacebook,
} from '../helpers/fake-facebook.js';

/** Facebook sign-in (001 §7 app_login facebookAccessToken, §8) against a local server speaking the Graph API. */
describe('app_login with a Facebook access token', () => {
  let facebook: FakeFacebook;
  let t: TestApp;
  let ids = 0;
  const nextId = () => `${10_000_000 + ++ids}`;

  beforeAll(async () => {
    facebook = await startFakeFacebook();
    t = await createTestApp({
      FACEBOOK_APP_ID: FACEBOOK_TEST_APP_ID,
      FACEBOOK_APP_SECRET: FACEBOOK_TEST_APP_SECRET,
      FACEBOOK_GRAPH_URL: facebook.graphUrl,
    });
  });
  afterAll(async () => {
    await t?.dispose();
    await facebook?.close();
  });

  const facebookLogin = (facebookAccessToken: string) =>
    postJson(t.app, '/api/app_login', { facebookAccessToken });
  const userIdOf = (token: string) => decodeJwt(token).user_id as number;

  it('a valid token signs in, creates the account, and the app proves itself with appId|secret', async () => {
    const userId = nextId();
    const email = uniqueEmail('fb');
    const token = facebook.issueToken({ userId, name: 'Avi Cohen', email });
    const res = await facebookLogin(token);

    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      ServerMassageCode: 'success',
      code: 1,
      role: 'user',
      userName: 'Avi Cohen',
    });
    const [row] = await t.db.db
      .select()
      .from(users)
      .where(eq(users.id, userIdOf(res.json().token)));
    expect(row).toMatchObject({ email, passwordHash: null, facebookId: userId });

    const debug = facebook.requests.find((r) => r.path === '/debug_token' && r.query.input_token === token);
    expect(debug?.query.access_token).toBe(`${FACEBOOK_TEST_APP_ID}|${FACEBOOK_TEST_APP_SECRET}`);
  });

  it('signing in again finds the same account', async () => {
    const userId = nextId();
    const first = await facebookLogin(
      facebook.issueToken({ userId, name: 'Again', email: uniqueEmail('fb') }),
    );
    const second = await facebookLogin(facebook.issueToken({ userId, name: 'Again' }));
    expect(second.statusCode).toBe(200);
    expect(userIdOf(second.json().token)).toBe(userIdOf(first.json().token));
  });

  it('works for a Facebook account that shares no e-mail address', async () => {
    const res = await facebookLogin(facebook.issueToken({ userId: nextId(), name: 'No Mail' }));
    expect(res.statusCode).toBe(200);
    expect(res.json().userName).toBe('No Mail');
  });

  it.each<[string, () => string]>([
    ['a token Facebook says is not valid', () => facebook.issueToken({ userId: nextId(), isValid: false })],
    ['a token issued to another app', () => facebook.issueToken({ userId: nextId(), appId: '999999999' })],
    ['a token Facebook does not know', () => 'EAAunknownTokenNobodyIssued'],
  ])('refuses %s with 401 invalid_social_token', async (_what, make) => {
    const res = await facebookLogin(make());
    expect(res.statusCode).toBe(401);
    expect(res.json().ServerMassageCode).toBe('invalid_social_token');
    expect(res.json().token).toBeUndefined();
  });

  it('an existing password account with the same address: 409 account_exists_with_different_credential', async () => {
    const user = await registerUser(t.app);
    const res = await facebookLogin(
      facebook.issueToken({ userId: nextId(), name: 'Taker', email: user.email.toUpperCase() }),
    );
    expect(res.statusCode).toBe(409);
    expect(res.json().ServerMassageCode).toBe('account_exists_with_different_credential');
    // Nothing was linked: the account still has no Facebook id.
    const [row] = await t.db.db
      .select()
      .from(users)
      .where(eq(users.id, userIdOf(user.token)));
    expect(row?.facebookId).toBeNull();
  });

  it('password sign-in for a Facebook-only account is refused', async () => {
    const email = uniqueEmail('fbonly');
    expect((await facebookLogin(facebook.issueToken({ userId: nextId(), email }))).statusCode).toBe(200);
    const res = await postJson(t.app, '/api/app_login', { email, password: 'any-password' });
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.statusCode).toBeLessThan(500);
    expect(res.json().token).toBeUndefined();
    expect(res.json().ServerMassageCode).toBe('email_is_not_baind_to_this_acount');
  });
});

describe('app_login with Facebook when it is not configured', () => {
  it('answers 503 social_login_not_configured', async () => {
    const t = await createTestApp();
    try {
      const res = await postJson(t.app, '/api/app_login', { facebookAccessToken: 'EAAsomeTokenValue' });
      expect(res.statusCode).toBe(503);
      expect(res.json().ServerMassageCode).toBe('social_login_not_configured');
    } finally {
      await t.dispose();
    }
  });
});
