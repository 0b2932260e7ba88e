import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * OWASP's "device cookie" (decision 0006): a browser that signed in to an account gets a signed, httpOnly cookie
 * naming that account and a random nonce. A sign-in that shows a valid cookie for the account it tries counts its
 * failures against that cookie alone, so failures from elsewhere (which count against the account's lock for unknown
 * browsers) never lock the owner's own browser out. The value is `<userId>.<nonce>.<signature>`; the signature is an
 * HMAC under a key derived from JWT_SECRET (so it is not interchangeable with a session token). The same cookie names
 * the device in the admin's device management (decision 0035): a browser keeps it from sign-in to sign-in.
 */
export const DEVICE_COOKIE = 'rides_device';
const MAX_AGE_SECONDS = 365 * 24 * 3600;

export interface DeviceCookie {
  userId: number;
  nonce: string;
}

export function createDeviceCookies(jwtSecret: Uint8Array, opts: { secure: boolean }) {
  const key = createHmac('sha256', jwtSecret).update('rides device cookie v1').digest();
  const sign = (body: string) => createHmac('sha256', key).update(body).digest('base64url');

  return {
    /** A new cookie for a browser that just signed in to the account. */
    issue(userId: number): string {
      const body = `${userId}.${randomBytes(16).toString('base64url')}`;
      return `${body}.${sign(body)}`;
    },

    /** The cookie's account and nonce when its signature holds; null for anything else. */
    read(value: string | undefined): DeviceCookie | null {
      const match = value ? /^([1-9]\d{0,9})\.([\w-]{22})\.([\w-]{43})$/.exec(value) : null;
      if (!match) return null;
      const [, id, nonce, signature] = match as unknown as [string, string, string, string];
      const expected = Buffer.from(sign(`${id}.${nonce}`));
      const given = Buffer.from(signature);
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
      return { userId: Number(id), nonce };
    },

    /** What names the device in the devices table (decision 0035): a hash of the cookie, so the table cannot forge one. */
    key(value: string): string {
      return createHash('sha256').update(value).digest('hex').slice(0, 32);
    },

    /** The Set-Cookie header: sent back only to the sign-in call, never readable by scripts. */
    header(value: string): string {
      return `${DEVICE_COOKIE}=${value}; Path=/api/app_login; Max-Age=${MAX_AGE_SECONDS}; HttpOnly; SameSite=Strict${opts.secure ? '; Secure' : ''}`;
    },
  };
}

export type DeviceCookies = ReturnType<typeof createDeviceCookies>;

/** The device cookie's value from a Cookie request header (the first one: browsers send the most specific path first). */
export function deviceCookieFrom(cookieHeader: string | undefined): string | undefined {
  if (!cookieHeader) return undefined;
  let found: string | undefined;
  for (const part of cookieHeader.split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === DEVICE_COOKIE) found ??= part.slice(eq + 1).trim();
  }
  return found;
}
