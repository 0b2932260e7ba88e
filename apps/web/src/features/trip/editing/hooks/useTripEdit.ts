import { useCallback, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ApiError, errorCode } from '../../../../lib/api';
import { messageKey } from '../../../../lib/i18n';
import { invalidateTrip } from '../../../../lib/ride-editing/invalidate-trip';
import { showToast } from '../../../../lib/toast';

export const ORDERED_ACCOMMODATION = 'rideHaveOrderedAccommodation';

/** True when a day change must be confirmed and repeated with /force (000 §4). */
export const needsForce = (error: unknown): boolean => error instanceof ApiError && error.code === ORDERED_ACCOMMODATION;

/**
 * Runs one change of a trip: a busy flag for the button, the trip and its header read again on success (000 §4
 * "After any successful day change, the trip and its header are reloaded"), and the server's code shown on failure
 * (every refusal, 401/403/404/409/400, has its text in both languages). `run` answers the result, or undefined when
 * the call failed; errors the caller wants to handle itself (the forced variants) are passed to `onError` first.
 * Toasts carry no fixed id: Mantine ignores a toast whose id is still on screen, and two edits in a row must both
 * be told.
 */
export function useTripEdit(rideId: number) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);

  const showError = useCallback(
    (error: unknown) =>
      showToast({ color: 'red', message: t(messageKey(errorCode(error))), autoClose: 8000 }),
    [t],
  );

  const run = useCallback(
    async <T,>(call: () => Promise<T>, opts: { success?: string; onError?: (error: unknown) => boolean } = {}) => {
      setBusy(true);
      try {
        const result = await call();
        await invalidateTrip(queryClient, rideId);
        if (opts.success) showToast({ color: 'brand', message: opts.success });
        return result;
      } catch (error) {
        // A refusal may mean the trip changed elsewhere (locked, a day removed): show it as it now is.
        if (error instanceof ApiError && error.status >= 400 && error.status < 500) void invalidateTrip(queryClient, rideId);
        if (!opts.onError?.(error)) showError(error);
        return undefined;
      } finally {
        setBusy(false);
      }
    },
    [queryClient, rideId, showError],
  );

  return { run, busy, showError };
}
