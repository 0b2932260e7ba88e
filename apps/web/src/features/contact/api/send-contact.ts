import type { ContactFormBody } from '@rides/contract';
import { useMutation } from '@tanstack/react-query';
import { apiPost, type Envelope } from '../../../lib/api';

/** POST /api/contact_form_api (no sign-in needed): answers contact_form_success. */
const sendContact = (body: ContactFormBody) => apiPost<Envelope>('contact_form_api', body);

export const useSendContact = () => useMutation({ mutationFn: sendContact });
