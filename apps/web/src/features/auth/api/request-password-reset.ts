import type { RequestPasswordResetBody } from '@rides/contract';
import { useMutation } from '@tanstack/react-query';
import { apiPost, type Envelope } from '../../../lib/api';

/** POST /api/request_password_reset: answers password_reset_email_sent. */
export const requestPasswordReset = (body: RequestPasswordResetBody) =>
  apiPost<Envelope>('request_password_reset', body);

export const useRequestPasswordReset = () => useMutation({ mutationFn: requestPasswordReset });
