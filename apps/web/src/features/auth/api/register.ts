import type { LoginResponse, RegisterBody } from '@rides/contract';
import { apiPost } from '../../../lib/api';

/** POST /api/register_new_user_api: answers like app_login (token, role, userName). */
export const register = (body: RegisterBody) => apiPost<LoginResponse>('register_new_user_api', body);
