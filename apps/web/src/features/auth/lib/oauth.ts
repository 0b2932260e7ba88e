import { PATHS, safeReturnPath } from '../../../lib/paths';
import { session } from '../../../lib/storage';
import { decodeTokenPayload } from '../../../lib/session';
import type { ClientConfigResponse } from '@rides/contract';

/**
 * Google and Facebook sign-in by redirect (implicit flow): we send the browser to the provider with a random
 * state (and a nonce for Google), and /oauth2/callback reads the token from the address fragment.
 */
export type Provider = 'google' | 'facebook';

/** What the sign-in by redirect reads of /api/client_config. */
export type SignInSettings = Pick<
  ClientConfigResponse,
  'googleClientId' | 'googleAuthUrl' | 'facebookAppId' | 'facebookAuthUrl'
>;

const KEYS = { state: 'oauthState', nonce: 'oauthNonce', returnTo: 'oauthReturnTo' } as const;

/** Facebook and Instagram in-app browsers: Google refuses to sign in there (001 §5). */
export const isInAppBrowser = (userAgent: string): boolean => /FBAN|FBAV|Instagram/i.test(userAgent);

function randomToken(bytes = 16): string {
  const buf = new Uint8Array(bytes);
  crypto.getRandomValues(buf);
  return Array.from(buf, (b) => b.toString(16).padStart(2, '0')).join('');
}

const callbackUrl = (origin: string): string => `${origin}${PATHS.oauthCallback}`;

export function providerUrl(
  provider: Provider,
  config: SignInSettings,
  origin: string,
  state: string,
  nonce: string,
): string | null {
  if (provider === 'google') {
    if (!config.googleClientId) return null;
    const q = new URLSearchParams({
      client_id: config.googleClientId,
      redirect_uri: callbackUrl(origin),
      response_type: 'id_token',
      scope: 'openid email profile',
      nonce,
      state,
    });
    return `${config.googleAuthUrl}?${q.toString()}`;
  }
  if (!config.facebookAppId) return null;
  const q = new URLSearchParams({
    client_id: config.facebookAppId,
    redirect_uri: callbackUrl(origin),
    response_type: 'token',
    state,
  });
  return `${config.facebookAuthUrl}?${q.toString()}`;
}

/**
 * Leaves for the provider. Returns an error code instead when that is not possible
 * (Google inside a Facebook/Instagram app, or the provider is not configured).
 */
export function startOAuth(provider: Provider, config: SignInSettings): string | null {
  if (provider === 'google' && isInAppBrowser(navigator.userAgent))
    return 'not_supporting_FB_or_instagram_browsers';
  const state = `${provider}:${randomToken()}`;
  const nonce = randomToken();
  const url = providerUrl(provider, config, window.location.origin, state, nonce);
  if (!url) return 'social_login_not_configured';
  session.set(KEYS.state, state);
  session.set(KEYS.nonce, nonce);
  session.set(
    KEYS.returnTo,
    safeReturnPath(window.location.pathname + window.location.search + window.location.hash),
  );
  window.location.assign(url);
  return null;
}

type CallbackResult =
  | { ok: true; provider: Provider; credential: { googleIdToken: string } | { facebookAccessToken: string } }
  | { ok: false; code: string };

/** Reads the provider's answer from the address fragment and checks it against what we stored before leaving. */
export function readCallback(
  hash: string,
  stored: { state: string | null; nonce: string | null },
): CallbackResult {
  const params = new URLSearchParams(hash.replace(/^#/, ''));
  if (params.get('error')) return { ok: false, code: 'oauth_cancelled' };
  const state = params.get('state');
  if (!state || !stored.state || state !== stored.state) return { ok: false, code: 'oauth_state_mismatch' };
  const provider = state.split(':')[0];
  if (provider === 'google') {
    const idToken = params.get('id_token');
    if (!idToken) return { ok: false, code: 'invalid_social_token' };
    const claims = decodeTokenPayload(idToken);
    if (!claims || (stored.nonce !== null && claims.nonce !== stored.nonce))
      return { ok: false, code: 'oauth_state_mismatch' };
    return { ok: true, provider, credential: { googleIdToken: idToken } };
  }
  if (provider === 'facebook') {
    const accessToken = params.get('access_token');
    if (!accessToken) return { ok: false, code: 'invalid_social_token' };
    return { ok: true, provider, credential: { facebookAccessToken: accessToken } };
  }
  return { ok: false, code: 'oauth_state_mismatch' };
}

export const storedOAuth = () => ({ state: session.get(KEYS.state), nonce: session.get(KEYS.nonce) });

/** Forgets the round trip (the state is single-use) and returns where the user was. */
export function finishOAuth(): string {
  const returnTo = safeReturnPath(session.get(KEYS.returnTo));
  session.remove(KEYS.state);
  session.remove(KEYS.nonce);
  session.remove(KEYS.returnTo);
  return returnTo;
}
