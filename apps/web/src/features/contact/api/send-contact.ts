import type { ContactFormBody } from '@rides/contract';
import { apiPost, type Envelope } from '../../../lib/api';

/** POST /api/contact_form_api (no sign-in needed): answers contact_form_success. */
export const sendContact = (body: ContactFormBody) => apiPost<Envelope>('contact_form_api', body);
