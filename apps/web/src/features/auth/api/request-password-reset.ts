import type { RequestPasswordResetBody } from '@rides/contract';
import { apiPost, type Envelope } from '../../../lib/api';

/** POST /api/request_password_reset: answers password_reset_email_sent. */
export const requestPasswordReset = (body: RequestPasswordResetBody) =>
  apiPost<Envelope>('request_password_reset', body);
