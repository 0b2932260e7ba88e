import { createHash } from 'node:crypto';

/**
 * What names a device for the access statistics (decision 0028): a hash of the browser's user agent. The sign-in's
 * device cookie (accounts/device-cookie.ts, decision 0006) would be better, but it is sent back only to the sign-in
 * call (Path=/api/app_login) and is a lockout credential: widening its path to count opens would send it with every
 * call. Two phones of the same model and browser version count as one device; that is the price of storing nothing
 * new in the browser. Only the hash is kept (22 characters), never the user agent itself.
 */
export function deviceOf(userAgent: string | string[] | undefined): string {
  const ua = (Array.isArray(userAgent) ? userAgent[0] : userAgent)?.trim().slice(0, 512) ?? '';
  return createHash('sha256').update(`ua:${ua}`).digest('base64url').slice(0, 22);
}
