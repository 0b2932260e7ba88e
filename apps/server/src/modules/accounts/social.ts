import { createRemoteJWKSet, jwtVerify } from 'jose';
import type { Config } from '../../config.js';
import { AppError } from '../../lib/errors.js';

/** An identity proved by an outside provider. */
export interface SocialIdentity {
  provider: 'google' | 'facebook';
  subject: string;
  email: string | null;
  emailVerified: boolean;
  name: string | null;
}

/**
 * Google: the ID token's signature is checked against the issuer's published keys (JWKS), and its issuer,
 * audience (our client id) and expiry are checked. Issuer and keys URL are settings so tests run a local
 * server that speaks the same protocol.
 */
export function createGoogleVerifier(google: Config['google']) {
  const jwks = createRemoteJWKSet(new URL(google.jwksUrl), {
    timeoutDuration: 5000,
    cooldownDuration: 30_000,
  });
  // Google issues tokens with either form of its issuer.
  const issuers = [google.issuer, google.issuer.replace(/^https:\/\//, '')];
  return async (idToken: string): Promise<SocialIdentity> => {
    if (!google.clientId) throw new AppError('social_login_not_configured');
    let payload;
    try {
      ({ payload } = await jwtVerify(idToken, jwks, {
        issuer: issuers,
        audience: google.clientId,
        algorithms: ['RS256', 'ES256'],
      }));
    } catch {
      throw new AppError('invalid_social_token');
    }
    if (typeof payload.sub !== 'string' || !payload.sub) throw new AppError('invalid_social_token');
    return {
      provider: 'google',
      subject: payload.sub,
      email: typeof payload.email === 'string' ? payload.email.toLowerCase() : null,
      emailVerified: payload.email_verified === true || payload.email_verified === 'true',
      name: typeof payload.name === 'string' ? payload.name : null,
    };
  };
}

interface DebugTokenAnswer {
  data?: { is_valid?: boolean; app_id?: string; user_id?: string; expires_at?: number };
}
interface MeAnswer {
  id?: string;
  name?: string;
  email?: string;
}

/**
 * Facebook: the access token is checked with the Graph API's debug_token (valid, issued to our app), then
 * the profile is read with it. Graph base URL is a setting (tests use a local server).
 */
export function createFacebookVerifier(facebook: Config['facebook'], fetchImpl: typeof fetch = fetch) {
  const get = async <T>(path: string, params: Record<string, string>): Promise<T> => {
    const url = new URL(`${facebook.graphUrl}/${path}`);
    for (const [k, v] of Object.entries(params)) url.searchParams.set(k, v);
    const res = await fetchImpl(url, { signal: AbortSignal.timeout(5000) });
    if (!res.ok) throw new AppError('invalid_social_token');
    return (await res.json()) as T;
  };
  return async (accessToken: string): Promise<SocialIdentity> => {
    if (!facebook.appId || !facebook.appSecret) throw new AppError('social_login_not_configured');
    try {
      const debug = await get<DebugTokenAnswer>('debug_token', {
        input_token: accessToken,
        access_token: `${facebook.appId}|${facebook.appSecret}`,
      });
      const data = debug.data;
      if (!data?.is_valid || data.app_id !== facebook.appId || !data.user_id)
        throw new AppError('invalid_social_token');
      const me = await get<MeAnswer>('me', { fields: 'id,name,email', access_token: accessToken });
      if (me.id !== data.user_id) throw new AppError('invalid_social_token');
      return {
        provider: 'facebook',
        subject: data.user_id,
        email: me.email ? me.email.toLowerCase() : null,
        // Facebook only returns confirmed addresses, but we never merge accounts on it (see service).
        emailVerified: false,
        name: me.name ?? null,
      };
    } catch (err) {
      if (err instanceof AppError) throw err;
      throw new AppError('invalid_social_token');
    }
  };
}
