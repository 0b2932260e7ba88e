import { describe, expect, it } from 'vitest';
import {
  isInAppBrowser,
  providerUrl,
  readCallback,
  type SignInSettings,
} from '../src/features/auth/lib/oauth';

const config: SignInSettings = {
  googleClientId: 'g-id',
  googleAuthUrl: 'https://accounts.example/o/oauth2/v2/auth',
  facebookAppId: 'fb-id',
  facebookAuthUrl: 'https://www.facebook.example/v19.0/dialog/oauth',
};
const b64 = (o: unknown) => Buffer.from(JSON.stringify(o)).toString('base64url');
const idToken = (nonce: string) => `${b64({ alg: 'RS256' })}.${b64({ nonce, email: 'a@b.co' })}.sig`;

describe('social sign-in', () => {
  it('builds the Google implicit-flow address with state and nonce', () => {
    const url = new URL(providerUrl('google', config, 'https://rides.example', 'google:s1', 'n1')!);
    expect(url.origin + url.pathname).toBe(config.googleAuthUrl);
    expect(Object.fromEntries(url.searchParams)).toEqual({
      client_id: 'g-id',
      redirect_uri: 'https://rides.example/oauth2/callback',
      response_type: 'id_token',
      scope: 'openid email profile',
      nonce: 'n1',
      state: 'google:s1',
    });
  });

  it('builds the Facebook address, and nothing when a provider is not configured', () => {
    const url = new URL(providerUrl('facebook', config, 'https://rides.example', 'facebook:s2', 'n')!);
    expect(url.searchParams.get('response_type')).toBe('token');
    expect(url.searchParams.get('state')).toBe('facebook:s2');
    expect(providerUrl('google', { ...config, googleClientId: null }, 'https://x', 's', 'n')).toBeNull();
    expect(providerUrl('facebook', { ...config, facebookAppId: null }, 'https://x', 's', 'n')).toBeNull();
  });

  it('recognises Facebook and Instagram in-app browsers', () => {
    expect(isInAppBrowser('Mozilla/5.0 (iPhone) [FBAN/FBIOS;FBAV/400.0]')).toBe(true);
    expect(isInAppBrowser('Mozilla/5.0 (Linux; Android 14) Instagram 300.0.0')).toBe(true);
    expect(isInAppBrowser('Mozilla/5.0 (X11; Linux x86_64) Chrome/130.0')).toBe(false);
  });

  it('accepts a callback whose state and nonce match what was stored', () => {
    const r = readCallback(`#state=google%3As1&id_token=${idToken('n1')}`, {
      state: 'google:s1',
      nonce: 'n1',
    });
    expect(r).toEqual({ ok: true, provider: 'google', credential: { googleIdToken: idToken('n1') } });
    const f = readCallback('#access_token=EAAB123&state=facebook:s2', { state: 'facebook:s2', nonce: null });
    expect(f).toEqual({ ok: true, provider: 'facebook', credential: { facebookAccessToken: 'EAAB123' } });
  });

  it('refuses forged or replayed state, a wrong nonce, missing tokens and provider errors', () => {
    const stored = { state: 'google:s1', nonce: 'n1' };
    expect(readCallback(`#state=google:other&id_token=${idToken('n1')}`, stored)).toEqual({
      ok: false,
      code: 'oauth_state_mismatch',
    });
    expect(readCallback(`#state=google:s1&id_token=${idToken('n1')}`, { state: null, nonce: null })).toEqual({
      ok: false,
      code: 'oauth_state_mismatch',
    });
    expect(readCallback(`#state=google:s1&id_token=${idToken('evil')}`, stored)).toEqual({
      ok: false,
      code: 'oauth_state_mismatch',
    });
    expect(readCallback('#state=google:s1', stored)).toEqual({ ok: false, code: 'invalid_social_token' });
    expect(readCallback('#error=access_denied&state=google:s1', stored)).toEqual({
      ok: false,
      code: 'oauth_cancelled',
    });
  });
});
