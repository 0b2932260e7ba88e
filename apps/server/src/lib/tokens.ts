import { createHash, randomBytes, webcrypto } from 'node:crypto';
import { SignJWT, jwtVerify, errors as joseErrors } from 'jose';
import { tokenClaims, type Role, type TokenClaims } from '@rides/contract';
import { AppError } from './errors.js';

/** App session tokens: HS256 JWTs carrying user_id, role, exp and the user's token version `ver` (001 §3, 0024). */
export async function signSessionToken(
  secret: Uint8Array,
  ttlHours: number,
  user: { id: number; role: Role; tokenVersion: number },
): Promise<string> {
  return new SignJWT({ user_id: user.id, role: user.role, ver: user.tokenVersion })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setIssuedAt()
    .setExpirationTime(`${ttlHours}h`)
    .sign(secret);
}

/** Verifies signature, algorithm and expiry; a token without exp, user_id or ver is refused. */
export async function verifySessionToken(
  secret: Uint8Array | webcrypto.CryptoKey,
  token: string,
): Promise<TokenClaims> {
  try {
    const { payload } = await jwtVerify(token, secret, { algorithms: ['HS256'], requiredClaims: ['exp'] });
    const claims = tokenClaims.safeParse(payload);
    if (!claims.success) throw new AppError('user_is_not_authorized');
    return claims.data;
  } catch (err) {
    if (err instanceof AppError) throw err;
    if (err instanceof joseErrors.JWTExpired) throw new AppError('token_expired');
    throw new AppError('user_is_not_authorized');
  }
}

/** Tokens kept verified (decision 0053): ~300 bytes each, so at most a few MB. */
const VERIFIED_MAX = 10_000;

/**
 * verifySessionToken for the hot path (decision 0053): a token string that verified once is answered from a bounded
 * LRU until its exp, so a signed-in reader's request costs a Map lookup, not an HMAC on the crypto thread pool (the
 * signature check was two thirds of a signed-in read's server time). Safe to keep: what a token says is fixed by
 * its signature; all that changes is whether its user still holds it, and the caller still asks that on every
 * request (the user's current role and token version, decision 0024), so nothing here needs invalidating. Only
 * verified tokens are kept (a bad one costs the full check every time, as before); an entry past its exp is dropped
 * and checked again, which answers token_expired exactly as before (jose: expired when exp <= now in seconds).
 * The key is imported once: jose imports a raw secret on every call.
 */
export function createSessionTokenVerifier(
  secret: Uint8Array,
  opts: { max?: number } = {},
): (token: string) => Promise<TokenClaims> {
  const max = opts.max ?? VERIFIED_MAX;
  const key = webcrypto.subtle.importKey('raw', secret, { name: 'HMAC', hash: 'SHA-256' }, false, ['verify']);
  key.catch(() => undefined); // not unhandled before the first token: that request gets the error
  const verified = new Map<string, TokenClaims>();
  return async (token) => {
    const hit = verified.get(token);
    if (hit !== undefined) {
      verified.delete(token);
      // exp is whole seconds: exp * 1000 > now(ms) is jose's exp > floor(now / 1000).
      if (hit.exp * 1000 > Date.now()) {
        verified.set(token, hit); // most recently used last: Map keeps insertion order
        return hit;
      }
    }
    const claims = await verifySessionToken(await key, token);
    verified.set(token, claims);
    if (verified.size > max) verified.delete(verified.keys().next().value as string);
    return claims;
  };
}

/**
 * Single-use secrets mailed to users (password reset, sign-in link: decision 0052): only their hash is stored, in one
 * table (password_reset_tokens). The hash is bound to what the link is for, so a sign-in link is no reset link and a
 * reset link signs no one in. Reset hashes are the plain SHA-256 they always were (links already mailed keep working).
 */
export type MailedTokenPurpose = 'reset' | 'sign_in';

export function newOpaqueToken(purpose: MailedTokenPurpose = 'reset'): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: hashOpaqueToken(token, purpose) };
}

export const hashOpaqueToken = (token: string, purpose: MailedTokenPurpose = 'reset'): string =>
  createHash('sha256')
    .update(purpose === 'reset' ? token : `${purpose}\n${token}`)
    .digest('hex');
