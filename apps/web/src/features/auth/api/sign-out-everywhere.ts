import { SIGN_OUT_EVERYWHERE_CALL } from '@rides/contract';
import { useMutation } from '@tanstack/react-query';
import { apiPost, type Envelope } from '../../../lib/api';

/** POST /api/sign_out_everywhere, no body: answers signed_out_everywhere; every token of the user is refused from then on. */
export const signOutEverywhere = () => apiPost<Envelope>(SIGN_OUT_EVERYWHERE_CALL, undefined);

/** `onSuccess` is the hook's, not mutate's: it runs even when the dialog was closed while the call was on its way. */
export const useSignOutEverywhere = (onSuccess: () => void) =>
  useMutation({ mutationFn: signOutEverywhere, onSuccess });
