import {
  REQUEST_SIGN_IN_LINK_CALL,
  SIGN_IN_WITH_LINK_CALL,
  type LoginResponse,
  type RequestSignInLinkBody,
  type SignInWithLinkBody,
} from '@rides/contract';
import { apiPost, type Envelope } from '../../../lib/api';

/**
 * POST /api/request_sign_in_link (decision 0052): answers sign_in_link_sent whether or not the address has an account;
 * 429 too_many_requests (with Retry-After) when this address or this account asked too often.
 */
export const requestSignInLink = (body: RequestSignInLinkBody) =>
  apiPost<Envelope>(REQUEST_SIGN_IN_LINK_CALL, body);

/** POST /api/sign_in_with_link: answers as app_login, or invalid_sign_in_link (unknown, used or expired). */
export const signInWithLink = (body: SignInWithLinkBody) =>
  apiPost<LoginResponse>(SIGN_IN_WITH_LINK_CALL, body);
