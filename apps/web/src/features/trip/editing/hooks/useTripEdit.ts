import { useCallback } from 'react';
import { ApiError } from '../../../../lib/api';
import { invalidateTrip } from '../../../../lib/invalidate-trip';
import { useWrite } from '../../../../lib/use-write';

const ORDERED_ACCOMMODATION = 'rideHaveOrderedAccommodation';

/** True when a day change must be confirmed and repeated with /force (000 §4). */
export const needsForce = (error: unknown): boolean =>
  error instanceof ApiError && error.code === ORDERED_ACCOMMODATION;

/**
 * Runs one change of a trip through the one way to write (lib/use-write.ts): the trip and its header read again on
 * success (000 §4 "After any successful day change, the trip and its header are reloaded") and after a refusal (the
 * trip may have changed elsewhere: locked, a day removed), and the server's code shown on failure (every refusal,
 * 401/403/404/409/400, has its text in both languages). `run` answers the result, or undefined when the call failed;
 * errors the caller wants to handle itself (the forced variants) are passed to `onError` first.
 */
export function useTripEdit(rideId: number) {
  const { run: write, busy } = useWrite();

  const run = useCallback(
    <T>(call: () => Promise<T>, opts: { success?: string; onError?: (error: unknown) => boolean } = {}) =>
      write(call, {
        ...opts,
        invalidate: (queryClient) => invalidateTrip(queryClient, rideId),
        invalidateOnRefusal: (queryClient) => invalidateTrip(queryClient, rideId),
      }),
    [write, rideId],
  );

  return { run, busy };
}
