import type { AppLoginBody, LoginResponse } from '@rides/contract';
import { apiPost } from '../../../lib/api';

/** POST /api/app_login: email and password, or a Google id token, or a Facebook access token (001 §7). */
export const login = (body: AppLoginBody) => apiPost<LoginResponse>('app_login', body);
