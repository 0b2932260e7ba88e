import { CHECK_RESET_TOKEN_CALL, type ResetPasswordBody } from '@rides/contract';
import { queryOptions } from '@tanstack/react-query';
import { apiPost, type Envelope } from '../../../lib/api';

/** POST /api/reset_password: answers password_reset_success, or invalid_reset_token. */
export const resetPassword = (body: ResetPasswordBody) => apiPost<Envelope>('reset_password', body);

/**
 * POST /api/check_reset_token: whether the page's link is still usable, read before asking for a new password
 * (decision 0045). A refusal (invalid_reset_token) is the answer, not a failure to retry.
 */
export const resetTokenQuery = (token: string) =>
  queryOptions({
    queryKey: ['check_reset_token', token],
    queryFn: ({ signal }) => apiPost<Envelope>(CHECK_RESET_TOKEN_CALL, { token }, signal),
    retry: false,
    refetchOnWindowFocus: false,
  });
