import {
  ADDRESSES,
  LOGIN_CODES,
  RESET_TOKEN_TTL_MINUTES,
  SIGN_IN_LINK_TTL_MINUTES,
  type LoginResponse,
  type Role,
} from '@rides/contract';
import type { Config } from '../../config.js';
import type { Database } from '../../db/client.js';
import { AppError, fail, tooManyRequests } from '../../lib/errors.js';
import {
  hashOpaqueToken,
  newOpaqueToken,
  signSessionToken,
  type MailedTokenPurpose,
} from '../../lib/tokens.js';
import type { Mailer } from '../../providers/mail/index.js';
import { createAccountsRepository, type UserRow } from './accounts.repository.js';
import { deviceFingerprint, deviceName, type DeviceInfo } from './device.js';
import { createDeviceCookies } from './device-cookie.js';
import { createLoginThrottle, type ThrottleStore } from './login-throttle.js';
import { resetPasswordMail, signInLinkMail } from './mails.js';
import { dummyHash, hashPassword, verifyPassword } from './passwords.js';
import { createFacebookVerifier, createGoogleVerifier, type SocialIdentity } from './social.js';

export interface RequestContext {
  ip: string;
  device: DeviceInfo;
  /** UI language of the caller, for mails. */
  language: 'he' | 'en';
  /** The device cookie the browser sent (device-cookie.ts), if any. */
  deviceCookie?: string | undefined;
  /** The site's address for mailed links (plugins/public-address.ts). */
  publicAddress: string;
}

/** A sign-in's answer, and the device cookie to give the browser (routes set it). */
export interface SignedIn {
  answer: LoginResponse;
  deviceCookie: string;
}

export interface LoginInput {
  email?: string;
  password?: string;
  googleIdToken?: string;
  facebookAccessToken?: string;
}

/**
 * Sign-in, registration and password reset (001 §2, §5, §7, §8). Rules live here; SQL lives in the repository.
 */
