import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  appLoginBody,
  errorResponse,
  loginResponse,
  okResponse,
  registerBody,
  requestPasswordResetBody,
  resetPasswordBody,
  CHECK_RESET_TOKEN_CALL,
  checkResetTokenBody,
  REQUEST_SIGN_IN_LINK_CALL,
  requestSignInLinkBody,
  SIGN_IN_WITH_LINK_CALL,
  signInWithLinkBody,
  SIGN_OUT_EVERYWHERE_CALL,
  signOutEverywhereResponse,
} from '@rides/contract';
import { currentUser } from '../../plugins/auth.js';
import { RATE_LIMITS, type SecretLookup } from '../../plugins/security.js';
import { chosenLanguage } from '../../plugins/server-render.js';
import type { AccountsService, RequestContext, SignedIn } from './accounts.service.js';
import { deviceCookieFrom } from './device-cookie.js';
import { deviceInfoFrom } from './device.js';

/**
 * Sign-in errors keep app_login's numeric `code` (001 §8 "codes 1 to 5": 3 not registered, 4 wrong password,
 * 5 already registered); without it in the schema the serializer would strip it from the answer.
 */
const signInError = errorResponse.extend({ code: loginResponse.shape.code.optional() });
/** A wrong reset token counts as a guess against the address (decision 0052): reset and check alike. */
const resetGuesses: SecretLookup = { wrongCodes: ['invalid_reset_token'] };

const errors = {
  400: signInError,
  401: signInError,
  404: signInError,
  409: signInError,
  429: signInError,
  503: errorResponse,
};

function context(
  request: FastifyRequest,
  body: { screen_info?: unknown; timezone?: unknown; languages?: unknown },
): RequestContext {
  const accept = request.headers['accept-language'] ?? '';
  return {
    ip: request.ip,
    device: deviceInfoFrom(body, request.headers['user-agent']),
    // The mails are in the interface language the reader chose (rule 50), else their browser's.
    language: chosenLanguage(request) ?? (/^en\b/i.test(accept) ? 'en' : 'he'),
    deviceCookie: deviceCookieFrom(request.headers.cookie),
    publicAddress: request.publicAddress,
  };
}

/** A sign-in's answer, with the browser's (new) device cookie. */
function signedIn(reply: FastifyReply, result: SignedIn) {
  reply.header('set-cookie', result.deviceCookie);
  return result.answer;
}

/** Account calls of 001 §7 / 002 §7; HTTP only, the rules are in the service. */
export async function accountsRoutes(app: FastifyInstance, opts: { accounts: AccountsService }) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { accounts } = opts;

  api.post(
    '/app_login',
    {
      config: { rateLimit: RATE_LIMITS.signIn },
      schema: {
        tags: ['accounts'],
        summary: 'Sign in with e-mail and password, a Google ID token or a Facebook access token',
        body: appLoginBody,
        response: { 200: loginResponse, ...errors },
      },
    },
    async (request, reply) =>
      signedIn(reply, await accounts.login(request.body, context(request, request.body))),
  );

  api.post(
    '/register_new_user_api',
    {
      config: { rateLimit: RATE_LIMITS.register },
      schema: { tags: ['accounts'], body: registerBody, response: { 200: loginResponse, ...errors } },
    },
    async (request, reply) =>
      signedIn(reply, await accounts.register(request.body, context(request, request.body))),
  );

  api.post(
    '/request_password_reset',
    {
      config: { rateLimit: RATE_LIMITS.passwordReset },
      schema: {
        tags: ['accounts'],
        body: requestPasswordResetBody,
        response: { 200: okResponse, ...errors },
      },
    },
    async (request) => {
      await accounts.requestPasswordReset(request.body.email, context(request, {}));
      return { ServerMassageCode: 'password_reset_email_sent' };
    },
  );

  api.post(
    '/reset_password',
    {
      config: { rateLimit: RATE_LIMITS.passwordReset, secretLookup: resetGuesses },
      schema: { tags: ['accounts'], body: resetPasswordBody, response: { 200: okResponse, ...errors } },
    },
    async (request) => {
      await accounts.resetPassword(request.body.token, request.body.newPassword);
      return { ServerMassageCode: 'password_reset_success' };
    },
  );

  api.post(
    `/${CHECK_RESET_TOKEN_CALL}`,
    {
      config: { rateLimit: RATE_LIMITS.passwordReset, secretLookup: resetGuesses },
      schema: { tags: ['accounts'], body: checkResetTokenBody, response: { 200: okResponse, ...errors } },
    },
    async (request) => {
      await accounts.checkResetToken(request.body.token);
      return { ServerMassageCode: 'success' as const };
    },
  );

  api.post(
    `/${REQUEST_SIGN_IN_LINK_CALL}`,
    {
      config: { rateLimit: RATE_LIMITS.signInLink },
      schema: {
        tags: ['accounts'],
        summary:
          'Mails a link that signs in once (works during a sign-in lock); the same answer for any address',
        body: requestSignInLinkBody,
        response: { 200: okResponse, ...errors },
      },
    },
    async (request) => {
      await accounts.requestSignInLink(request.body.email, context(request, {}));
      return { ServerMassageCode: 'sign_in_link_sent' as const };
    },
  );

  api.post(
    `/${SIGN_IN_WITH_LINK_CALL}`,
    {
      config: { rateLimit: RATE_LIMITS.signIn, secretLookup: { wrongCodes: ['invalid_sign_in_link'] } },
      schema: {
        tags: ['accounts'],
        summary: "Signs in with a mailed sign-in link's token, once; answers as app_login",
        body: signInWithLinkBody,
        response: { 200: loginResponse, ...errors },
      },
    },
    async (request, reply) =>
      signedIn(reply, await accounts.signInWithLink(request.body.token, context(request, request.body))),
  );

  api.post(
    `/${SIGN_OUT_EVERYWHERE_CALL}`,
    {
      preHandler: app.requireUser,
      schema: {
        tags: ['accounts'],
        summary:
          'Signs the user out on every device: every session token issued so far, this one included, is refused',
        response: { 200: signOutEverywhereResponse, 401: errorResponse },
      },
    },
    async (request) => {
      await accounts.signOutEverywhere(currentUser(request).id);
      return { ServerMassageCode: 'signed_out_everywhere' as const };
    },
  );
}
