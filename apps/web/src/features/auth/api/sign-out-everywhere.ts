import { SIGN_OUT_EVERYWHERE_CALL } from '@rides/contract';
import { apiPost, type Envelope } from '../../../lib/api';

/** POST /api/sign_out_everywhere, no body: answers signed_out_everywhere; every token of the user is refused from then on. */
export const signOutEverywhere = () => apiPost<Envelope>(SIGN_OUT_EVERYWHERE_CALL, undefined);