export function createAccountsService(deps: {
  db: Database;
  config: Config;
  mailer: Mailer;
  fetchImpl?: typeof fetch;
  log?: { info: (obj: object, msg: string) => void; warn: (obj: object, msg: string) => void };
  /** Where the sign-in lock counts (Redis shared by every process, or this process's memory). */
  throttleStore: ThrottleStore;
  /** Work to run after the answer has left (the reset mail), so the answer does not wait for it. */
  afterAnswer: (work: () => Promise<void>) => void;
  /**
   * Told right after a commit that revoked a user's sessions (password reset, sign out everywhere): drop the cached
   * state in this process (the others catch up before their next request: changes.ts catchUp).
   */
  onSessionsRevoked?: (userId: number) => void | Promise<void>;
}) {
  const { config, mailer } = deps;
  const repo = createAccountsRepository(deps.db);
  const throttle = createLoginThrottle(config.login, deps.throttleStore, deps.log);
  const devices = createDeviceCookies(config.jwtSecret, { secure: config.isProduction });
  const verifyGoogle = createGoogleVerifier(config.google);
  const verifyFacebook = createFacebookVerifier(config.facebook, deps.fetchImpl);

  async function session(
    user: UserRow,
    ctx: RequestContext,
    code: number = LOGIN_CODES.worked,
  ): Promise<SignedIn> {
    // The browser keeps its device cookie for this account (it names the device); any other browser gets a new one.
    const shown = devices.read(ctx.deviceCookie);
    const cookie = shown?.userId === user.id && ctx.deviceCookie ? ctx.deviceCookie : devices.issue(user.id);
    await repo.recordLogin(user.id, {
      cookieKey: devices.key(cookie),
      fingerprint: deviceFingerprint(ctx.device),
      name: deviceName(ctx.device.userAgent),
      ...ctx.device,
      ip: ctx.ip,
    });
    const token = await signSessionToken(config.jwtSecret, config.jwtTtlHours, {
      id: user.id,
      role: user.role as Role,
      tokenVersion: user.tokenVersion,
    });
    return {
      answer: {
        ServerMassageCode: 'success',
        code,
        token,
        role: user.role as Role,
        userName: user.userName,
        isAdmin: user.isAdmin,
      },
      deviceCookie: devices.header(cookie),
    };
  }

  async function socialUser(identity: SocialIdentity): Promise<UserRow> {
    const known = await repo.findBySocial(identity.provider, identity.subject);
    if (known) return known;
    if (identity.email) {
      const sameEmail = await repo.findByEmail(identity.email);
      if (sameEmail) {
        // Only a verified Google address may join an existing account, and only one without a Google identity
        // yet; anything else could take the account over.
        if (identity.provider === 'google' && identity.emailVerified && !sameEmail.googleSub) {
          return repo.linkSocial(sameEmail.id, identity.provider, identity.subject);
        }
        throw new AppError('account_exists_with_different_credential');
      }
    }
    const created = await repo.createUser({
      email: identity.email,
      passwordHash: null,
      userName: identity.name ?? identity.email?.split('@')[0] ?? 'traveller',
      google: identity.provider === 'google' ? identity.subject : null,
      facebook: identity.provider === 'facebook' ? identity.subject : null,
    });
    // Lost a race with another sign-in of the same identity: that one made the account.
    return (
      created ?? (await repo.findBySocial(identity.provider, identity.subject)) ?? fail('api_call_failed')
    );
  }

  /** What each mailed link is: how long it works, where it lands, its words. */
  const MAILED_LINKS = {
    reset: {
      minutes: RESET_TOKEN_TTL_MINUTES,
      path: ADDRESSES.resetPassword,
      mail: resetPasswordMail,
      what: 'password reset',
    },
    sign_in: {
      minutes: SIGN_IN_LINK_TTL_MINUTES,
      path: ADDRESSES.signInLink,
      mail: signInLinkMail,
      what: 'sign-in',
    },
  } as const;

  /**
   * Writes a new single-use token for the user (replacing the earlier unused ones) and mails its link, after the
   * answer has left. A mail that fails is logged; the user asks again.
   */
  function mailLink(user: UserRow, email: string, ctx: RequestContext, purpose: MailedTokenPurpose): void {
    const kind = MAILED_LINKS[purpose];
    deps.afterAnswer(async () => {
      const { token, hash } = newOpaqueToken(purpose);
      await repo.replaceMailedToken(user.id, hash, new Date(Date.now() + kind.minutes * 60_000));
      const link = `${ctx.publicAddress}${kind.path}?token=${token}`;
      try {
        await mailer.send({ to: email, ...kind.mail(ctx.language, user.userName, link) });
      } catch (err) {
        deps.log?.warn({ err: (err as Error).message }, `${kind.what} mail failed`);
        return;
      }
      // The embedded default has no mail server: the link is written to the log too, outside production only.
      if (mailer.kind === 'outbox' && !config.isProduction)
        deps.log?.info({ to: email, link }, `${kind.what} link (outbox)`);
    });
  }

  return {
    async login(input: LoginInput, ctx: RequestContext): Promise<SignedIn> {
      if (input.googleIdToken) return session(await socialUser(await verifyGoogle(input.googleIdToken)), ctx);
      if (input.facebookAccessToken)
        return session(await socialUser(await verifyFacebook(input.facebookAccessToken)), ctx);
      if (!input.email)
        throw new AppError('invalid_email_format', [{ field: 'email', code: 'invalid_email_format' }], {
          code: LOGIN_CODES.failed,
        });
      if (!input.password)
        throw new AppError('password_too_short', [{ field: 'password', code: 'password_too_short' }], {
          code: LOGIN_CODES.failed,
        });

      const user = await repo.findByEmail(input.email);
      // The limits (login-throttle.ts, decision 0052): a browser with a valid device cookie for this very account counts
      // against that cookie; any other against the (account, address) pair and, slowing only, the account.
      const device = devices.read(ctx.deviceCookie);
      const attempt = {
        ip: ctx.ip,
        email: input.email,
        trustedDevice:
          user !== undefined && device !== null && device.userId === user.id ? device.nonce : null,
      };
      const wait = await throttle.admit(attempt);
      if (wait > 0) throw tooManyRequests(wait, { code: LOGIN_CODES.failed });
      if (!user) {
        await verifyPassword(await dummyHash(), input.password);
        await throttle.failed(attempt);
        throw new AppError('user_not_registered', undefined, { code: LOGIN_CODES.userNotRegistered });
      }
      if (!user.passwordHash) {
        throw new AppError(
          user.googleSub ? 'google_oauth_user' : 'email_is_not_baind_to_this_acount',
          undefined,
          {
            code: LOGIN_CODES.failed,
          },
        );
      }
      if (!(await verifyPassword(user.passwordHash, input.password))) {
        await throttle.failed(attempt);
        throw new AppError('wrong_password', undefined, { code: LOGIN_CODES.wrongPassword });
      }
      await throttle.succeeded(attempt);
      return session(user, ctx);
    },

    async register(
      input: { email: string; password: string; userName: string },
      ctx: RequestContext,
    ): Promise<SignedIn> {
      if (await repo.findByEmail(input.email)) {
        throw new AppError('user_already_registered', [{ field: 'email', code: 'user_already_registered' }], {
          code: LOGIN_CODES.alreadyRegistered,
        });
      }
      const passwordHash = await hashPassword(input.password);
      const user = await repo.createUser({
        email: input.email,
        passwordHash,
        userName: input.userName,
        google: null,
        facebook: null,
      });
      if (!user)
        throw new AppError('user_already_registered', undefined, { code: LOGIN_CODES.alreadyRegistered });
      return session(user, ctx);
    },

    /**
     * Known and unknown addresses answer after the same single lookup: the token is written and the mail sent after
     * the answer has left (issue 15 point 4), so the answer's time does not tell a slow mail server's work apart.
     * A mail that fails is logged (the user asks again); the spec's codes are kept.
     */
    async requestPasswordReset(email: string, ctx: RequestContext): Promise<void> {
      const user = await repo.findByEmail(email);
      if (!user) throw new AppError('password_reset_failed_user_is_not_registered');
      if (!user.passwordHash && user.googleSub) throw new AppError('google_oauth_user');
      mailLink(user, email, ctx, 'reset');
    },

    /**
     * request_sign_in_link (decision 0052): the same answer whether or not the address has an account, after the same
     * single lookup; the mail goes after the answer, as the reset's. Limited per account asked for (the address'
     * limit is the route's): past it, the newest link already mailed is the one to use.
     */
    async requestSignInLink(email: string, ctx: RequestContext): Promise<void> {
      const wait = await throttle.linkRequested(email);
      if (wait > 0) throw tooManyRequests(wait);
      const user = await repo.findByEmail(email);
      if (user) mailLink(user, email, ctx, 'sign_in');
    },

    /**
     * sign_in_with_link: the mailed link signs in once (no lock or slow-down applies: it is the owner's way in), and
     * makes this browser a trusted one (its device cookie) and clears this address' failures for the account.
     */
    async signInWithLink(token: string, ctx: RequestContext): Promise<SignedIn> {
      const user = await repo.consumeSignInToken(hashOpaqueToken(token, 'sign_in'));
      if (!user) {
        throw new AppError('invalid_sign_in_link', [{ field: 'token', code: 'invalid_sign_in_link' }], {
          code: LOGIN_CODES.failed,
        });
      }
      if (user.email) await throttle.succeeded({ ip: ctx.ip, email: user.email, trustedDevice: null });
      return session(user, ctx);
    },

    /** Every session token of the user, the caller's included, is refused from now on (decision 0024). */
    async signOutEverywhere(userId: number): Promise<void> {
      if ((await repo.signOutEverywhere(userId)) === null) throw new AppError('user_is_not_authorized');
      await deps.onSessionsRevoked?.(userId);
    },

    /** check_reset_token: the link is still usable, else invalid_reset_token (as resetPassword would answer). */
    async checkResetToken(token: string): Promise<void> {
      if (!(await repo.isMailedTokenUsable(hashOpaqueToken(token, 'reset'))))
        throw new AppError('invalid_reset_token', [{ field: 'token', code: 'invalid_reset_token' }]);
    },

    async resetPassword(token: string, newPassword: string): Promise<void> {
      const passwordHash = await hashPassword(newPassword);
      const userId = await repo.consumeResetToken(hashOpaqueToken(token, 'reset'), passwordHash);
      if (userId === null)
        throw new AppError('invalid_reset_token', [{ field: 'token', code: 'invalid_reset_token' }]);
      await deps.onSessionsRevoked?.(userId);
    },
  };
}

export type AccountsService = ReturnType<typeof createAccountsService>;
