import { z } from 'zod';
import { ROLES } from '../constants.js';
import { envelope, okResponse } from '../envelope.js';
import { jsonField, text } from '../input-rules.js';
import { emailField, passwordField, userNameField } from '../validation.js';

/**
 * Account calls (001 §7, 002 §7). Old clients posted forms, so every field arrives as a string and
 * device info may come as a JSON string or as an object; both are accepted.
 */
const deviceInfo = {
  /** Free-form: a few numbers about the screen, as JSON text or an object; small and shallow (decision 0025). */
  screen_info: jsonField({ maxDepth: 4, maxSize: 2000 })
    .refine(
      (v) =>
        v === undefined ||
        typeof v === 'string' ||
        (typeof v === 'object' && v !== null && !Array.isArray(v)),
      {
        error: 'bad_request',
      },
    )
    .optional(),
  timezone: text().max(100, { error: 'bad_request' }).optional(),
  languages: z
    .union([
      text().max(500, { error: 'bad_request' }),
      z.array(text().max(50, { error: 'bad_request' })).max(30, { error: 'bad_request' }),
    ])
    .optional(),
};

export const appLoginBody = z.strictObject({
  email: emailField.optional(),
  /** A secret, kept as typed (validation.ts passwordField). */
  password: z.string().max(200, { error: 'password_too_long' }).optional(),
  googleIdToken: text().min(10).max(5000).optional(),
  facebookAccessToken: text().min(10).max(5000).optional(),
  ...deviceInfo,
});
export type AppLoginBody = z.input<typeof appLoginBody>;

export const loginResponse = envelope({
  /** 001 §8 "codes 1 to 5": 1 worked, 2 something failed, 3 not registered, 4 wrong password, 5 already registered. */
  code: z.number().int().min(1).max(5),
  token: z.string().optional(),
  role: z.enum(ROLES).optional(),
  userName: z.string().optional(),
  /** A platform admin (decision 0035): the client shows the admin screens' links. Not a role; the server checks it anew. */
  isAdmin: z.boolean().optional(),
});
export type LoginResponse = z.infer<typeof loginResponse>;

export const registerBody = z
  .strictObject({
    email: emailField,
    password: passwordField,
    /** The old sign-up modal also sent the confirmation and the terms box. */
    rePassword: z.string().max(200, { error: 'password_too_long' }).optional(),
    terms: z.union([z.boolean(), z.enum(['true', 'false', 'on'])]).optional(),
    userName: userNameField,
    ...deviceInfo,
  })
  .refine((b) => b.rePassword === undefined || b.rePassword === b.password, {
    message: 'passwords_dont_match',
    path: ['rePassword'],
  });
export type RegisterBody = z.input<typeof registerBody>;

export const requestPasswordResetBody = z.strictObject({ email: emailField });
export type RequestPasswordResetBody = z.input<typeof requestPasswordResetBody>;

/** A mailed single-use token (reset or sign-in link): any malformed one is refused with the call's own code. */
const mailedTokenField = (error: 'invalid_reset_token' | 'invalid_sign_in_link') =>
  text({ error }).min(20, { error }).max(200, { error });
const resetTokenField = mailedTokenField('invalid_reset_token');

export const resetPasswordBody = z.strictObject({
  token: resetTokenField,
  newPassword: passwordField,
});
export type ResetPasswordBody = z.input<typeof resetPasswordBody>;

/**
 * POST /api/check_reset_token (ours, issue 30 point 5's sibling, decision 0045): the reset page asks whether its link is
 * still usable before asking for a new password. Answers `success`, or 400 invalid_reset_token (unknown, used or
 * expired: the same answer for all three, as reset_password's). Nothing is consumed.
 */
export const CHECK_RESET_TOKEN_CALL = 'check_reset_token';
export const checkResetTokenBody = z.strictObject({ token: resetTokenField });
export type CheckResetTokenBody = z.input<typeof checkResetTokenBody>;

/**
 * POST /api/request_sign_in_link { email } (ours, issue 31 point 3, decision 0052): mails a link that signs in once,
 * within SIGN_IN_LINK_TTL_MINUTES, locked out or not. Answers `sign_in_link_sent` whether or not the address has an
 * account (nothing tells them apart); 429 too_many_requests with Retry-After past the per-address or per-account
 * limits. The newest mailed link of an account (reset or sign-in) replaces the earlier unused ones.
 */
export const REQUEST_SIGN_IN_LINK_CALL = 'request_sign_in_link';
export const requestSignInLinkBody = z.strictObject({ email: emailField });
export type RequestSignInLinkBody = z.input<typeof requestSignInLinkBody>;

/**
 * POST /api/sign_in_with_link { token, device info } (ours, decision 0052): the link's landing page signs in with it.
 * Answers as app_login (code 1, token, role, userName) and makes the browser a trusted one (device cookie); a link
 * unknown, used or expired: 400 invalid_sign_in_link with code 2. Wrong tokens count against the address (429).
 */
export const SIGN_IN_WITH_LINK_CALL = 'sign_in_with_link';
export const signInWithLinkBody = z.strictObject({
  token: mailedTokenField('invalid_sign_in_link'),
  ...deviceInfo,
});
export type SignInWithLinkBody = z.input<typeof signInWithLinkBody>;

/**
 * POST /api/sign_out_everywhere, signed in, no body (decision 0024): every session token of the user, the calling one
 * included, is refused from now on (the user's token version goes up; a password reset does the same). Answers
 * `signed_out_everywhere`; 401 user_is_not_authorized without a valid session.
 */
export const SIGN_OUT_EVERYWHERE_CALL = 'sign_out_everywhere';
export const signOutEverywhereResponse = okResponse;

/**
 * The JWT claims (001 §3: the token carries user_id and exp). `role` is what the user was when signed in, for the
 * client's first screen; the server authorises with the current role, never with this claim (decision 0024).
 */
export const tokenClaims = z.object({
  user_id: z.number().int().positive(),
  role: z.enum(ROLES),
  exp: z.number().int(),
  iat: z.number().int().optional(),
  /** The user's token version when issued; a token whose version is not the current one is signed out (0024). */
  ver: z.number().int().nonnegative(),
});
export type TokenClaims = z.infer<typeof tokenClaims>;
