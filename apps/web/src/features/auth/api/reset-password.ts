import type { ResetPasswordBody } from '@rides/contract';
import { useMutation } from '@tanstack/react-query';
import { apiPost, type Envelope } from '../../../lib/api';

/** POST /api/reset_password: answers password_reset_success, or invalid_reset_token. */
export const resetPassword = (body: ResetPasswordBody) => apiPost<Envelope>('reset_password', body);

export const useResetPassword = () => useMutation({ mutationFn: resetPassword });
