import { createHash, randomBytes } from 'node:crypto';
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
export async function verifySessionToken(secret: Uint8Array, token: string): Promise<TokenClaims> {
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
